import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeSubscription, makeUser } from '../../../testing/factories';
import { mockApi, reply, type MockRequest } from '../../../testing/api-server';
import { renderApp, renderWithProviders, signIn } from '../../../testing/render';
import { DevelopersSettings } from './developers-settings';

const admin = makeUser({ id: 1, full_name: 'Firm Admin', role: 'firm_admin' });
const KEY = 'lxs_8a1Yb2Xc3Wd4Ve5Uf6Tg7Sh8Ri9Qj0Pk1Ol2Nm3Mn4';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwMfKQ9r8GKYo=';
const existingKey = {
  id: 7,
  name: 'Reporting',
  scope: 'read',
  prefix: 'lxs_Zz9Yy8Xx',
  created_at: '2026-11-01T08:00:00.000Z',
  last_used_at: null,
  created_by: { id: 1, full_name: 'Firm Admin' },
};
const hook = {
  id: 3,
  url: 'https://practice.example.co.za/hooks',
  events: ['document.served'],
  created_at: '2026-11-02T08:00:00.000Z',
  created_by: null,
};
const delivery = {
  id: 11,
  message_id: 'msg_abc',
  event: 'document.served',
  status: 'pending',
  created_at: '2026-11-03T08:00:00.000Z',
  next_retry_at: '2026-11-03T08:00:30.000Z',
  attempts: [
    {
      attempt: 1,
      at: '2026-11-03T08:00:00.000Z',
      status_code: 500,
      response_excerpt: 'upstream exploded',
      error: null,
      duration_ms: 42,
    },
  ],
};

const setup = (handlers: Parameters<typeof mockApi>[0] = {}) => {
  signIn();
  const api = mockApi({
    'GET /users/me': reply(200, admin),
    'GET /api-keys': reply(200, { api_keys: [existingKey] }),
    'GET /webhooks': reply(200, { webhooks: [hook] }),
    ...handlers,
  });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<DevelopersSettings />);
  return { ...api, user };
};

