import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/build-app';
import { addFirmUser, registerFirm, subscribeFirm } from '../../../test/factories';
import {
  drainEvents,
  getSubscriptionRow,
  planIds,
  setSubscription,
  subscribeThroughSimulator,
  type PlanIds,
} from '../../../test/subscription-helpers';

const t = useTestApp();
let admin: string;
let plans: PlanIds;
beforeAll(async () => {
  admin = await t().login(DEMO.admin);
  plans = await planIds(t());
});
const A = () => t().as(admin);
const DENIED = 'Access denied. Admin privileges required.';
const msgs = (res: { json: () => { detail: { loc: string[]; msg: string }[] } }) =>
  res.json().detail.map((d) => `${d.loc.join('.')}: ${d.msg}`);

describe('admin authorization', () => {
  it('answers every admin route with 403 for every other role and 401 without a session', async () => {
    const spec = t().app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/v1/admin'))
      .flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => ({
          method: method.toUpperCase(),
          url: path.replace(/\{[^}]+\}/g, '1'),
        })),
      );
    expect(routes.length).toBeGreaterThanOrEqual(26);
    const subscribed = await registerFirm(t());
    const unsubscribed = await registerFirm(t(), {}, { subscribed: false });
    const tokens = {
      firm_admin: subscribed.token,
      unsubscribed_firm_admin: unsubscribed.token,
      branch_admin: (await addFirmUser(t(), subscribed, 'branch_admin')).token,
      legal_practitioner: (await addFirmUser(t(), subscribed, 'legal_practitioner')).token,
      sheriff: await t().login(DEMO.sheriff),
    };
    for (const route of routes) {
      for (const [role, token] of Object.entries(tokens)) {
        const res = await t().inject({
          ...route,
          method: route.method as 'GET',
          headers: { authorization: `Bearer ${token}` },
          payload: route.method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, `${role} ${route.method} ${route.url}`).toBe(403);
        expect(res.json().detail).toBe(DENIED);
      }
      const anon = await t().inject({ ...route, method: route.method as 'GET' });
      expect(anon.statusCode, `anonymous ${route.method} ${route.url}`).toBe(401);
    }
  });
});

