import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../testing/factories';
import { mockApi, reply } from '../../testing/api-server';
import { renderWithProviders, signIn } from '../../testing/render';
import { AdminNavBar } from './admin-nav-bar';

const open = async (fullName: string) => {
  signIn();
  const user = makeUser({ id: 2, role: 'system_admin', full_name: fullName, firm_id: null });
  mockApi({ 'GET /users/me': reply(200, user) });
  renderWithProviders(<AdminNavBar user={user} onLogout={() => {}} />, { route: '/app/admin' });
  await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Open admin menu' }));
  return screen.findByRole('navigation', { name: 'Admin Menu' });
};

describe('the admin drawer', () => {
  it('says "System Administrator" once when that is the person’s name', async () => {
    const drawer = await open('System Administrator');
    expect(within(drawer).getAllByText('System Administrator')).toHaveLength(1);
  });

  it('shows the role and the name of a named administrator', async () => {
    const drawer = await open('Thandi Mokoena');
    expect(within(drawer).getByText('System Administrator')).toBeInTheDocument();
    expect(within(drawer).getByText('Thandi Mokoena')).toBeInTheDocument();
  });
});