describe('Developers settings', () => {
  it('lists the API keys by prefix, never in full', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getByText('Reporting')).toBeInTheDocument();
    expect(within(table).getByText('Read only')).toBeInTheDocument();
    expect(within(table).getByText('lxs_Zz9Yy8Xx…')).toBeInTheDocument();
    expect(within(table).getByText('Never')).toBeInTheDocument();
  });

  it('creates a key and shows it once with a copy button', async () => {
    const { user, find } = setup({
      'POST /api-keys': (req: MockRequest) =>
        reply(201, {
          id: 8,
          name: (req.body as { name: string }).name,
          scope: 'read_write',
          key: KEY,
          prefix: KEY.slice(0, 12),
          created_at: '2026-11-24T08:00:00.000Z',
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Please enter a name for the key')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Practice system');
    await user.click(within(dialog).getByRole('radio', { name: 'Read and write' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'API key created' });
    expect(within(shown).getByLabelText('API key')).toHaveTextContent(KEY);
    await user.click(within(shown).getByRole('button', { name: 'Copy API key' }));
    expect(await navigator.clipboard.readText()).toBe(KEY);
    expect(within(shown).getByText(/will not be shown again/)).toBeInTheDocument();
    expect(find('POST', '/api-keys')[0]!.body).toEqual({ name: 'Practice system', scope: 'read_write' });
    await user.click(within(shown).getByRole('button', { name: "I've saved it" }));
    await waitFor(() => expect(screen.queryByText(KEY)).not.toBeInTheDocument());
  });

  it('revokes a key only after confirming', async () => {
    const { user, find } = setup({ 'DELETE /api-keys/7': reply(200, { message: 'API key revoked' }) });
    await user.click(await screen.findByRole('button', { name: 'Revoke Reporting' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke API key?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(find('DELETE', '/api-keys/7')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Revoke Reporting' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke API key?' })).getByRole('button', {
        name: 'Revoke key',
      }),
    );
    await waitFor(() => expect(find('DELETE', '/api-keys/7')).toHaveLength(1));
  });

  it('adds an endpoint with the events ticked and shows its signing secret once; shows the server refusal', async () => {
    let refused = true;
    const { user, find } = setup({
      'POST /webhooks': (req: MockRequest) =>
        refused
          ? reply(422, {
              detail:
                'The endpoint URL must point to a public internet address, not a private, loopback, link-local or cloud-metadata address.',
              code: 'WEBHOOK_URL_NOT_PUBLIC',
            })
          : reply(201, { ...hook, id: 4, ...(req.body as object), secret: SECRET }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    await user.type(within(dialog).getByRole('textbox', { name: /Endpoint URL/ }), 'https://10.0.0.5/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Choose at least one event')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /Document served/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Deadline due/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText(/public internet address/)).toBeInTheDocument();

    refused = false;
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    const shown = await screen.findByRole('dialog', { name: 'Webhook endpoint added' });
    expect(within(shown).getByLabelText('Signing secret')).toHaveTextContent(SECRET);
    expect(find('POST', '/webhooks').at(-1)!.body).toEqual({
      url: 'https://10.0.0.5/hook',
      events: ['document.served', 'deadline.due'],
    });
  });

  it('lists deliveries with their answers, sends a test event and deletes an endpoint after confirming', async () => {
    const { user, find } = setup({
      'GET /webhooks/3/deliveries': reply(200, { deliveries: [delivery] }),
      'POST /webhooks/3/test': reply(200, {
        delivery: {
          ...delivery,
          id: 12,
          event: 'webhook.test',
          status: 'succeeded',
          next_retry_at: null,
          attempts: [{ ...delivery.attempts[0], status_code: 200 }],
        },
      }),
      'DELETE /webhooks/3': reply(200, { message: 'Webhook endpoint deleted' }),
    });
    await user.click(await screen.findByRole('button', { name: `Deliveries to ${hook.url}` }));
    const deliveries = await screen.findByRole('table', { name: 'Deliveries' });
    expect(within(deliveries).getByText('Retrying')).toBeInTheDocument();
    expect(within(deliveries).getByText(/HTTP 500 · 42 ms/)).toBeInTheDocument();
    expect(within(deliveries).getByText('upstream exploded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: `Send test event to ${hook.url}` }));
    expect(await screen.findByText('Test event delivered (HTTP 200).')).toBeInTheDocument();
    expect(find('POST', '/webhooks/3/test')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: `Delete ${hook.url}` }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete webhook endpoint?' })).getByRole('button', {
        name: 'Delete endpoint',
      }),
    );
    await waitFor(() => expect(find('DELETE', '/webhooks/3')).toHaveLength(1));
  });
});

describe('Developers settings on a phone', () => {
  it('shows keys and endpoints as cards with their actions in view', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (media) =>
        ({
          matches: media.includes('max-width'),
          media,
          onchange: null,
          addListener: vi.fn(),
          removeListener: vi.fn(),
          addEventListener: vi.fn(),
          removeEventListener: vi.fn(),
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    setup();
    const keyCard = within(await screen.findByRole('list', { name: 'API keys' })).getByRole('listitem');
    expect(keyCard).toHaveTextContent('Reporting');
    expect(within(keyCard).getByText('Last used')).toBeInTheDocument();
    expect(within(keyCard).getByRole('button', { name: 'Revoke Reporting' })).toBeInTheDocument();
    const hookCard = within(await screen.findByRole('list', { name: 'Webhook endpoints' })).getByRole(
      'listitem',
    );
    expect(hookCard).toHaveTextContent('https://practice.example.co.za/hooks');
    expect(
      within(hookCard).getByRole('button', { name: 'Delete https://practice.example.co.za/hooks' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    vi.restoreAllMocks();
  });
});

describe('Developers page access', () => {
  it('is open to firm administrators and sends other roles to the dashboard', async () => {
    signIn();
    mockApi({
      'GET /users/me': reply(200, makeUser({ id: 2, role: 'legal_practitioner' })),
      'GET /subscriptions/my-subscription': reply(200, makeSubscription()),
    });
    const { router } = renderApp('/app/developers');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
  });

  it('shows the Developers page to a firm administrator', async () => {
    signIn();
    mockApi({
      'GET /users/me': reply(200, admin),
      'GET /subscriptions/my-subscription': reply(200, makeSubscription()),
      'GET /api-keys': reply(200, { api_keys: [] }),
      'GET /webhooks': reply(200, { webhooks: [] }),
    });
    renderApp('/app/developers');
    expect(await screen.findByRole('heading', { name: 'Developers', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    expect(screen.getByText('No webhook endpoints yet.')).toBeInTheDocument();
  });
});
