import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../testing/factories';
import { mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders, signIn } from '../../../testing/render';
import { makePlan } from '../../../testing/subscription-factories';
import { PlansPage } from './plans-page';
import { PublicPlansPage } from './public-plans-page';

const small = makePlan({
  id: 1,
  name: 'small_practice',
  display_name: 'Small Practice',
  monthly_price: '499.00',
  trial_days: 14,
});
const medium = makePlan({
  id: 2,
  name: 'medium_large_firm',
  display_name: 'Medium / Large Firm',
  monthly_price: '1499.00',
  is_featured: true,
});
const enterprise = makePlan({
  id: 3,
  name: 'enterprise',
  display_name: 'Enterprise',
  monthly_price: null,
  is_contact_sales: true,
});
const plansAnswer = { plans: [medium, enterprise, small], total: 3 };

const setup = (
  handlers: Parameters<typeof mockApi>[0] = {},
  role: 'firm_admin' | 'legal_practitioner' = 'firm_admin',
) => {
  signIn();
  const api = mockApi({
    'GET /users/me': reply(
      200,
      makeUser({ id: 5, role, full_name: 'Naledi Khumalo', email: 'naledi@firm.co.za' }),
    ),
    'GET /subscriptions/plans/featured': reply(200, { plans: [medium], total: 1 }),
    'GET /subscriptions/plans': reply(200, plansAnswer),
    'GET /subscriptions/my-subscription': reply(404, {
      detail: 'No active subscription found. Please select a subscription plan.',
    }),
    ...handlers,
  });
  const user = userEvent.setup({ delay: null });
  const view = renderWithProviders(<PlansPage />, { route: '/app/plans' });
  return { ...api, ...view, user };
};

