import type { PlanChangeConfirmation, PlanChangePreview } from '@lexserve/contracts/subscriptions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../testing/factories';
import { mockApi, reply } from '../../../testing/api-server';
import { renderWithProviders, signIn } from '../../../testing/render';
import {
  makeMySubscription,
  makePayment,
  makePlan,
  makeUsage,
} from '../../../testing/subscription-factories';
import { CancelSubscriptionPage } from './cancel-subscription-page';
import { ChangePlanPage } from './change-plan-page';
import { PlanChangeConfirmationPage } from './plan-change-confirmation-page';
import { PlanChangePreviewPage } from './plan-change-preview-page';
import { SubscriptionDashboardPage } from './subscription-dashboard-page';
import { UsageHistoryPage } from './usage-history-page';

const me = makeUser({ id: 3, role: 'firm_admin' });
const summary = (id: number, name: string, price: string) => ({
  id,
  name,
  display_name: name,
  description: null,
  monthly_price: price,
});

const setup = (
  ui: React.ReactElement,
  route: string,
  handlers: Parameters<typeof mockApi>[0] = {},
  extraRoutes = [] as { path: string; element: React.ReactElement }[],
) => {
  signIn();
  const api = mockApi({
    'GET /users/me': reply(200, me),
    'GET /subscriptions/my-subscription': reply(200, makeMySubscription()),
    ...handlers,
  });
  const user = userEvent.setup({ delay: null });
  const view = renderWithProviders(ui, { route, extraRoutes });
  return { ...api, ...view, user };
};

