import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeSubscription, makeUser } from '../testing/factories';
import { mockApi, reply } from '../testing/api-server';
import { renderApp, signIn } from '../testing/render';

describe('first login with a generated password', () => {
  it('sends the user to the password page first, then on to where they were going', async () => {
    signIn();
    let changed = false;
    const { find } = mockApi({
      'GET /users/me': () =>
        reply(
          200,
          makeUser({
            id: 9,
            role: 'legal_practitioner',
            email: 'new@firm.co.za',
            must_change_password: !changed,
          }),
        ),
      'GET /subscriptions/my-subscription': reply(200, makeSubscription()),
      'POST /users/change-password': () => {
        changed = true;
        return reply(200, { message: 'Password updated successfully!' });
      },
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/app/dashboard?tab=my-cases');
    await waitFor(() => expect(router.state.location.pathname).toBe('/change-password'), { timeout: 8000 });
    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeInTheDocument();
    expect(screen.getByText(/Please change your password before continuing/)).toBeInTheDocument();
    expect(find('GET', '/documents/')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Temporary Password/), { target: { value: 'Temp@12345' } });
    fireEvent.change(screen.getByLabelText(/^New Password/), { target: { value: 'Chosen@2025' } });
    fireEvent.change(screen.getByLabelText(/Confirm New Password/), { target: { value: 'Chosen@2025' } });
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() =>
      expect(find('POST', '/users/change-password')[0]?.body).toEqual({
        current_password: 'Temp@12345',
        new_password: 'Chosen@2025',
        confirm_password: 'Chosen@2025',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'), { timeout: 8000 });
    expect(router.state.location.search).toBe('?tab=my-cases');
  });
});

describe('sheriff invitation link', () => {
  it('reads "Set your password" on the reset page', async () => {
    mockApi({});
    renderApp('/reset-password?token=abc&invite=1');
    expect(
      await screen.findByRole('heading', { name: 'Set your password' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set Password' })).toBeInTheDocument();
  });
});
