import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { savePaymentContext, savePendingPayment, type PendingPayment } from '../../../lib/payment-session';
import { makeUser } from '../../../testing/factories';
import { mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders, signIn } from '../../../testing/render';
import { makeMySubscription, makePayment } from '../../../testing/subscription-factories';
import { CardUpdateSuccessPage } from './card-update-success-page';
import { PaymentCancelPage } from './payment-cancel-page';
import { PaymentSuccessPage } from './payment-success-page';

const pending: PendingPayment = {
  subscriptionId: 7,
  planId: 1,
  planName: 'Small Practice',
  planDescription: null,
  amount: '499.00',
  billingCycle: 'monthly',
  timestamp: Date.now(),
  userId: 3,
  userEmail: 'owner@firm.co.za',
  trialDays: 0,
  paymentSignature: 'sig-1',
  paymentId: 11,
  paymentReference: 'LS-20250601-ABC',
};

const me = makeUser({ id: 3, role: 'firm_admin', full_name: 'Naledi Khumalo' });
const landing = [
  { path: '/app/dashboard', element: <p>dashboard page</p> },
  { path: '/app/plans', element: <p>plans page</p> },
];

describe('PaymentSuccessPage (spec 2.5)', () => {
  const setup = (handlers: Parameters<typeof mockApi>[0] = {}) => {
    signIn();
    const api = mockApi({
      'GET /users/me': reply(200, me),
      'GET /subscriptions/my-subscription': reply(200, makeMySubscription()),
      ...handlers,
    });
    const user = userEvent.setup({ delay: null });
    const view = renderWithProviders(<PaymentSuccessPage />, {
      route: '/app/payment/success',
      extraRoutes: landing,
    });
    return { ...api, ...view, user };
  };

  it('shows the invalid link view without a stored pending payment', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Invalid Payment Link' })).toBeInTheDocument();
    expect(screen.getByText('This payment verification link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/app/plans');
  });

  it('discards a pending payment older than 2 hours', async () => {
    savePendingPayment({ ...pending, timestamp: Date.now() - 7_300_000 });
    setup();
    expect(await screen.findByRole('heading', { name: 'Invalid Payment Link' })).toBeInTheDocument();
  });

  it('reads "Thank you for your payment…" (the general reading) while the subscription is read again', async () => {
    savePendingPayment(pending);
    setup({
      'GET /payments/payment/by-signature/sig-1': reply(200, makePayment({ amount: '499.00' })),
      'GET /subscriptions/my-subscription': () => new Promise<Response>(() => {}),
    });
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(
      screen.getByText('Thank you for your payment. Your subscription has been activated successfully.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/plan is now active/)).not.toBeInTheDocument();
  });

  it('shows the completed payment, re-checks the subscription and continues to the dashboard', async () => {
    savePendingPayment(pending);
    const { user, find } = setup({
      'GET /payments/payment/by-signature/sig-1': reply(
        200,
        makePayment({ amount: '499.00', pf_payment_id: '998877' }),
      ),
    });
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    const details = screen.getByLabelText('Payment details');
    expect(within(details).getByText('LS-20250601-ABC')).toBeInTheDocument();
    expect(within(details).getByText('R 499.00')).toBeInTheDocument();
    expect(within(details).getByText('998877')).toBeInTheDocument();
    expect(
      await screen.findByText('Payment successful! Your Small Practice plan is now active.'),
    ).toBeInTheDocument();
    // One reading at a time: the plan's own replaces the general one once the re-check has confirmed it.
    expect(
      screen.queryByText('Thank you for your payment. Your subscription has been activated successfully.'),
    ).not.toBeInTheDocument();
    expect(find('GET', '/subscriptions/my-subscription').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Continue to Dashboard' }));
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(sessionStorage.getItem('pending_payment')).toBeNull();
  });

  it('shows the processing view while the payment is pending', async () => {
    savePendingPayment(pending);
    setup({ 'GET /payments/payment/by-signature/sig-1': reply(200, makePayment({ status: 'pending' })) });
    expect(await screen.findByRole('heading', { name: 'Payment Processing' })).toBeInTheDocument();
  });

  it('shows the failed view when the lookup fails, with the support contact', async () => {
    savePendingPayment(pending);
    const { user } = setup({ 'GET /payments/payment/by-signature/sig-1': reply(500, { detail: 'boom' }) });
    expect(await screen.findByRole('heading', { name: 'Payment Verification Failed' })).toBeInTheDocument();
    expect(
      screen.getByText('If payment was deducted from your account, please contact support immediately.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Contact Support' }));
    expect(screen.getByRole('link', { name: 'support@lexserve.co.za' })).toBeInTheDocument();
  });
});

describe('PaymentCancelPage (spec 2.6)', () => {
  const setup = (route: string, handlers: Parameters<typeof mockApi>[0] = {}) => {
    signIn();
    const api = mockApi({ 'GET /users/me': reply(200, me), ...handlers });
    const user = userEvent.setup({ delay: null });
    const view = renderWithProviders(<PaymentCancelPage />, { route, extraRoutes: landing });
    return { ...api, ...view, user };
  };

  it('shows the stored payment details once, the reason from the query, and retries with the plan', async () => {
    savePaymentContext({
      planName: 'Small Practice',
      amount: '499.00',
      payment_reference: 'LS-1',
      planId: 1,
      paymentId: 11,
    });
    const { user, router } = setup('/app/payment/cancel?cancel_reason=Card%20declined');
    expect(await screen.findByRole('heading', { name: 'Payment Cancelled' })).toBeInTheDocument();
    expect(
      screen.getByText('Your payment was cancelled and no charges were made to your account.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Card declined')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Cancelled payment details')).getByText('LS-1')).toBeInTheDocument();
    await waitFor(() => expect(sessionStorage.getItem('payment_context')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Retry Small Practice Payment' }));
    expect(await screen.findByText('plans page')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({
      selectedPlan: 1,
      message: 'Your previous payment was cancelled. You can try again below.',
    });
  });

  it("says 'Payment was cancelled by user' for a cancelled status and offers 'Try Payment Again' without a plan", async () => {
    setup('/app/payment/cancel?payment_status=cancelled');
    expect(await screen.findByText('Payment was cancelled by user')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Payment Again' })).toBeInTheDocument();
  });

  it('sends and stores the feedback, then goes to the dashboard', async () => {
    savePaymentContext({
      planName: 'Small Practice',
      amount: '499.00',
      payment_reference: 'LS-1',
      planId: 1,
      paymentId: 11,
    });
    const { user, find } = setup('/app/payment/cancel', {
      'POST /payments/cancel-feedback': reply(201, { message: 'Thank you' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Contact Support' }));
    const dialog = await screen.findByRole('dialog', { name: 'What made you cancel the payment?' });
    const submit = within(dialog).getByRole('button', { name: 'Submit Feedback' });
    expect(submit).toBeDisabled();
    await user.click(within(dialog).getByLabelText('The price was too high'));
    await user.type(within(dialog).getByLabelText(/Anything else/), 'Too dear for now');
    await user.click(submit);
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(find('POST', '/payments/cancel-feedback')[0]?.body).toEqual({
      payment_id: 11,
      reason: 'pricing',
      feedback: 'Too dear for now',
    });
  });

  it('closes the feedback dialog on Skip without sending anything', async () => {
    const { user, find } = setup('/app/payment/cancel');
    await user.click(await screen.findByRole('button', { name: 'Contact Support' }));
    await user.click(await screen.findByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(find('POST', '/payments/cancel-feedback')).toHaveLength(0);
  });
});

describe('CardUpdateSuccessPage (spec 2.7)', () => {
  it('shows the subscription, who updated it and when', async () => {
    signIn();
    mockApi({ 'GET /users/me': reply(200, me) });
    renderWithProviders(<CardUpdateSuccessPage />, {
      route: '/app/payment/card-update-success?subscription_id=42',
    });
    expect(await screen.findByRole('heading', { name: 'Payment Method Updated!' })).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(await screen.findByText('Naledi Khumalo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Subscription' })).toHaveAttribute(
      'href',
      '/app/user-plan',
    );
  });
});
