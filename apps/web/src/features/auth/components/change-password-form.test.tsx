import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { ChangePasswordForm } from './change-password-form';

const fill = async (current: string, next: string, confirm: string) => {
  const user = userEvent.setup({ delay: null });
  if (current) await user.type(screen.getByLabelText(/^current password/i), current);
  if (next) await user.type(screen.getByLabelText(/^new password/i), next);
  if (confirm) await user.type(screen.getByLabelText(/^confirm new password/i), confirm);
  await user.click(screen.getByRole('button', { name: 'Update Password' }));
};

describe('ChangePasswordForm', () => {
  it('applies the form-level rules', async () => {
    renderWithProviders(<ChangePasswordForm />);
    await fill('', 'short', '');
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('New password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your new password')).toBeInTheDocument();
  });

  it('requires letters of both cases and a number, and a matching confirmation', async () => {
    renderWithProviders(<ChangePasswordForm />);
    await fill('Old@12345', 'alllowercase', 'different');
    expect(
      await screen.findByText(
        'New password must contain at least one lowercase letter, one uppercase letter, and one number',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
  });

  it('updates the password, shows the success message and clears the form', async () => {
    const { find } = mockApi({
      'POST /users/change-password': reply(200, { message: 'Password updated successfully!' }),
    });
    renderWithProviders(<ChangePasswordForm />);
    await fill('Demo@12345', 'NewPass123', 'NewPass123');
    expect(await screen.findByText('Password updated successfully!')).toBeInTheDocument();
    expect(find('POST', '/users/change-password')[0]?.body).toEqual({
      current_password: 'Demo@12345',
      new_password: 'NewPass123',
      confirm_password: 'NewPass123',
    });
    await waitFor(() => expect(screen.getByLabelText(/^current password/i)).toHaveValue(''));
    expect(screen.getByLabelText(/^new password/i)).toHaveValue('');
  });

  it.each([
    [401, 'Current password is incorrect.'],
    [400, 'Invalid password data. Please check your input.'],
    [500, 'Failed to update password. Please try again.'],
  ])('shows the message for %i', async (status, message) => {
    const { find } = mockApi({ 'POST /users/change-password': reply(status, { detail: 'x' }) });
    renderWithProviders(<ChangePasswordForm />);
    await fill('Wrong@12345', 'NewPass123', 'NewPass123');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    // A wrong current password is not an expired session: no refresh attempt.
    expect(find('POST', '/users/refresh')).toHaveLength(0);
  });

  it('lists the password requirements', () => {
    renderWithProviders(<ChangePasswordForm />);
    expect(screen.getByText('At least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('At least one uppercase letter')).toBeInTheDocument();
  });
});
