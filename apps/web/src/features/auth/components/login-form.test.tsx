import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeTokenPair } from '../../../testing/factories';
import { failNetwork, mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { LoginForm } from './login-form';

const fill = async (email: string, password: string) => {
  const user = userEvent.setup({ delay: null });
  if (email) await user.type(screen.getByLabelText(/email address/i), email);
  if (password) await user.type(screen.getByLabelText(/^password/i), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
};

describe('LoginForm', () => {
  it('requires an email and a password', async () => {
    renderWithProviders(<LoginForm onLoggedIn={vi.fn()} />);
    await fill('', '');
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('rejects an invalid email address', async () => {
    renderWithProviders(<LoginForm onLoggedIn={vi.fn()} />);
    await fill('not-an-email', 'secret');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('logs in and hands the tokens over', async () => {
    const tokens = makeTokenPair();
    const { calls } = mockApi({ 'POST /users/login': reply(200, tokens) });
    const onLoggedIn = vi.fn();
    renderWithProviders(<LoginForm onLoggedIn={onLoggedIn} />);
    await fill('attorney@demo.co.za', 'Demo@12345');
    await waitFor(() =>
      expect(onLoggedIn).toHaveBeenCalledWith(tokens, expect.anything(), undefined, expect.anything()),
    );
    expect(calls[0]?.body).toEqual({ email: 'attorney@demo.co.za', password: 'Demo@12345' });
    expect(calls[0]?.headers.get('Authorization')).toBeNull();
  });

  it("reads 'Signing in...' while submitting", async () => {
    let release: () => void = () => undefined;
    mockApi({
      'POST /users/login': () =>
        new Promise((resolve) => (release = () => resolve(reply(200, makeTokenPair())))),
    });
    renderWithProviders(<LoginForm onLoggedIn={vi.fn()} />);
    await fill('attorney@demo.co.za', 'Demo@12345');
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it.each([
    [401, 'Invalid email or password. Please check your credentials and try again.'],
    [403, 'Access denied. Your account may be suspended or inactive.'],
    [422, 'Invalid login credentials format. Please check your email and password.'],
    [429, 'Too many login attempts. Please wait a moment and try again.'],
    [500, 'Server error. Please try again later.'],
    [418, 'Login failed. Please try again.'],
  ])('shows the message for a %i answer', async (status, message) => {
    mockApi({ 'POST /users/login': reply(status, { detail: 'server words' }) });
    renderWithProviders(<LoginForm onLoggedIn={vi.fn()} />);
    await fill('attorney@demo.co.za', 'Wrong@12345');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it.each([
    [
      'FIRM_INACTIVE',
      "Access denied. Your firm's account has been deactivated. Please contact LexServe support.",
    ],
    [
      'BRANCH_INACTIVE',
      'Access denied. Your branch has been deactivated. Please contact your firm administrator.',
    ],
  ])('names a deactivated firm or branch (%s)', async (code, message) => {
    mockApi({ 'POST /users/login': reply(403, { detail: message, code }) });
    renderWithProviders(<LoginForm onLoggedIn={vi.fn()} />);
    await fill('attorney@demo.co.za', 'Demo@12345');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('shows the network message when the server cannot be reached', async () => {
    failNetwork();
    renderWithProviders(<LoginForm onLoggedIn={vi.fn()} />);
    await fill('attorney@demo.co.za', 'Demo@12345');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please check your connection and try again.',
    );
  });

  it('toggles password visibility and links to forgot password', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LoginForm onLoggedIn={vi.fn()} />);
    const password = screen.getByLabelText(/^password/i);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
