import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Alert } from './alert';
import { PasswordField } from './password-field';
import { TextField } from './text-field';

describe('the plain kit of the public pages', () => {
  it('names a text field by its label and ties the helper text to it', () => {
    render(<TextField label="Security ID" helperText="Printed at the bottom of every page." />);
    const input = screen.getByRole('textbox', { name: 'Security ID' });
    expect(input).toHaveAccessibleDescription('Printed at the bottom of every page.');
    expect(input).toHaveAttribute('aria-invalid', 'false');
  });

  it('marks a field in error as invalid, with the message as its description', () => {
    render(<TextField label="Email Address" error helperText="Email is required" />);
    const input = screen.getByRole('textbox', { name: 'Email Address' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Email is required');
  });

  it('shows and hides a password with a named toggle button', async () => {
    const user = userEvent.setup();
    render(<PasswordField label="Password" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('announces an alert with its title, and closes it with a button named Close', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <Alert severity="warning" title="Session Expired" onClose={onClose}>
        Please log in again.
      </Alert>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Session ExpiredPlease log in again.');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