describe('admin plans', () => {
  it('creates a plan with the form rules: 0 means unlimited, features as flags or labels', async () => {
    const res = await A().post('/api/v1/admin/subscriptions/plans', {
      name: 'custom_boutique',
      display_name: 'Boutique',
      plan_type: 'custom',
      monthly_price: 899.5,
      max_users: 0,
      max_digital_services: 0,
      max_branches: 2,
      trial_days: 7,
      is_featured: true,
      features: ['Priority support', 'api_access'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'success',
      message: 'Subscription plan created successfully',
    });
    expect(res.json().data).toMatchObject({
      name: 'custom_boutique',
      monthly_price: '899.50',
      quarterly_price: '2428.65',
      annual_price: '8635.20',
      max_users: -1,
      max_digital_services: -1,
      is_unlimited_services: true,
      max_branches: 2,
      max_storage_gb: 10,
      trial_days: 7,
      is_active: true,
      is_featured: true,
      currency: 'ZAR',
      feature_list: ['Priority support', 'API access'],
    });
    expect(res.json().data.features).toMatchObject({
      priority_support: true,
      api_access: true,
      audit_trail: false,
    });
    const id = res.json().data.id;
    expect((await A().get(`/api/v1/admin/subscriptions/plans/${id}`)).json().name).toBe('custom_boutique');
    const upd = await A().put(`/api/v1/admin/subscriptions/plans/${id}`, {
      max_users: 8,
      is_active: false,
      features: { audit_trail: true },
    });
    expect(upd.json().data).toMatchObject({
      max_users: 8,
      is_active: false,
      feature_list: ['Audit trail'],
      monthly_price: '899.50',
    });
    // Inactive plans are not offered publicly.
    const pub = (await t().inject({ method: 'GET', url: '/api/v1/subscriptions/plans' })).json().plans;
    expect(pub.map((p: { name: string }) => p.name)).not.toContain('custom_boutique');
    expect(
      (await A().get('/api/v1/admin/subscriptions/plans')).json().plans.map((p: { name: string }) => p.name),
    ).toContain('custom_boutique');
  });

  it('validates with the spec messages and refuses a name in use (409)', async () => {
    const missing = await A().post('/api/v1/admin/subscriptions/plans', { monthly_price: 0 });
    expect(missing.statusCode).toBe(422);
    expect(msgs(missing)).toEqual([
      'body.name: Plan name and display name are required',
      'body.display_name: Plan name and display name are required',
      'body.monthly_price: Valid monthly price is required',
    ]);
    const limits = await A().post('/api/v1/admin/subscriptions/plans', {
      name: 'x1',
      display_name: 'X',
      monthly_price: 10,
      max_branches: 0,
      max_storage_gb: 0,
      trial_days: -1,
      max_users: -2,
    });
    expect(msgs(limits)).toEqual([
      'body.max_users: Maximum users must be 0 or more',
      'body.max_branches: Maximum branches must be at least 1',
      'body.max_storage_gb: Maximum storage must be at least 1 GB',
      'body.trial_days: Trial days must be 0 or more',
    ]);
    const dup = await A().post('/api/v1/admin/subscriptions/plans', {
      name: 'SMALL_PRACTICE',
      display_name: 'Again',
      monthly_price: 1,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe('A plan with this name already exists.');
    expect((await A().get('/api/v1/admin/subscriptions/plans/999999')).statusCode).toBe(404);
  });

  it('refuses to delete a plan in use (409), archives one only history uses, deletes an unused one', async () => {
    const make = async (name: string) =>
      (
        await A().post('/api/v1/admin/subscriptions/plans', { name, display_name: name, monthly_price: 100 })
      ).json().data.id as number;
    const used = await make('used_plan');
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const subId = await subscribeFirm(t(), firm.firmId, { plan: 'used_plan' });
    const refused = await A().delete(`/api/v1/admin/subscriptions/plans/${used}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('Cannot delete plan with active subscriptions.');
    await setSubscription(t(), subId, { status: 'expired' });
    expect((await A().delete(`/api/v1/admin/subscriptions/plans/${used}`)).statusCode).toBe(200);
    expect((await A().get(`/api/v1/admin/subscriptions/plans/${used}`)).statusCode).toBe(404);
    // The archived plan's name is free again; its subscription keeps it.
    expect(
      (
        await A().post('/api/v1/admin/subscriptions/plans', {
          name: 'used_plan',
          display_name: 'x',
          monthly_price: 1,
        })
      ).statusCode,
    ).toBe(201);
    expect((await A().get(`/api/v1/admin/subscriptions/firm-subscriptions/${subId}`)).json().plan.id).toBe(
      used,
    );
    const unused = await make('unused_plan');
    expect((await A().delete(`/api/v1/admin/subscriptions/plans/${unused}`)).json().message).toBe(
      'Subscription plan deleted successfully',
    );
  });

  it('create-defaults adds only the missing default plans', async () => {
    const res = await A().post('/api/v1/admin/subscriptions/plans/create-defaults');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Default plans already exist', data: { created: [] } });
  });
});

describe('admin firm subscriptions', () => {
  it('lists with counts, filters by status and searches by firm, plan or id', async () => {
    const firm = await registerFirm(t(), { firm_name: 'Zebra Search Attorneys' }, { subscribed: false });
    const id = await subscribeFirm(t(), firm.firmId, { plan: 'small_practice', status: 'trial' });
    const all = (await A().get('/api/v1/admin/subscriptions/firm-subscriptions?limit=500')).json();
    expect(all.counts.all).toBe(all.total);
    expect(all.counts.trial).toBeGreaterThanOrEqual(1);
    const trial = (
      await A().get('/api/v1/admin/subscriptions/firm-subscriptions?status=trial&limit=500')
    ).json();
    expect(trial.subscriptions.every((s: { status: string }) => s.status === 'trial')).toBe(true);
    const found = (
      await A().get('/api/v1/admin/subscriptions/firm-subscriptions?search=zebra search')
    ).json();
    expect(found.total).toBe(1);
    expect(found.subscriptions[0]).toMatchObject({
      id,
      firm_id: firm.firmId,
      firm: { name: 'Zebra Search Attorneys' },
      plan: { display_name: 'Small Practice', monthly_price: '499.00' },
      status: 'trial',
      trial_ends_at: expect.any(String),
      expires_soon: false,
    });
    expect(
      (await A().get(`/api/v1/admin/subscriptions/firm-subscriptions?search=${id}`))
        .json()
        .subscriptions.map((s: { id: number }) => s.id),
    ).toContain(id);
    const page = (await A().get('/api/v1/admin/subscriptions/firm-subscriptions?skip=0&limit=1')).json();
    expect(page.subscriptions).toHaveLength(1);
    const bad = await A().get('/api/v1/admin/subscriptions/firm-subscriptions?status=nonsense');
    expect(bad.statusCode).toBe(422);
  });

  it('suspends (immediate, "Administrative suspension"): the firm is stopped at once; reactivate restores it', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const id = await subscribeFirm(t(), firm.firmId, { plan: 'small_practice' });
    const res = await A().post(`/api/v1/admin/subscriptions/firm-subscriptions/${id}/cancel`, {
      reason: 'Administrative suspension',
      immediate: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Subscription suspended successfully',
      data: { status: 'cancelled', cancellation_reason: 'Administrative suspension' },
    });
    expect(Date.now() - new Date(res.json().data.access_ends_at).getTime()).toBeLessThan(60_000);
    expect((await t().as(firm.token).get('/api/v1/users/sheriffs')).statusCode).toBe(402);
    const again = await A().post(`/api/v1/admin/subscriptions/firm-subscriptions/${id}/cancel`, {
      immediate: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Only active subscriptions can be suspended.');

    const re = await A().post(`/api/v1/admin/subscriptions/firm-subscriptions/${id}/reactivate`);
    expect(re.statusCode).toBe(200);
    expect(re.json()).toMatchObject({
      message: 'Subscription reactivated successfully',
      data: { status: 'active', access_ends_at: null },
    });
    expect((await t().as(firm.token).get('/api/v1/users/sheriffs')).statusCode).toBe(200);
    const twice = await A().post(`/api/v1/admin/subscriptions/firm-subscriptions/${id}/reactivate`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('Only cancelled or expired subscriptions can be reactivated.');
    const detail = (await A().get(`/api/v1/admin/subscriptions/firm-subscriptions/${id}`)).json();
    expect(detail.history.map((h: { change_type: string }) => h.change_type)).toEqual([
      'reactivated',
      'suspended',
    ]);
    expect(detail.history[1]).toMatchObject({
      reason: 'Administrative suspension',
      performed_by: 'System Administrator',
    });
  });

  it('a plain cancel keeps access to the end of the period; reactivation is refused while another is open', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const id = await subscribeFirm(t(), firm.firmId, { plan: 'small_practice' });
    const row = (await getSubscriptionRow(t(), id))!;
    const res = await A().post(`/api/v1/admin/subscriptions/firm-subscriptions/${id}/cancel`);
    expect(res.json().data).toMatchObject({
      status: 'cancelled',
      access_ends_at: row.endDate!.toISOString(),
      cancellation_reason: 'Cancelled by administrator',
    });
    await t().as(firm.token).post('/api/v1/subscriptions/select-plan', { plan_id: plans.small_practice });
    const re = await A().post(`/api/v1/admin/subscriptions/firm-subscriptions/${id}/reactivate`);
    expect(re.statusCode).toBe(409);
    expect(re.json().detail).toBe('This firm already has another active or pending subscription.');
  });

  it('changes a firm’s plan at once', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const id = await subscribeFirm(t(), firm.firmId, { plan: 'small_practice' });
    const res = await A().post(`/api/v1/admin/subscriptions/firm-subscriptions/${id}/change-plan`, {
      new_plan_id: plans.medium_large_firm,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ plan_id: plans.medium_large_firm, amount: '1499.00' });
    expect(
      (
        await A().post(`/api/v1/admin/subscriptions/firm-subscriptions/${id}/change-plan`, {
          new_plan_id: plans.medium_large_firm,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await A().post('/api/v1/admin/subscriptions/firm-subscriptions/999999/change-plan', {
          new_plan_id: plans.small_practice,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('admin analytics, health and reports', () => {
  it('overview counts subscriptions, revenue, users and firms from the data', async () => {
    const before = (await A().get('/api/v1/admin/subscriptions/analytics/overview')).json();
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const mid = (await A().get('/api/v1/admin/subscriptions/analytics/overview')).json();
    expect(mid.firms_without_subscription).toBe(before.firms_without_subscription + 1);
    const first = await subscribeThroughSimulator(t(), firm, plans.small_practice);
    await setSubscription(t(), first.subscriptionId, { status: 'expired' });
    await subscribeThroughSimulator(t(), firm, plans.small_practice); // no trial the second time: R499 paid
    const after = (await A().get('/api/v1/admin/subscriptions/analytics/overview')).json();
    expect(after.total_subscriptions).toBe(before.total_subscriptions + 2);
    expect(after.active_subscriptions).toBe(before.active_subscriptions + 1);
    expect(after.expired_subscriptions).toBe(before.expired_subscriptions + 1);
    expect(after.revenue_this_month).toBeCloseTo(before.revenue_this_month + 499, 2);
    expect(after.total_revenue).toBeCloseTo(before.total_revenue + 499, 2);
    expect(after.monthly_revenue).toBeCloseTo(before.monthly_revenue + 499, 2);
    expect(after.total_firms).toBe(before.total_firms + 1);
    expect(after.firms_without_subscription).toBe(before.firms_without_subscription);
    expect(after.total_users).toBe(before.total_users + 1);
    expect(after.health_score).toBeGreaterThanOrEqual(0);
    expect(after.active_percentage).toBeGreaterThan(0);
    expect(
      after.plans.find((p: { name: string }) => p.name === 'Small Practice').active_subscriptions,
    ).toBeGreaterThanOrEqual(1);
  });

  it('monthly revenue prices what is active now, not a downgrade scheduled for the next period', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const first = await subscribeThroughSimulator(t(), firm, plans.medium_large_firm);
    await setSubscription(t(), first.subscriptionId, { status: 'expired' });
    const before = (await A().get('/api/v1/admin/subscriptions/analytics/overview')).json();
    const paid = await subscribeThroughSimulator(t(), firm, plans.medium_large_firm); // R1 499, no trial
    const active = (await A().get('/api/v1/admin/subscriptions/analytics/overview')).json();
    expect(active.monthly_revenue).toBeCloseTo(before.monthly_revenue + 1499, 2);
    await setSubscription(t(), paid.subscriptionId, {
      pendingPlanId: plans.small_practice,
      pendingBillingCycle: 'monthly',
      pendingAmountCents: 49_900,
    });
    const scheduled = (await A().get('/api/v1/admin/subscriptions/analytics/overview')).json();
    expect(scheduled.monthly_revenue).toBeCloseTo(before.monthly_revenue + 1499, 2);
  });

  it('trends give one entry per month, the current one last', async () => {
    const res = (await A().get('/api/v1/admin/subscriptions/analytics/trends?months=3')).json();
    expect(res.months).toHaveLength(3);
    const sast = new Date(Date.now() + 2 * 3_600_000);
    expect(res.months[2].month).toBe(
      `${sast.getUTCFullYear()}-${String(sast.getUTCMonth() + 1).padStart(2, '0')}`,
    );
    expect(res.months[2].new_subscriptions).toBeGreaterThan(0);
  });

  it('expiring-soon lists period ends, trial ends and access ends within the window', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const id = await subscribeFirm(t(), firm.firmId, {
      plan: 'small_practice',
      start: new Date(Date.now() - 28 * 86_400_000),
    });
    const res = (await A().get('/api/v1/admin/subscriptions/analytics/expiring-soon?days=7')).json();
    const entry = res.subscriptions.find((s: { subscription_id: number }) => s.subscription_id === id);
    expect(entry).toMatchObject({
      firm_id: firm.firmId,
      kind: 'period_end',
      status: 'active',
      plan_name: 'Small Practice',
    });
    expect(entry.days_left).toBeLessThanOrEqual(3);
    const list = (
      await A().get('/api/v1/admin/subscriptions/firm-subscriptions?status=expiring&limit=500')
    ).json();
    expect(list.subscriptions.find((s: { id: number }) => s.id === id).expires_soon).toBe(true);
  });

  it('usage-limits reports firms near their plan limits', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    await subscribeFirm(t(), firm.firmId, { plan: 'small_practice' });
    for (let i = 0; i < 3; i++) await addFirmUser(t(), firm, 'legal_practitioner');
    const res = (await A().get('/api/v1/admin/subscriptions/analytics/usage-limits?threshold=80')).json();
    const entry = res.firms.find((f: { firm_id: number }) => f.firm_id === firm.firmId);
    expect(entry).toMatchObject({
      users: { used: 4, limit: 5, percent: 80 },
      branches: { used: 1, limit: 1, percent: 100 },
      near_limit: true,
      over_limit: false,
    });
    const all = (await A().get('/api/v1/admin/subscriptions/analytics/usage-limits?all=true')).json();
    expect(all.firms.length).toBeGreaterThanOrEqual(res.firms.length);
  });

  it('health reports the database, the queues and a computed score', async () => {
    const res = await A().get('/api/v1/admin/subscriptions/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      database: { ok: true },
      payment_provider: 'simulator',
      status: expect.stringMatching(/healthy|degraded|unhealthy/),
    });
    expect(res.json().checks).toHaveProperty('jobs_failed');
  });

  it('health counts exactly the unfinished work: failed jobs and events, unsent mail; finished history is not counted', async () => {
    const q = (text: string, params: unknown[] = []) => t().database.raw.query(text, params);
    const before = (await A().get('/api/v1/admin/subscriptions/health')).json().checks;
    await q(
      `INSERT INTO jobs (name, attempts, run_at) VALUES ('bench_failed', 5, now() - interval '1 hour')`,
    );
    await q(`INSERT INTO jobs (name, attempts, done_at) VALUES ('bench_done', 1, now())`);
    await q(`INSERT INTO domain_events (type, payload, attempts) VALUES ('bench.failed', '{}', 5)`);
    await q(`INSERT INTO domain_events (type, payload, processed_at) VALUES ('bench.done', '{}', now())`);
    await q(
      `INSERT INTO mail_outbox (to_address, subject, text_body, status) VALUES ('a@x.co.za', 's', 'b', 'failed'), ('b@x.co.za', 's', 'b', 'sent')`,
    );
    const after = (await A().get('/api/v1/admin/subscriptions/health')).json();
    expect(after.checks.jobs_failed - before.jobs_failed).toBe(1);
    expect(after.checks.jobs_pending - before.jobs_pending).toBe(0);
    expect(after.checks.events_failed - before.events_failed).toBe(1);
    expect(after.checks.mail_failed - before.mail_failed).toBe(1);
    expect(after.checks.mail_kept - before.mail_kept).toBe(0);
    expect(after.issues).toEqual(
      expect.arrayContaining([expect.stringMatching(/scheduled job\(s\) failed 5 times/)]),
    );
    await q(`DELETE FROM jobs WHERE name IN ('bench_failed', 'bench_done')`);
    await q(`UPDATE domain_events SET processed_at = now() WHERE type = 'bench.failed'`);
    await q(`UPDATE mail_outbox SET status = 'sent' WHERE to_address = 'a@x.co.za'`);
  });

  it('trends and the monthly summary add up the month’s changes and completed payments exactly', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const subscriptionId = await subscribeFirm(t(), firm.firmId, { plan: 'small_practice' });
    const q = (text: string, params: unknown[] = []) => t().database.raw.query(text, params);
    type Trend = { month: string; cancellations: number; revenue: number; payments: number };
    const monthOf = (iso: string) => {
      const sast = new Date(new Date(iso).getTime() + 2 * 3_600_000);
      return `${sast.getUTCFullYear()}-${String(sast.getUTCMonth() + 1).padStart(2, '0')}`;
    };
    const trend = async (month: string) =>
      (
        (await A().get('/api/v1/admin/subscriptions/analytics/trends?months=2')).json().months as Trend[]
      ).find((m) => m.month === month)!;
    const paidAt = new Date(Date.now() - 60_000).toISOString();
    const before = await trend(monthOf(paidAt));
    await q(
      `INSERT INTO subscription_changes (subscription_id, firm_id, change_type, effective_at) VALUES ($1, $2, 'cancelled', $3)`,
      [subscriptionId, firm.firmId, paidAt],
    );
    const pay = (ref: string, at: string, status = 'completed') =>
      q(
        `INSERT INTO payments (firm_id, subscription_id, kind, status, amount_cents, payment_reference, provider, paid_at)
         VALUES ($1, $2, 'renewal', $3, 12345, $4, 'manual', $5)`,
        [firm.firmId, subscriptionId, status, ref, at],
      );
    await pay(`trend-${firm.firmId}-a`, paidAt);
    await pay(`trend-${firm.firmId}-b`, paidAt, 'failed');
    const after = await trend(monthOf(paidAt));
    expect(after.cancellations - before.cancellations).toBe(1);
    expect(after.payments - before.payments).toBe(1);
    expect(Math.round((after.revenue - before.revenue) * 100)).toBe(12345);

    // A month nobody else touches: exactly what was put in it.
    await q(
      `INSERT INTO subscription_changes (subscription_id, firm_id, change_type, effective_at) VALUES ($1, $2, 'activated', '2003-03-10T10:00:00Z'), ($1, $2, 'renewed', '2003-03-31T21:59:00Z'), ($1, $2, 'renewed', '2003-03-31T22:00:00Z')`,
      [subscriptionId, firm.firmId],
    );
    await pay(`trend-${firm.firmId}-c`, '2003-03-15T10:00:00Z');
    const march = (
      await A().get('/api/v1/admin/subscriptions/reports/monthly-summary?year=2003&month=3')
    ).json();
    expect(march).toMatchObject({
      activations: 1,
      new_subscriptions: 1,
      renewals: 1,
      revenue: 123.45,
      payments_count: 1,
      cancellations: 0,
    });
  });

  it('the monthly summary and the cancellation report show reasons and feedback', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const id = await subscribeFirm(t(), firm.firmId, { plan: 'small_practice' });
    await t().as(firm.token).post(`/api/v1/payments/cancel-subscription/${id}`, {
      reason: 'switching_provider',
      feedback: 'Moving to a bundle',
    });
    await t()
      .as(firm.token)
      .post('/api/v1/payments/cancel-feedback', { reason: 'technical', feedback: 'Card declined twice' });
    const summary = (await A().get('/api/v1/admin/subscriptions/reports/monthly-summary')).json();
    expect(summary.cancellations).toBeGreaterThanOrEqual(1);
    expect(summary.cancellation_reasons).toEqual(
      expect.arrayContaining([{ reason: 'switching_provider', count: expect.any(Number) }]),
    );
    expect(summary.payment_cancel_reasons).toEqual(
      expect.arrayContaining([{ reason: 'technical', count: expect.any(Number) }]),
    );
    const empty = (
      await A().get('/api/v1/admin/subscriptions/reports/monthly-summary?year=2001&month=1')
    ).json();
    expect(empty).toMatchObject({
      year: 2001,
      month: 1,
      revenue: 0,
      cancellations: 0,
      period_start: '2000-12-31T22:00:00.000Z',
    });
    const report = (await A().get('/api/v1/admin/subscriptions/reports/cancellation-reasons')).json();
    expect(
      report.cancellations.find((c: { subscription_id: number }) => c.subscription_id === id),
    ).toMatchObject({
      reason: 'switching_provider',
      feedback: 'Moving to a bundle',
      firm_id: firm.firmId,
      plan_name: 'Small Practice',
    });
    expect(report.payment_feedback[0]).toMatchObject({
      reason: 'technical',
      feedback: 'Card declined twice',
    });
  });

  it('a firm’s subscription history lists its subscriptions, changes and payments', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const checkout = await subscribeThroughSimulator(t(), firm, plans.small_practice);
    const res = (
      await A().get(`/api/v1/admin/subscriptions/firms/${firm.firmId}/subscription-history`)
    ).json();
    expect(res.subscriptions.map((s: { id: number }) => s.id)).toEqual([checkout.subscriptionId]);
    expect(res.history.map((h: { change_type: string }) => h.change_type)).toEqual([
      'trial_started',
      'created',
    ]);
    expect(res.payments[0]).toMatchObject({ id: checkout.init.payment_id, status: 'completed' });
    expect((await A().get('/api/v1/admin/subscriptions/firms/999999/subscription-history')).statusCode).toBe(
      404,
    );
  });
});

describe('admin directories', () => {
  it('lists the mail outbox, newest first, with search', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    await drainEvents(t());
    const res = (
      await A().get(`/api/v1/admin/mail-outbox?search=${encodeURIComponent(firm.adminEmail)}`)
    ).json();
    expect(res.total).toBeGreaterThanOrEqual(1);
    expect(res.messages[0]).toMatchObject({ to: firm.adminEmail, status: 'kept' });
    expect((await A().get(`/api/v1/admin/mail-outbox/${res.messages[0].id}`)).json().subject).toBe(
      res.messages[0].subject,
    );
    expect((await A().get('/api/v1/admin/mail-outbox/999999')).statusCode).toBe(404);
  });

  it('counts the outbox only a thousand past the page asked for: the total stops at count_limit', async () => {
    const q = (text: string, params: unknown[] = []) => t().database.raw.query(text, params);
    await q(
      `INSERT INTO mail_outbox (to_address, subject, text_body, status, sent_at)
       SELECT 'countme' || i || '@x.co.za', 'Count me', 'b', 'sent', now() FROM generate_series(1, 1030) i`,
    );
    const page = async (query: string) =>
      (await A().get(`/api/v1/admin/mail-outbox?search=countme&${query}`)).json();
    const first = await page('skip=0&limit=25');
    expect(first).toMatchObject({ total: 1000, count_limit: 1000 });
    expect(first.messages).toHaveLength(25);
    expect(first.messages[0].to).toBe('countme1030@x.co.za');
    const further = await page('skip=100&limit=25');
    expect(further).toMatchObject({ total: 1030, count_limit: 1100 });
    expect(further.messages[0].to).toBe('countme930@x.co.za');
    expect(await page('status=failed')).toMatchObject({ total: 0, messages: [] });
    // A skip whose count_limit would not be a safe integer is refused with a clear 422, not answered 500.
    const huge = await A().get('/api/v1/admin/mail-outbox?skip=9007199254740000');
    expect(huge.statusCode).toBe(422);
    expect(huge.json().detail[0].loc).toEqual(['querystring', 'skip']);
    await q(`DELETE FROM mail_outbox WHERE to_address LIKE 'countme%'`);
  });

  it('searches users and firms for management, with the firm’s subscription', async () => {
    const firm = await registerFirm(t(), { firm_name: 'Quokka Legal' });
    const users = (await A().get('/api/v1/admin/users?search=quokka')).json();
    expect(users.users.map((u: { firm_name: string }) => u.firm_name)).toEqual(['Quokka Legal']);
    const byRole = (await A().get('/api/v1/admin/users?role=sheriff')).json();
    expect(byRole.users.every((u: { role: string }) => u.role === 'sheriff')).toBe(true);
    const firms = (await A().get('/api/v1/admin/firms?search=quokka')).json();
    expect(firms.firms[0]).toMatchObject({
      id: firm.firmId,
      users_count: 1,
      branches_count: 1,
      subscription: { status: 'active', plan_name: 'Enterprise' },
    });
    const none = (await A().get('/api/v1/admin/firms?subscription_status=none&limit=500')).json();
    expect(none.firms.every((f: { subscription: unknown }) => f.subscription === null)).toBe(true);
  });

  it('lists sales-contact requests and updates their status', async () => {
    const created = await t().inject({
      method: 'POST',
      url: '/api/v1/subscriptions/sales-contact',
      payload: { name: 'Pat', email: 'pat@x.co.za', plan_id: plans.enterprise },
    });
    const id = created.json().id;
    const list = (await A().get('/api/v1/admin/subscriptions/sales-contacts?status=new')).json();
    expect(list.requests.find((r: { id: number }) => r.id === id)).toMatchObject({
      name: 'Pat',
      plan: { name: 'enterprise' },
    });
    const upd = await A().put(`/api/v1/admin/subscriptions/sales-contacts/${id}`, { status: 'contacted' });
    expect(upd.json().data.status).toBe('contacted');
  });
});
