import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../testing/factories';
import { mockApi, reply } from '../../../testing/api-server';
import { renderApp, renderWithProviders, signIn } from '../../../testing/render';
import { makeFirmSubscription, makePlan } from '../../../testing/subscription-factories';
import { AdminAnalyticsPage } from './admin-analytics-page';
import { AdminPlansPage } from './admin-plans-page';
import { FirmSubscriptionDetailsDialog } from './firm-subscription-details-dialog';
import { FirmSubscriptionsPage } from './firm-subscriptions-page';

const admin = makeUser({ id: 2, role: 'system_admin', full_name: 'System Administrator', firm_id: null });

const setup = (ui: React.ReactElement, route: string, handlers: Parameters<typeof mockApi>[0] = {}) => {
  signIn();
  const api = mockApi({ 'GET /users/me': reply(200, admin), ...handlers });
  const user = userEvent.setup({ delay: null });
  const view = renderWithProviders(ui, { route });
  return { ...api, ...view, user };
};

const small = makePlan({
  id: 1,
  name: 'small_practice',
  display_name: 'Small Practice',
  plan_type: 'small_practice',
  monthly_price: '499.00',
  yearly_price: '4790.40',
  max_users: 5,
  max_cases: -1,
  feature_list: [
    'Sheriff assignment',
    'Attorney assignment',
    'Priority support',
    'API access',
    'Audit trail',
    'Custom templates',
  ],
});