describe('SubscriptionDashboardPage (spec 2.9)', () => {
  it('shows the plan, the actions and the usage bars with their thresholds and ∞ for no limit', async () => {
    setup(<SubscriptionDashboardPage />, '/app/subscription', {
      'GET /subscriptions/usage': reply(
        200,
        makeUsage({
          digital_services_used: 95,
          digital_services_limit: 100,
          users_count: 4,
          users_limit: -1,
        }),
      ),
    });
    expect(await screen.findByText('ACTIVE')).toBeInTheDocument();
    expect(screen.getByText('Small Practice')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change Plan' })).toHaveAttribute(
      'href',
      '/app/subscription/change-plan',
    );
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/app/subscription/cancel');
    expect(screen.getByRole('button', { name: 'Update Payment' })).toBeInTheDocument();
    expect(await screen.findByText('95 / 100')).toBeInTheDocument();
    expect(screen.getByText('Almost at your plan limit. Consider upgrading.')).toBeInTheDocument();
    expect(screen.getByText('4 / ∞')).toBeInTheDocument();
    expect(screen.getByText('1.5 / 10 GB')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View History' })).toHaveAttribute(
      'href',
      '/app/subscription/usage-history',
    );
  });

  it('offers a plan when the firm has no subscription', async () => {
    setup(<SubscriptionDashboardPage />, '/app/subscription', {
      'GET /subscriptions/my-subscription': reply(404, { detail: 'none' }),
    });
    expect(await screen.findByText('No Active Subscription')).toBeInTheDocument();
    expect(screen.getByText("Your firm doesn't have an active subscription plan.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a Plan' })).toHaveAttribute('href', '/app/plans');
  });

  it('hides Update Payment and Cancel for a cancelled subscription', async () => {
    setup(<SubscriptionDashboardPage />, '/app/subscription', {
      'GET /subscriptions/my-subscription': reply(
        200,
        makeMySubscription({ status: 'cancelled', access_ends_at: '2999-01-01T00:00:00Z' }),
      ),
      'GET /subscriptions/usage': reply(200, makeUsage()),
    });
    expect(await screen.findByText('CANCELLED')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Payment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Cancel' })).not.toBeInTheDocument();
  });
});

describe('SubscriptionDashboardPage dates', () => {
  it('shows when access ends after cancelling, not "Trial Ends: -"', async () => {
    setup(<SubscriptionDashboardPage />, '/app/subscription', {
      'GET /subscriptions/my-subscription': reply(
        200,
        makeMySubscription({
          status: 'cancelled',
          trial_end_date: null,
          access_ends_at: '2026-12-24T08:00:00Z',
        }),
      ),
      'GET /subscriptions/usage': reply(200, makeUsage()),
    });
    expect(await screen.findByText('CANCELLED')).toBeInTheDocument();
    expect(screen.queryByText('Trial Ends')).not.toBeInTheDocument();
    expect(screen.getByText('Access Ends')).toBeInTheDocument();
    expect(screen.getByText('24/12/2026')).toBeInTheDocument();
  });
});

describe('ChangePlanPage (spec 2.10)', () => {
  it('marks the current plan, labels upgrades and downgrades, and previews the chosen plan monthly', async () => {
    const plans = [
      makePlan({ id: 2, display_name: 'Medium', monthly_price: '1499.00' }),
      makePlan({ id: 1, display_name: 'Small Practice', monthly_price: '499.00' }),
      makePlan({ id: 0 + 9, display_name: 'Starter', monthly_price: '199.00' }),
    ];
    const { user } = setup(
      <ChangePlanPage />,
      '/app/subscription/change-plan',
      { 'GET /subscriptions/plans': reply(200, { plans, total: 3 }) },
      [{ path: '/app/subscription/preview', element: <p>preview page</p> }],
    );
    const radios = await screen.findAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Starter (downgrade)',
      'Small Practice (current plan)',
      'Medium (upgrade)',
    ]);
    expect(screen.getByRole('radio', { name: 'Small Practice (current plan)' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByText('R 1 499.00/mo')).toBeInTheDocument();
    const preview = screen.getByRole('button', { name: 'Preview Change' });
    expect(preview).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Medium (upgrade)' }));
    await user.click(preview);
    expect(await screen.findByText('preview page')).toBeInTheDocument();
  });
});

const preview: PlanChangePreview = {
  change_type: 'downgrade',
  warnings: ['You have 4 users; the new plan allows 3.', 'A payment method is required before this change.'],
  current_plan: summary(2, 'Medium', '1499.00'),
  new_plan: summary(1, 'Small Practice', '499.00'),
  current_billing_cycle: 'monthly',
  billing_cycle: 'monthly',
  current_monthly_cost: 1499,
  new_monthly_cost: 499,
  monthly_difference: -1000,
  current_cycle_cost: 1499,
  new_cycle_cost: 499,
  can_apply_immediately: false,
  next_billing_cycle_date: '2025-07-01T10:00:00Z',
  days_remaining_in_period: 10,
  days_in_period: 30,
  prorated_credit: 0,
  prorated_charge: 0,
  prorated_amount: 0,
  immediate_effective_date: '2025-06-21T10:00:00Z',
  feature_gains: [],
  feature_losses: ['Priority support'],
  limit_changes: { max_users: { from: 25, to: 5 }, max_digital_services: { from: -1, to: 100 } },
  payment_method_required: false,
};

const confirmation: PlanChangeConfirmation = {
  new_plan: summary(1, 'Small Practice', '499.00'),
  new_monthly_cost: 499,
  change_id: 31,
  effective_date: '2025-07-01T10:00:00Z',
  status: 'scheduled',
  next_billing_date: '2025-07-01T10:00:00Z',
  prorated_amount: 0,
  payment_update_required: false,
  billing_cycle: 'monthly',
  message: 'Your plan change is scheduled.',
};

describe('PlanChangePreviewPage (spec 2.11)', () => {
  it('shows the notices without payment-method warnings, the summary and the next-cycle note, then confirms a downgrade', async () => {
    const { user, find, router } = setup(
      <PlanChangePreviewPage />,
      '/app/subscription/preview?planId=1&billingCycle=monthly',
      {
        'POST /subscriptions/change-plan/preview': reply(200, preview),
        'POST /subscriptions/change-plan': reply(200, confirmation),
      },
      [{ path: '/app/subscription/confirmation', element: <p>confirmation page</p> }],
    );
    expect(await screen.findByText('You have 4 users; the new plan allows 3.')).toBeInTheDocument();
    expect(screen.queryByText(/payment method is required/)).not.toBeInTheDocument();
    expect(screen.getByText('-R 1 000.00')).toBeInTheDocument();
    expect(
      screen.getByText('This change will be applied at your next billing cycle: 01/07/2025'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply Immediately' })).not.toBeInTheDocument();
    expect(screen.getByText('Priority support')).toBeInTheDocument();
    expect(screen.getByText('Unlimited → 100')).toBeInTheDocument();
    expect(screen.getByText('25 → 5')).toBeInTheDocument();
    expect(find('POST', '/subscriptions/change-plan/preview')[0]?.body).toEqual({
      new_plan_id: 1,
      billing_cycle: 'monthly',
      effective_date: 'immediate',
    });

    await user.click(screen.getByRole('button', { name: 'Confirm Change' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/Are you sure you want to change to the Small Practice plan\?/),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Please ensure your usage is within the new plan limits before confirming.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Change' }));
    expect(await screen.findByText('confirmation page')).toBeInTheDocument();
    expect(find('POST', '/subscriptions/change-plan')[0]?.body).toEqual({
      new_plan_id: 1,
      billing_cycle: 'monthly',
      effective_date: 'next_billing_cycle',
    });
    expect(router.state.location.state).toEqual({ confirmation });
  });

  it("says 'Preview Not Available' when the preview fails", async () => {
    setup(<PlanChangePreviewPage />, '/app/subscription/preview?planId=1&billingCycle=monthly', {
      'POST /subscriptions/change-plan/preview': reply(500, {}),
    });
    expect(await screen.findByText('Preview Not Available')).toBeInTheDocument();
    expect(screen.getByText('Unable to load plan change preview. Please try again.')).toBeInTheDocument();
  });
});

describe('PlanChangeConfirmationPage (spec 2.12)', () => {
  it('shows the change with its reference and counts down to the dashboard', async () => {
    signIn();
    mockApi({
      'GET /users/me': reply(200, me),
      'GET /subscriptions/my-subscription': reply(200, makeMySubscription()),
    });
    const { router } = renderWithProviders(<PlanChangeConfirmationPage />, {
      route: '/app/subscription/confirmation',
    });
    await router.navigate('/app/subscription/confirmation', { state: { confirmation } });
    expect(await screen.findByRole('heading', { name: 'Plan Change Successful!' })).toBeInTheDocument();
    expect(screen.getByText('#31')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your new plan will take effect on 01/07/2025. Until then you keep your current plan.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/Returning to your subscription in 10 seconds/)).toBeInTheDocument();
  });

  it("says 'Confirmation Not Available' without a confirmation", async () => {
    setup(<PlanChangeConfirmationPage />, '/app/subscription/confirmation');
    expect(await screen.findByText('Confirmation Not Available')).toBeInTheDocument();
  });
});

describe('CancelSubscriptionPage (spec 2.13)', () => {
  it('needs a reason, then sends the reason and feedback and returns with the message', async () => {
    const { user, find, router } = setup(
      <CancelSubscriptionPage />,
      '/app/subscription/cancel',
      {
        'POST /payments/cancel-subscription/7': reply(200, {
          status: 'success',
          message: 'Subscription cancelled successfully',
          data: {},
        }),
      },
      [{ path: '/app/subscription', element: <p>subscription page</p> }],
    );
    expect(await screen.findByText('Access will continue until:')).toBeInTheDocument();
    const cancel = screen.getByRole('button', { name: 'Cancel Subscription' });
    expect(cancel).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: /Reason for cancelling/ }));
    await user.click(await screen.findByRole('option', { name: 'Too expensive' }));
    await user.type(screen.getByLabelText(/Feedback/), 'Fewer matters this year');
    await user.click(cancel);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Too expensive')).toBeInTheDocument();
    expect(within(dialog).getByText('Fewer matters this year')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Cancel Subscription' }));
    expect(await screen.findByText('subscription page')).toBeInTheDocument();
    expect(find('POST', '/payments/cancel-subscription/7')[0]?.body).toEqual({
      reason: 'too_expensive',
      feedback: 'Fewer matters this year',
    });
    expect(router.state.location.state).toEqual({
      message:
        'Your subscription has been cancelled successfully. You will retain access until the end of your current billing period.',
    });
  });

  it("says 'Cancellation Not Available' for a subscription that is not active or trial", async () => {
    setup(<CancelSubscriptionPage />, '/app/subscription/cancel', {
      'GET /subscriptions/my-subscription': reply(200, makeMySubscription({ status: 'expired' })),
    });
    expect(await screen.findByText('Cancellation Not Available')).toBeInTheDocument();
    expect(screen.getByText('This subscription cannot be cancelled at this time.')).toBeInTheDocument();
  });

  it('says no subscription was found to cancel', async () => {
    setup(<CancelSubscriptionPage />, '/app/subscription/cancel', {
      'GET /subscriptions/my-subscription': reply(404, {}),
    });
    expect(await screen.findByText('No active subscription found to cancel.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument(),
    );
  });
});

describe('UsageHistoryPage billing history', () => {
  it('names each payment status in words, an abandoned attempt as "Abandoned"', async () => {
    const sub = makeMySubscription();
    setup(<UsageHistoryPage />, '/app/subscription/usage-history', {
      'GET /subscriptions/usage': reply(200, makeUsage()),
      [`GET /payments/subscription-summary/${sub.id}`]: reply(200, {
        subscription_id: sub.id,
        status: 'active',
        plan: summary(1, 'Small Practice', '499.00'),
        billing_cycle: 'monthly',
        amount: '499.00',
        start_date: null,
        end_date: null,
        trial_end_date: null,
        access_ends_at: null,
        next_billing_date: null,
        next_charge_amount: null,
        has_payment_method: true,
        total_paid: '499.00',
        payments_count: 1,
        last_payment: null,
        payments: [
          makePayment({ id: 1, payment_reference: 'LS-1', status: 'completed' }),
          makePayment({ id: 2, payment_reference: 'LS-2', status: 'abandoned' }),
        ],
      }),
    });
    expect(await screen.findByText('Abandoned')).toBeInTheDocument();
    expect(screen.getByText('Completed')).toBeInTheDocument();
    expect(screen.queryByText('pending')).not.toBeInTheDocument();
  });
});
