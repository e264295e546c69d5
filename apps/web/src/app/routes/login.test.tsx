import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getAccessToken } from '../../lib/session-store';
import { makeSubscription, makeTokenPair, makeUser } from '../../testing/factories';
import { mockApi, reply } from '../../testing/api-server';
import { renderApp } from '../../testing/render';
import { returnPathFrom } from './login';

describe('Login page', () => {
  it("shows the 'Session Expired' warning and removes the reason when it is closed", async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/login?reason=session_expired');
    expect(await screen.findByText('Session Expired')).toBeInTheDocument();
    expect(
      screen.getByText('Your session has expired due to inactivity. Please log in again to continue.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /close/i }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText('Session Expired')).not.toBeInTheDocument();
  });

  it('shows a message from the navigation state as a success alert', async () => {
    const { router } = renderApp('/');
    await router.navigate('/login', { state: { message: 'Please log in to select a subscription plan.' } });
    expect(await screen.findByText('Please log in to select a subscription plan.')).toBeInTheDocument();
  });

  it('shows one message at a time: a failed login puts away the earlier success message', async () => {
    mockApi({
      'POST /users/login': reply(401, {
        detail: 'Invalid email or password. Please check your credentials and try again.',
      }),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/');
    await router.navigate('/login', {
      state: { message: 'Account created successfully! Please log in with your credentials.' },
    });
    expect(
      await screen.findByText('Account created successfully! Please log in with your credentials.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(/email address/i), 'firmadmin@demo.co.za');
    await user.type(screen.getByLabelText(/^password/i), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(/Invalid email or password/)).toBeInTheDocument();
    expect(
      screen.queryByText('Account created successfully! Please log in with your credentials.'),
    ).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('returns to the page the user came from after login', async () => {
    mockApi({
      'POST /users/login': reply(200, makeTokenPair()),
      'GET /users/me': reply(200, makeUser({ role: 'firm_admin' })),
      'GET /subscriptions/my-subscription': reply(200, makeSubscription()),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/app/profile');
    // Not signed in: the guard sends the visitor to /login and remembers /app/profile.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await user.type(await screen.findByLabelText(/email address/i), 'firmadmin@demo.co.za');
    await user.type(screen.getByLabelText(/^password/i), 'Demo@12345');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/profile'));
    expect(getAccessToken()).toBe('access-1');
  });

  it('goes to /dashboard when there is no page to return to', () => {
    expect(returnPathFrom(null)).toBe('/dashboard');
    expect(returnPathFrom({ from: '/app/plans' })).toBe('/app/plans');
    expect(returnPathFrom({ from: { pathname: '/app/dashboard', search: '?tab=my-cases' } })).toBe(
      '/app/dashboard?tab=my-cases',
    );
    expect(returnPathFrom({ from: 'https://evil.example' })).toBe('/dashboard');
    expect(returnPathFrom({ from: '//evil.example' })).toBe('/dashboard');
  });
});