describe('PlansPage (spec 2.3, 2.4)', () => {
  it('shows every plan sorted by monthly price with prices, trial chip and the popular mark', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Choose Your Plan' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('plan-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Small Practice',
      'Medium / Large Firm',
      'Enterprise',
    ]);
    expect(within(cards[0]!).getByText('R 499.00')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('14 days free trial')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Most Popular')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('Contact Us')).toBeInTheDocument();
    expect(
      within(cards[2]!).getByRole('button', { name: 'Contact sales about Enterprise' }),
    ).toBeInTheDocument();
  });

  it('falls back to all plans when the featured call fails', async () => {
    setup({ 'GET /subscriptions/plans/featured': reply(500, { detail: 'boom' }) });
    expect(await screen.findAllByTestId('plan-card')).toHaveLength(3);
  });

  it("shows the spec's message when plans cannot be loaded", async () => {
    setup({
      'GET /subscriptions/plans/featured': reply(500, {}),
      'GET /subscriptions/plans': reply(500, {}),
    });
    expect(
      await screen.findByText('Failed to load subscription plans. Please try again later.'),
    ).toBeInTheDocument();
  });

  it('selects the plan monthly, then posts the signed form to the provider with a pending payment record', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const { user, find } = setup({
      'POST /subscriptions/select-plan': reply(201, {
        status: 'success',
        message: 'Plan selected successfully',
        subscription_id: 42,
        data: {
          subscription_id: 42,
          id: 42,
          plan_id: 1,
          billing_cycle: 'monthly',
          status: 'pending',
          amount: '499.00',
          trial_days: 14,
          first_charge_date: '2025-06-15',
        },
      }),
      'POST /payments/generate-signature': reply(200, {
        payfast_url: 'http://localhost/api/v1/payments/simulator/process',
        form_data: {
          merchant_id: '10000100',
          amount: ' 0.00 ',
          item_name: 'LexServe Small Practice',
          name_last: '',
          signature: 'sig-1',
        },
        payment_id: 9,
        payment_reference: 'LS-9',
        signature: 'sig-1',
        amount: '0.00',
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Choose Plan: Small Practice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Your Plan Selection' });
    expect(find('POST', '/subscriptions/select-plan')[0]?.body).toEqual({
      plan_id: 1,
      billing_cycle: 'monthly',
    });
    expect(within(dialog).getByText('14 days free trial included')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        "Start your free trial today. You won't be charged until your trial period ends.",
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('First Charge')).toBeInTheDocument();
    expect(within(dialog).getByText('Monthly')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(find('POST', '/payments/generate-signature')[0]?.body).toEqual({ subscription_id: 42 });
    const form = document.querySelector<HTMLFormElement>(
      // The simulator is this server: posted on the page's own origin.
      `form[action="${window.location.origin}/api/v1/payments/simulator/process"]`,
    );
    expect(form?.method).toBe('post');
    const fields = Object.fromEntries(
      [...form!.querySelectorAll('input')].map((input) => [input.name, input.value]),
    );
    expect(fields).toEqual({
      merchant_id: '10000100',
      amount: '0.00',
      item_name: 'LexServe Small Practice',
      signature: 'sig-1',
    });
    const pending = JSON.parse(sessionStorage.getItem('pending_payment') ?? '{}');
    expect(pending).toMatchObject({
      subscriptionId: 42,
      planId: 1,
      planName: 'Small Practice',
      paymentSignature: 'sig-1',
      paymentId: 9,
      paymentReference: 'LS-9',
      trialDays: 14,
      userId: 5,
    });
    expect(screen.getByText('Preparing your payment...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('returns to the confirmation step with the error and Try Again when the payment cannot start', async () => {
    const { user } = setup({
      'POST /subscriptions/select-plan': reply(201, {
        subscription_id: 42,
        data: { subscription_id: 42, amount: '499.00', trial_days: 0, billing_cycle: 'monthly' },
      }),
      'POST /payments/generate-signature': reply(503, {
        detail: 'Failed to initialize payment. Please try again.',
        code: 'PAYMENT_INIT_FAILED',
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Choose Plan: Small Practice' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Buy Now' }));
    expect(
      await within(dialog).findByText('Failed to initialize payment. Please try again.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(sessionStorage.getItem('pending_payment')).toBeNull();
  });

  it('shows the 409 message when the firm already has a subscription', async () => {
    const { user } = setup({
      'POST /subscriptions/select-plan': reply(409, { detail: 'x', code: 'ALREADY_SUBSCRIBED' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Choose Plan: Small Practice' }));
    expect(
      await screen.findByText(
        'You already have an active subscription. Please cancel or upgrade your current plan.',
      ),
    ).toBeInTheDocument();
  });

  it('opens the sales-contact form for a plan without a price and sends it', async () => {
    const { user, find } = setup({
      'POST /subscriptions/sales-contact': reply(201, { id: 1, message: 'ok' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Contact sales about Enterprise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Talk to sales about Enterprise' });
    expect(within(dialog).getByLabelText(/Your Name/)).toHaveValue('Naledi Khumalo');
    await user.type(within(dialog).getByLabelText(/How can we help/), 'Twelve branches');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(
      await within(dialog).findByText(
        'Sales contact request submitted! Our team will reach out to you within 24 hours.',
      ),
    ).toBeInTheDocument();
    expect(find('POST', '/subscriptions/sales-contact')[0]?.body).toMatchObject({
      name: 'Naledi Khumalo',
      email: 'naledi@firm.co.za',
      plan_id: 3,
      message: 'Twelve branches',
    });
  });

  it('lets only the firm administrator choose a priced plan', async () => {
    setup({}, 'legal_practitioner');
    expect(await screen.findByText('Only your firm administrator can choose a plan')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose Plan: Small Practice' })).toBeDisabled();
  });
});

describe('PublicPlansPage (spec 2.3)', () => {
  it('sends a visitor who chooses a plan to login with the plan and the message', async () => {
    mockApi({
      'GET /subscriptions/plans/featured': reply(200, plansAnswer),
      'GET /subscriptions/plans': reply(200, plansAnswer),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderWithProviders(<PublicPlansPage />, {
      route: '/plans',
      extraRoutes: [{ path: '/login', element: <p>login page</p> }],
    });
    await user.click(await screen.findByRole('button', { name: 'Choose Plan: Medium / Large Firm' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({
      message: 'Please log in to select a subscription plan.',
      from: '/app/plans',
      returnState: { selectedPlan: 2 },
    });
  });
});
