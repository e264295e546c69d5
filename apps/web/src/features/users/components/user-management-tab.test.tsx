import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeFirmOverview, makeUser } from '../../../testing/factories';
import { mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders, signIn } from '../../../testing/render';
import { UserManagementTab } from './user-management-tab';

const me = makeUser({ id: 1, full_name: 'Firm Admin', role: 'firm_admin', branch_id: 10 });
const practitioner = makeUser({
  id: 2,
  full_name: 'Sipho Dlamini',
  role: 'legal_practitioner',
  branch_id: 10,
  phone_number: '021 555 0101',
});
const branchAdmin = makeUser({
  id: 3,
  full_name: 'Lerato Nkosi',
  role: 'branch_admin',
  branch_id: null,
  is_active: false,
});

const overview = makeFirmOverview({
  total_branches: 1,
  total_users: 3,
  active_branches: 1,
  active_users: 2,
  branches: [
    {
      id: 10,
      name: 'Cape Town',
      practice_number: 'PN-001',
      total_users: 2,
      contact_email: 'ct@demo.co.za',
      contact_phone: null,
      address: '1 Long Street',
      digital_service_address: 'dsa.ct@demo.co.za',
      is_active: true,
      users: [me, practitioner],
    },
  ],
  unassigned_users: [branchAdmin],
});

const setup = (handlers: Parameters<typeof mockApi>[0] = {}) => {
  signIn();
  const api = mockApi({
    'GET /users/me': reply(200, me),
    'GET /users/firm-branches-with-users': reply(200, overview),
    ...handlers,
  });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<UserManagementTab />);
  return { ...api, user };
};

describe('UserManagementTab', () => {
  it('shows the stat cards, the branch (expanded when it is the only one) and unassigned users', async () => {
    setup();
    expect(await screen.findByText('Total Branches')).toBeInTheDocument();
    for (const label of ['Total Users', 'Active Branches', 'Active Users'])
      expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getByText('Branches & Users')).toBeInTheDocument();
    expect(screen.getByText('DSA: dsa.ct@demo.co.za')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Users of Cape Town' });
    expect(within(table).getByText('Sipho Dlamini')).toBeInTheDocument();
    expect(within(table).getByText('021 555 0101')).toBeInTheDocument();
    expect(screen.getByText('Unassigned Users (1)')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Unassigned users' })).getByText('Inactive'),
    ).toBeInTheDocument();
  });

  it('protects the own account', async () => {
    setup();
    const ownActions = await screen.findByRole('button', { name: /Actions for Firm Admin/ });
    expect(ownActions).toBeDisabled();
    expect(ownActions).toHaveAccessibleName('Actions for Firm Admin (You cannot modify your own account)');
  });

  it('creates a user and shows the generated password once', async () => {
    const created = makeUser({
      id: 4,
      full_name: 'Naledi Khumalo',
      email: 'naledi@demo.co.za',
      role: 'branch_admin',
    });
    const { user } = setup({
      'POST /users/create-firm-user': reply(201, { generated_password: 'Xy7#pQ9!aB', user: created }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add New User' }));
    await user.type(screen.getByLabelText(/^email/i), 'naledi@demo.co.za');
    await user.type(screen.getByLabelText(/^full name/i), 'Naledi Khumalo');
    await user.click(screen.getByRole('combobox', { name: /^role/i }));
    await user.click(await screen.findByRole('option', { name: 'Branch Administrator' }));
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('User Created Successfully!')).toBeInTheDocument();
    expect(screen.getByLabelText('Generated password')).toHaveTextContent('Xy7#pQ9!aB');
    expect(
      screen.getByText(
        'Please save this password securely and share it with the user. This password will not be shown again.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy password to clipboard' }));
    expect(await screen.findByText('Copied to clipboard!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "I've Saved the Password" }));
    await waitFor(() => expect(screen.queryByText('User Created Successfully!')).not.toBeInTheDocument());
  });

  it('changes a role with a reason', async () => {
    const { user, find } = setup({
      'PUT /users/change-role/2': reply(200, { status: 'success', data: practitioner, message: 'ok' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for Sipho Dlamini' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change User Role' });
    // The other role is preselected; a branch administrator needs no branch.
    expect(within(dialog).getByRole('combobox', { name: /new role/i })).toHaveTextContent(
      'Branch Administrator',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Change Role' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^reason/i), 'Promoted to run the branch');
    await user.click(within(dialog).getByRole('button', { name: 'Change Role' }));
    await waitFor(() =>
      expect(find('PUT', '/users/change-role/2')[0]?.body).toEqual({
        new_role: 'branch_admin',
        reason: 'Promoted to run the branch',
        new_branch_id: null,
      }),
    );
  });

  it('deactivates a user with a reason and shows the conflict message', async () => {
    const { user } = setup({ 'PUT /users/activate-deactivate/2': reply(409, { detail: 'x' }) });
    await user.click(await screen.findByRole('button', { name: 'Actions for Sipho Dlamini' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deactivate User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate User' });
    expect(within(dialog).getByText('Active')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^reason/i), 'Left the firm');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate User' }));
    expect(
      await within(dialog).findByText('Cannot perform this action. The user may have restrictions.'),
    ).toBeInTheDocument();
  });

  it.each([
    [404, 'No firm data found. Please contact your administrator.'],
    [403, 'You do not have permission to view users. Please contact your administrator.'],
  ])('shows the load message for %i', async (status, message) => {
    setup({ 'GET /users/firm-branches-with-users': reply(status, { detail: 'x' }) });
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
