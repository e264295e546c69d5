import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, reply } from '../testing/api-server';
import { makeFirmOverview, makeSubscription, makeUser } from '../testing/factories';
import { renderApp, renderWithProviders, signIn } from '../testing/render';
import { DEMO_NOTICE, DemoInstallationNote } from './demo-notice';

describe('demo installation note', () => {
  it('shows the note when the server says it is a demo', async () => {
    mockApi({ 'GET /meta.json': reply(200, { version: '1', demo: true }) });
    renderWithProviders(<DemoInstallationNote />);
    expect(await screen.findByText(DEMO_NOTICE)).toBeInTheDocument();
  });

  it('shows nothing on a production installation or when /meta.json cannot be read', async () => {
    const api = mockApi({ 'GET /meta.json': reply(200, { version: '1', demo: false }) });
    renderWithProviders(<DemoInstallationNote />);
    await waitFor(() => expect(api.find('GET', '/meta.json')).toHaveLength(1));
    expect(screen.queryByText(DEMO_NOTICE)).not.toBeInTheDocument();
  });

  it('is in the footer of the public pages', async () => {
    mockApi({ 'GET /meta.json': reply(200, { demo: true }) });
    renderApp('/about');
    const note = await screen.findByText(DEMO_NOTICE);
    expect(note.closest('footer')).not.toBeNull();
  });

  it('holds the public footer back until the server has said whether it is a demo (no layout shift when the note comes)', async () => {
    mockApi({ 'GET /meta.json': reply(200, { demo: true }) });
    const { container } = renderApp('/about');
    const footer = () => container.querySelector('footer');
    await waitFor(() => expect(footer()).not.toBeNull());
    expect(footer()).toHaveClass('ls-footer--pending');
    await screen.findByText(DEMO_NOTICE);
    expect(footer()).not.toHaveClass('ls-footer--pending');
  });

  it('is at the foot of the signed-in screens', async () => {
    signIn();
    mockApi({
      'GET /meta.json': reply(200, { demo: true }),
      'GET /users/me': reply(200, makeUser({ id: 1, role: 'firm_admin', full_name: 'Test User' })),
      'GET /subscriptions/my-subscription': reply(200, makeSubscription()),
      'GET /users/firm-branches-with-users': reply(200, makeFirmOverview()),
    });
    renderApp('/app/dashboard');
    const note = await screen.findByText(DEMO_NOTICE);
    expect(note.closest('footer')).not.toBeNull();
  });
});
