import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../testing/factories';
import { mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders, signIn } from '../../../testing/render';
import { makePlan } from '../../../testing/subscription-factories';
import { handOffAddress } from '../api/initiate-payment';
import { PlanConfirmationDialog } from './plan-confirmation-dialog';

const init = (payfastUrl: string) =>
  reply(200, {
    payfast_url: payfastUrl,
    form_data: { merchant_id: '10000100', amount: '499.00', signature: 'sig-1' },
    payment_id: 9,
    payment_reference: 'LS-9',
    signature: 'sig-1',
    amount: '499.00',
  });

const open = (payfastUrl: string, handOffTimeoutMs = 60_000) => {
  signIn();
  mockApi({
    'GET /users/me': reply(200, makeUser({ id: 5 })),
    'POST /payments/generate-signature': init(payfastUrl),
  });
  const submitForm = vi.fn();
  renderWithProviders(
    <PlanConfirmationDialog
      open
      plan={makePlan({ id: 1, display_name: 'Small Practice' })}
      subscriptionId={42}
      amount="499.00"
      billingCycle="monthly"
      trialDays={0}
      onClose={() => {}}
      submitForm={submitForm}
      handOffTimeoutMs={handOffTimeoutMs}
    />,
  );
  return { submitForm, user: userEvent.setup({ delay: null }) };
};

describe('the payment hand-off', () => {
  it('posts to the simulator on the current origin, whatever host PUBLIC_URL names', async () => {
    const { submitForm, user } = open('https://lexserve.example/api/v1/payments/simulator/process');
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(submitForm).toHaveBeenCalled());
    expect(submitForm.mock.calls[0]![0]).toBe(`${window.location.origin}/api/v1/payments/simulator/process`);
  });

  it("keeps PayFast's own address", () => {
    expect(handOffAddress('https://sandbox.payfast.co.za/eng/process', 'http://localhost:3000')).toBe(
      'https://sandbox.payfast.co.za/eng/process',
    );
    expect(
      handOffAddress('http://other:8080/api/v1/payments/simulator/process', 'http://localhost:3000'),
    ).toBe('http://localhost:3000/api/v1/payments/simulator/process');
  });

  it("goes back to the confirmation with 'Try Again' when the browser has not left in time", async () => {
    const { submitForm, user } = open('https://sandbox.payfast.co.za/eng/process', 50);
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(submitForm).toHaveBeenCalled());
    const dialog = screen.getByRole('dialog');
    expect(
      await within(dialog).findByText('We could not open the payment page. Please try again.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(sessionStorage.getItem('pending_payment')).toBeNull();
  });

  it('goes back at once when the browser blocks the post (CSP form-action)', async () => {
    const { submitForm, user } = open('https://sandbox.payfast.co.za/eng/process');
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(submitForm).toHaveBeenCalled());
    expect(screen.getByText('Preparing your payment...')).toBeInTheDocument();
    act(() => {
      const event = new Event('securitypolicyviolation') as Event & {
        effectiveDirective: string;
        violatedDirective: string;
      };
      Object.assign(event, { effectiveDirective: 'form-action', violatedDirective: 'form-action' });
      document.dispatchEvent(event);
    });
    expect(
      await screen.findByText('We could not open the payment page. Please try again.'),
    ).toBeInTheDocument();
  });
});