describe('AdminPlansPage (spec 2.14)', () => {
  it('shows plan cards with the yearly saving, limits and at most four features', async () => {
    setup(<AdminPlansPage />, '/app/admin/plans', {
      'GET /admin/subscriptions/plans': reply(200, { plans: [small], total: 1 }),
    });
    const card = await screen.findByRole('article', { name: 'Small Practice' });
    expect(within(card).getByText('R 4 790.40/year (save R 1 197.60)')).toBeInTheDocument();
    expect(within(card).getByText('Up to 5 users')).toBeInTheDocument();
    expect(within(card).getByText('Unlimited cases')).toBeInTheDocument();
    expect(within(card).getByText('+2 more features')).toBeInTheDocument();
    expect(within(card).queryByText('Audit trail')).not.toBeInTheDocument();
  });

  it('creates a plan: the form checks its rules, then sends the payload without unlimited limits', async () => {
    const { user, find } = setup(<AdminPlansPage />, '/app/admin/plans', {
      'GET /admin/subscriptions/plans': reply(200, { plans: [small], total: 1 }),
      'POST /admin/subscriptions/plans': reply(201, {
        status: 'success',
        data: makePlan(),
        message: 'Subscription plan created successfully',
      }),
    });
    await screen.findByRole('article', { name: 'Small Practice' });
    await user.click(screen.getByRole('button', { name: 'Create Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Subscription Plan' });
    expect(within(dialog).getByLabelText('Plan Name')).toHaveValue('custom');
    await user.click(within(dialog).getByRole('button', { name: 'Create Plan' }));
    expect(await within(dialog).findByText('Display name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Valid monthly price is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/Display Name/), 'Boutique');
    await user.type(within(dialog).getByLabelText(/Monthly Price/), '799');
    const branches = within(dialog).getByLabelText('Max Branches');
    await user.clear(branches);
    await user.type(branches, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create Plan' }));
    expect(await within(dialog).findByText('Maximum branches must be at least 1')).toBeInTheDocument();
    await user.clear(branches);
    await user.type(branches, '2');
    await user.type(within(dialog).getByLabelText('Max Users'), '{backspace}12');
    await user.click(within(dialog).getByLabelText('Sheriff assignment'));
    await user.click(within(dialog).getByRole('button', { name: 'Create Plan' }));
    await waitFor(() => expect(find('POST', '/admin/subscriptions/plans')).toHaveLength(1));
    const body = find('POST', '/admin/subscriptions/plans')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'custom',
      plan_type: 'custom',
      display_name: 'Boutique',
      monthly_price: 799,
      currency: 'ZAR',
      max_users: 12,
      max_branches: 2,
      max_storage_gb: 10,
      trial_days: 0,
      is_active: true,
      is_featured: false,
    });
    expect(body).not.toHaveProperty('max_digital_services');
    expect((body.features as Record<string, boolean>).sheriff_assignment).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the 409 message when the plan name is taken', async () => {
    const { user } = setup(<AdminPlansPage />, '/app/admin/plans', {
      'GET /admin/subscriptions/plans': reply(200, { plans: [], total: 0 }),
      'POST /admin/subscriptions/plans': reply(409, { detail: 'x', code: 'PLAN_NAME_TAKEN' }),
    });
    await user.click((await screen.findAllByRole('button', { name: 'Create Plan' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Display Name/), 'Again');
    await user.type(within(dialog).getByLabelText(/Monthly Price/), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Create Plan' }));
    expect(await within(dialog).findByText('A plan with this name already exists.')).toBeInTheDocument();
  });

  it('asks before deleting and explains a refusal', async () => {
    const { user, find } = setup(<AdminPlansPage />, '/app/admin/plans', {
      'GET /admin/subscriptions/plans': reply(200, { plans: [small], total: 1 }),
      'DELETE /admin/subscriptions/plans/1': reply(409, { detail: 'x', code: 'PLAN_IN_USE' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Small Practice' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete the plan "Small Practice"? This action cannot be undone.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Cannot delete plan with active subscriptions.')).toBeInTheDocument();
    expect(find('DELETE', '/admin/subscriptions/plans/1')).toHaveLength(1);
  });

  it('toggles featured with an update of that field only', async () => {
    const { user, find } = setup(<AdminPlansPage />, '/app/admin/plans', {
      'GET /admin/subscriptions/plans': reply(200, { plans: [small], total: 1 }),
      'PUT /admin/subscriptions/plans/1': reply(200, { status: 'success', data: small, message: 'ok' }),
    });
    const card = await screen.findByRole('article', { name: 'Small Practice' });
    await user.click(within(card).getByRole('switch', { name: 'Featured' }));
    await waitFor(() =>
      expect(find('PUT', '/admin/subscriptions/plans/1')[0]?.body).toEqual({ is_featured: true }),
    );
  });
});

describe('FirmSubscriptionsPage (spec 2.14)', () => {
  const list = (subscriptions: ReturnType<typeof makeFirmSubscription>[]) => ({
    subscriptions,
    total: subscriptions.length,
    counts: { all: 4, pending: 0, trial: 1, active: 2, cancelled: 1, expired: 0, expiring: 1 },
  });

  it('shows the tabs with counts, the rows in rand, and suspends an active subscription', async () => {
    const active = makeFirmSubscription({
      id: 7,
      firm: { id: 3, name: 'Khumalo Attorneys' },
      expires_soon: true,
    });
    const { user, find } = setup(<FirmSubscriptionsPage />, '/app/admin/firm-subscriptions?status=active', {
      'GET /admin/subscriptions/firm-subscriptions': reply(200, list([active])),
      'POST /admin/subscriptions/firm-subscriptions/7/cancel': reply(200, {
        status: 'success',
        data: {},
        message: 'ok',
      }),
    });
    expect(await screen.findByText('Khumalo Attorneys')).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Subscription status' });
    expect(within(tabs).getByRole('tab', { name: 'Active 2' })).toHaveAttribute('aria-selected', 'true');
    expect(within(tabs).getByRole('tab', { name: 'Expiring 1' })).toBeInTheDocument();
    expect(screen.getByText('R 499.00/month')).toBeInTheDocument();
    expect(screen.getByLabelText('Expires soon')).toBeInTheDocument();
    expect(find('GET', '/admin/subscriptions/firm-subscriptions')[0]?.url.searchParams.get('status')).toBe(
      'active',
    );
    expect(screen.queryByRole('button', { name: 'Reactivate Khumalo Attorneys' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Suspend Khumalo Attorneys' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(find('POST', '/admin/subscriptions/firm-subscriptions/7/cancel')[0]?.body).toEqual({
        reason: 'Administrative suspension',
        immediate: true,
      }),
    );
  });

  it('reactivates a cancelled subscription and says when a tab is empty', async () => {
    const cancelled = makeFirmSubscription({
      id: 8,
      status: 'cancelled',
      firm: { id: 4, name: 'Dlamini Inc' },
    });
    const { user, find } = setup(<FirmSubscriptionsPage />, '/app/admin/firm-subscriptions', {
      'GET /admin/subscriptions/firm-subscriptions': (request) =>
        reply(200, list(request.url.searchParams.get('status') === 'expired' ? [] : [cancelled])),
      'POST /admin/subscriptions/firm-subscriptions/8/reactivate': reply(200, {
        status: 'success',
        data: {},
        message: 'ok',
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Reactivate Dlamini Inc' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reactivate' }));
    await waitFor(() =>
      expect(find('POST', '/admin/subscriptions/firm-subscriptions/8/reactivate')).toHaveLength(1),
    );
    await user.click(await screen.findByRole('tab', { name: /Expired/ }));
    expect(await screen.findByText('No expired subscriptions found')).toBeInTheDocument();
  });
});

describe('Admin portal (spec 2.14)', () => {
  it('redirects the index to the overview and shows the tab bar', async () => {
    signIn();
    mockApi({
      'GET /users/me': reply(200, admin),
      'GET /admin/subscriptions/analytics/overview': reply(500, {}),
      'GET /admin/subscriptions/health': reply(500, {}),
    });
    const { router } = renderApp('/app/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/admin/overview'));
    const nav = await screen.findByRole('tablist', { name: 'Admin Portal' });
    expect(
      within(nav)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual([
      'Overview',
      'Plans',
      'Subscriptions',
      'Case Closures',
      'Analytics',
      'Health',
      'Reports',
      'Users',
      'Sheriffs',
      'Sheriff Areas',
      'Firms',
      'Settings',
    ]);
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(
      await screen.findByText('Failed to load the dashboard figures. Please try again.'),
    ).toBeInTheDocument();
  });
});

describe('scrolling tab strips on a phone', () => {
  it('scroll the selected tab into view', async () => {
    const scrolled: string[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.textContent ?? '');
    };
    try {
      setup(<FirmSubscriptionsPage />, '/app/admin/firm-subscriptions?status=cancelled', {
        'GET /admin/subscriptions/firm-subscriptions': reply(200, {
          subscriptions: [],
          total: 0,
          counts: { all: 0, pending: 0, trial: 0, active: 0, cancelled: 0, expired: 0, expiring: 0 },
        }),
      });
      const tabs = await screen.findByRole('tablist', { name: 'Subscription status' });
      const selected = within(tabs).getByRole('tab', { selected: true });
      expect(selected).toHaveTextContent(/Cancelled/);
      await waitFor(() => expect(scrolled.some((text) => /Cancelled/.test(text))).toBe(true));
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});

describe('FirmSubscriptionDetailsDialog history', () => {
  it('shows when each change was made, and when a scheduled one takes effect', async () => {
    const sub = makeFirmSubscription({ id: 9 });
    const change = (id: number, type: string, created: string, effective: string) => ({
      id,
      subscription_id: 9,
      change_type: type,
      from_status: null,
      to_status: null,
      from_plan: 'Medium / Large Firm',
      to_plan: 'Small Practice',
      amount: null,
      reason: null,
      feedback: null,
      performed_by: 'Naledi Khumalo',
      created_at: created,
      effective_at: effective,
    });
    setup(
      <FirmSubscriptionDetailsDialog subscription={sub} onClose={() => {}} />,
      '/app/admin/firm-subscriptions',
      {
        'GET /admin/subscriptions/firm-subscriptions/9': reply(200, {
          ...sub,
          payments: [],
          history: [
            change(1, 'downgrade_scheduled', '2026-11-24T08:00:00.000Z', '2026-12-24T08:00:00.000Z'),
            change(2, 'suspended', '2026-11-20T08:00:00.000Z', '2026-11-20T08:00:00.000Z'),
          ],
        }),
      },
    );
    const history = await screen.findByRole('table', { name: 'History' });
    const rows = within(history).getAllByRole('row');
    expect(within(rows[0]!).getByText('Takes effect')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('24/11/2026 10:00');
    expect(rows[1]).toHaveTextContent('24/12/2026');
    expect(rows[1]).not.toHaveTextContent('24/12/2026 10:00');
    expect(rows[2]).toHaveTextContent('20/11/2026 10:00');
    expect(within(rows[2]!).getByText('At once')).toBeInTheDocument();
  });
});

describe('Analytics on a phone', () => {
  it('shows the subscriptions ending soon and the firms near their limits as cards, every column in view', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (media) =>
        ({
          matches: media.includes('max-width'),
          media,
          onchange: null,
          addListener: vi.fn(),
          removeListener: vi.fn(),
          addEventListener: vi.fn(),
          removeEventListener: vi.fn(),
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    const figure = (used: number, limit: number) => ({ used, limit, percent: (used / limit) * 100 });
    setup(<AdminAnalyticsPage />, '/app/admin/analytics', {
      'GET /admin/subscriptions/analytics/trends': reply(200, { months: [] }),
      'GET /admin/subscriptions/analytics/expiring-soon': reply(200, {
        days: 30,
        total: 1,
        subscriptions: [
          {
            subscription_id: 1,
            firm_id: 1,
            firm_name: 'Demo Attorneys Inc.',
            plan_name: 'Medium / Large Firm',
            status: 'active',
            ends_at: '2026-12-24T10:00:00Z',
            days_left: 30,
            kind: 'period_end',
            has_payment_method: true,
          },
        ],
      }),
      'GET /admin/subscriptions/analytics/usage-limits': reply(200, {
        threshold: 75,
        firms: [
          {
            firm_id: 1,
            firm_name: 'Busy Firm',
            subscription_id: 1,
            plan_name: 'Small Practice',
            users: figure(5, 5),
            branches: figure(1, 1),
            digital_services: figure(80, 100),
            storage_mb: figure(1, 10_240),
            near_limit: true,
            over_limit: false,
          },
        ],
      }),
    });
    const ending = await screen.findByRole('list', { name: 'Subscriptions ending soon' });
    const card = within(ending).getByRole('listitem');
    expect(card).toHaveTextContent('Demo Attorneys Inc.');
    expect(within(card).getByText('Date')).toBeInTheDocument();
    expect(within(card).getByText('24/12/2026')).toBeInTheDocument();
    expect(within(card).getByText('Days left')).toBeInTheDocument();
    const limits = await screen.findByRole('list', { name: 'Firms near their plan limits' });
    expect(within(limits).getByRole('listitem')).toHaveTextContent('Busy Firm');
    expect(within(limits).getByText('100%')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Subscriptions ending soon' })).not.toBeInTheDocument();
  });
});
