import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../testing/factories';
import { mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { ProfileSettings, changedProfileFields } from './profile-settings';

const profile = makeUser({
  full_name: 'Sipho Dlamini',
  email: 'attorney@demo.co.za',
  phone_number: '021 555 0101',
  address: null,
  role: 'legal_practitioner',
  role_display_name: 'Legal Practitioner',
  created_at: '2025-03-05T08:00:00Z',
  last_login: '2025-06-01T12:30:00Z',
});

const setup = (handlers: Parameters<typeof mockApi>[0] = {}) => {
  const api = mockApi({ 'GET /users/me/profile': reply(200, profile), ...handlers });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<ProfileSettings />);
  return { ...api, user };
};

const replaceValue = async (user: ReturnType<typeof userEvent.setup>, label: RegExp, value: string) => {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (value) await user.type(input, value);
};

describe('ProfileSettings', () => {
  it('shows the editable fields and the account information in South African dates', async () => {
    setup();
    expect(await screen.findByLabelText(/^full name/i)).toHaveValue('Sipho Dlamini');
    expect(screen.getByLabelText(/^email address/i)).toHaveValue('attorney@demo.co.za');
    expect(screen.getByText('Account Information')).toBeInTheDocument();
    expect(screen.getByText('Legal Practitioner')).toBeInTheDocument();
    expect(screen.getByText('05/03/2025')).toBeInTheDocument();
    expect(screen.getByText('01/06/2025 14:30')).toBeInTheDocument();
  });

  it("says 'No changes to save.' when nothing changed", async () => {
    const { user, find } = setup();
    await screen.findByLabelText(/^full name/i);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('No changes to save.')).toBeInTheDocument();
    expect(find('PUT', '/users/me/profile')).toHaveLength(0);
  });

  it('tracks unsaved changes and resets them', async () => {
    const { user } = setup();
    await screen.findByLabelText(/^full name/i);
    expect(screen.queryByText('You have unsaved changes')).not.toBeInTheDocument();
    await replaceValue(user, /^address/i, '1 Main Road');
    expect(await screen.findByText('You have unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset Changes' }));
    expect(screen.getByLabelText(/^address/i)).toHaveValue('');
    expect(screen.queryByText('You have unsaved changes')).not.toBeInTheDocument();
  });

  it('sends only the changed fields, trimmed, with emptied fields as null', async () => {
    const updated = { ...profile, address: '1 Main Road', phone_number: null };
    const { user, find } = setup({
      'PUT /users/me/profile': reply(200, {
        status: 'success',
        data: updated,
        message: 'Profile updated successfully!',
      }),
    });
    await screen.findByLabelText(/^full name/i);
    await replaceValue(user, /^address/i, '  1 Main Road  ');
    await replaceValue(user, /^phone number/i, '');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(find('PUT', '/users/me/profile')[0]?.body).toEqual({ address: '1 Main Road', phone_number: null });
  });

  it('requires full name and a valid email address', async () => {
    const { user, find } = setup();
    await screen.findByLabelText(/^full name/i);
    await replaceValue(user, /^full name/i, '');
    await replaceValue(user, /^email address/i, 'nope');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(find('PUT', '/users/me/profile')).toHaveLength(0);
  });

  it.each([
    [409, 'Email address is already in use. Please choose a different email.'],
    [422, 'Profile validation failed. Please check all required fields.'],
    [500, 'Failed to update profile. Please try again.'],
  ])('shows the update message for %i', async (status, message) => {
    const { user } = setup({ 'PUT /users/me/profile': reply(status, { detail: 'x' }) });
    await screen.findByLabelText(/^full name/i);
    await replaceValue(user, /^email address/i, 'taken@demo.co.za');
    await replaceValue(user, /^current password/i, 'Demo@12345');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    if (status === 500) expect(screen.getByText('Profile Update Failed')).toBeInTheDocument();
  });

  it('asks for the current password to change the e-mail address, and sends it with the change', async () => {
    const updated = { ...profile, email: 'new@demo.co.za' };
    const { user, find } = setup({
      'PUT /users/me/profile': reply(200, {
        status: 'success',
        data: updated,
        message: 'Profile updated successfully!',
      }),
    });
    await screen.findByLabelText(/^full name/i);
    expect(screen.queryByLabelText(/^current password/i)).not.toBeInTheDocument();
    await replaceValue(user, /^email address/i, 'new@demo.co.za');
    expect(screen.getByLabelText(/^current password/i)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('Enter your current password to change your e-mail address.'),
    ).toBeInTheDocument();
    expect(find('PUT', '/users/me/profile')).toHaveLength(0);
    await replaceValue(user, /^current password/i, 'Demo@12345');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(find('PUT', '/users/me/profile')[0]?.body).toEqual({
      email: 'new@demo.co.za',
      current_password: 'Demo@12345',
    });
  });

  it('shows the server’s words for a wrong current password', async () => {
    const message = 'Current password is incorrect. Your e-mail address was not changed.';
    const { user } = setup({
      'PUT /users/me/profile': reply(400, { detail: message, code: 'EMAIL_CHANGE_WRONG_PASSWORD' }),
    });
    await screen.findByLabelText(/^full name/i);
    await replaceValue(user, /^email address/i, 'new@demo.co.za');
    await replaceValue(user, /^current password/i, 'Wrong@1234');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it.each([
    [404, 'User profile not found. Please contact support.'],
    [500, 'Failed to load profile. Please try again.'],
  ])('shows the load message for %i', async (status, message) => {
    mockApi({ 'GET /users/me/profile': reply(status, { detail: 'x' }) });
    renderWithProviders(<ProfileSettings />);
    await waitFor(() => expect(screen.getByText(message)).toBeInTheDocument());
  });
});

describe('changedProfileFields', () => {
  it('never nulls the email address and ignores whitespace-only edits', () => {
    const base = {
      full_name: 'Sipho Dlamini',
      email: 'attorney@demo.co.za',
      phone_number: '021 555 0101',
      address: '',
    };
    expect(changedProfileFields(profile, { ...base, full_name: ' Sipho Dlamini ' })).toEqual({});
    expect(changedProfileFields(profile, { ...base, email: '' })).toEqual({});
    expect(changedProfileFields(profile, { ...base, address: '   ' })).toEqual({});
  });
});
