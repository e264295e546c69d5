import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../testing/factories';
import { mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { AddUserDialog } from './add-user-dialog';

const BRANCHES = [
  { id: 1, name: 'Cape Town' },
  { id: 2, name: 'Johannesburg' },
];

const setup = () => {
  const onCreated = vi.fn();
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<AddUserDialog open branches={BRANCHES} onClose={vi.fn()} onCreated={onCreated} />);
  return { user, onCreated };
};

const choose = async (user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) => {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
};

describe('AddUserDialog', () => {
  it('applies the dialog rules', async () => {
    const { calls } = mockApi({});
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Branch is required for legal practitioners')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^email/i), 'bad');
    await user.type(screen.getByLabelText(/^full name/i), 'N');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Full name must be at least 2 characters')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('defaults to legal practitioner with a required branch; branch administrators may have none', async () => {
    mockApi({});
    const { user } = setup();
    expect(screen.getByRole('combobox', { name: /^role/i })).toHaveTextContent('Legal Practitioner');
    expect(screen.getByRole('combobox', { name: /Branch \(Required\)/ })).toBeInTheDocument();
    await choose(user, /Branch \(Required\)/, 'Johannesburg');
    await choose(user, /^role/i, 'Branch Administrator');
    // Choosing branch_admin clears the branch and makes it optional.
    const branch = screen.getByRole('combobox', { name: /Branch \(Optional\)/ });
    expect(branch).not.toHaveTextContent('Johannesburg');
    await user.click(branch);
    expect(
      await screen.findByRole('option', { name: 'No specific branch (firm-level access)' }),
    ).toBeInTheDocument();
  });

  it('creates the user with empty optional fields as null', async () => {
    const created = makeUser({ full_name: 'Naledi Khumalo', role: 'legal_practitioner' });
    const { find } = mockApi({
      'POST /users/create-firm-user': reply(201, { generated_password: 'Xy7#pQ9!aB', user: created }),
    });
    const { user, onCreated } = setup();
    await user.type(screen.getByLabelText(/^email/i), ' naledi@demo.co.za ');
    await user.type(screen.getByLabelText(/^full name/i), 'Naledi Khumalo');
    await choose(user, /Branch \(Required\)/, 'Cape Town');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    await waitFor(() =>
      expect(onCreated).toHaveBeenCalledWith({ generated_password: 'Xy7#pQ9!aB', user: created }),
    );
    expect(find('POST', '/users/create-firm-user')[0]?.body).toEqual({
      email: 'naledi@demo.co.za',
      full_name: 'Naledi Khumalo',
      role: 'legal_practitioner',
      branch_id: 1,
      phone_number: null,
      address: null,
    });
  });

  it.each([
    [409, 'A user with this email already exists.'],
    [403, 'You do not have permission to create users for this firm.'],
  ])('shows the create message for %i', async (status, message) => {
    mockApi({ 'POST /users/create-firm-user': reply(status, { detail: 'x' }) });
    const { user } = setup();
    await user.type(screen.getByLabelText(/^email/i), 'naledi@demo.co.za');
    await user.type(screen.getByLabelText(/^full name/i), 'Naledi Khumalo');
    await choose(user, /^role/i, 'Branch Administrator');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
