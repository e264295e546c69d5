import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/build-app';
import { addFirmUser, registerFirm, subscribeFirm } from '../../../test/factories';
import {
  getSubscriptionRow,
  mailTo,
  planIds,
  setSubscription,
  subscribeThroughSimulator,
  type PlanIds,
} from '../../../test/subscription-helpers';
import { addDays, addMonths } from '../../lib/money';
import { periodDays, prorate } from './plan-change';

const t = useTestApp();
let plans: PlanIds;
beforeAll(async () => {
  plans = await planIds(t());
});

const msgs = (res: { json: () => { detail: { loc: string[]; msg: string }[] } }) =>
  res.json().detail.map((d) => `${d.loc.join('.')}: ${d.msg}`);

describe('plans (public)', () => {
  it('lists the active plans without a session, cheapest first, Contact Us plans last', async () => {
    const res = await t().inject({ method: 'GET', url: '/api/v1/subscriptions/plans' });
    expect(res.statusCode).toBe(200);
    const { plans: list, total } = res.json();
    expect(total).toBe(list.length);
    expect(list.map((p: { name: string }) => p.name)).toEqual([
      'small_practice',
      'medium_large_firm',
      'enterprise',
    ]);
    const [small, , enterprise] = list;
    expect(small).toMatchObject({
      display_name: 'Small Practice',
      monthly_price: '499.00',
      quarterly_price: '1347.30',
      annual_price: '4790.40',
      yearly_price: '4790.40',
      currency: 'ZAR',
      max_users: 5,
      max_branches: 1,
      max_digital_services: 100,
      is_unlimited_services: false,
      max_storage_gb: 10,
      trial_days: 14,
      is_contact_sales: false,
    });
    expect(small.features).toMatchObject({ sheriff_assignment: true, api_access: false });
    expect(small.feature_list).toEqual(['Sheriff assignment', 'Attorney assignment', 'Audit trail']);
    expect(enterprise).toMatchObject({
      monthly_price: null,
      is_contact_sales: true,
      max_users: -1,
      max_digital_services: -1,
      is_unlimited_services: true,
    });
  });

  it('lists the featured plans', async () => {
    const res = await t().inject({ method: 'GET', url: '/api/v1/subscriptions/plans/featured' });
    expect(res.json().plans.map((p: { name: string }) => p.name)).toEqual(['medium_large_firm']);
  });
});

describe('select-plan', () => {
  it('validates with the spec messages (422)', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const res = await t()
      .as(firm.token)
      .post('/api/v1/subscriptions/select-plan', { billing_cycle: 'weekly' });
    expect(res.statusCode).toBe(422);
    expect(msgs(res)).toEqual([
      'body.plan_id: Plan ID is required',
      'body.billing_cycle: Valid billing cycle is required (monthly, quarterly, or annual)',
    ]);
  });

  it('answers 400 for an unknown plan and the sales message for a plan without a price', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const unknown = await t()
      .as(firm.token)
      .post('/api/v1/subscriptions/select-plan', { plan_id: 999_999, billing_cycle: 'monthly' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe('Invalid plan selection. Please check your plan and billing cycle.');
    const sales = await t()
      .as(firm.token)
      .post('/api/v1/subscriptions/select-plan', { plan_id: plans.enterprise, billing_cycle: 'monthly' });
    expect(sales.statusCode).toBe(400);
    expect(sales.json()).toMatchObject({
      code: 'PLAN_CONTACT_SALES',
      detail: 'Plan selection is not available at this time. Please contact sales.',
    });
  });

  it('two choices at the same moment leave one pending subscription, and neither answers 5xx', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const choose = () =>
      t().as(firm.token).post('/api/v1/subscriptions/select-plan', {
        plan_id: plans.small_practice,
        billing_cycle: 'monthly',
      });
    const answers = await Promise.all([choose(), choose(), choose()]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((r) => r.json().subscription_id)).size).toBe(1);
  });

  it('creates a pending subscription with the trial; choosing again re-points the same pending one', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const res = await t()
      .as(firm.token)
      .post('/api/v1/subscriptions/select-plan', { plan_id: plans.small_practice, billing_cycle: 'monthly' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', subscription_id: expect.any(Number) });
    expect(body.data).toMatchObject({
      status: 'pending',
      plan_id: plans.small_practice,
      billing_cycle: 'monthly',
      amount: '499.00',
      trial_days: 14,
    });
    expect(body.data.first_charge_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const again = await t().as(firm.token).post('/api/v1/subscriptions/select-plan', {
      plan_id: plans.medium_large_firm,
      billing_cycle: 'quarterly',
    });
    expect(again.json().subscription_id).toBe(body.subscription_id);
    expect(again.json().data).toMatchObject({
      plan_id: plans.medium_large_firm,
      billing_cycle: 'quarterly',
      amount: '4047.30',
    });
    // Pending is not a subscription that gives access.
    expect((await t().as(firm.token).get('/api/v1/subscriptions/my-subscription')).statusCode).toBe(404);
  });

  it('answers 409 while the firm has an active or trial subscription', async () => {
    const admin = await t().login(DEMO.firmAdmin);
    const res = await t()
      .as(admin)
      .post('/api/v1/subscriptions/select-plan', { plan_id: plans.small_practice, billing_cycle: 'monthly' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      'You already have an active subscription. Please cancel or upgrade your current plan.',
    );
  });

  it('gives a firm one free trial only', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const checkout = await subscribeThroughSimulator(t(), firm, plans.small_practice);
    await setSubscription(t(), checkout.subscriptionId, { status: 'expired' });
    const res = await t()
      .as(firm.token)
      .post('/api/v1/subscriptions/select-plan', { plan_id: plans.small_practice, billing_cycle: 'monthly' });
    expect(res.json().data.trial_days).toBe(0);
  });

  it('is the firm administrator’s call; other firm roles are told so (403)', async () => {
    const firm = await registerFirm(t());
    const attorney = await addFirmUser(t(), firm, 'legal_practitioner');
    const res = await t()
      .as(attorney.token)
      .post('/api/v1/subscriptions/select-plan', { plan_id: plans.small_practice, billing_cycle: 'monthly' });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(
      "Only your firm administrator can choose or change the firm's subscription plan.",
    );
    const sheriff = await t().login(DEMO.sheriff);
    expect(
      (await t().as(sheriff).post('/api/v1/subscriptions/select-plan', { plan_id: plans.small_practice }))
        .statusCode,
    ).toBe(403);
  });
});

describe('my-subscription and usage', () => {
  it('answers 404 with the spec message when the firm has none, 401 without a session', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const res = await t().as(firm.token).get('/api/v1/subscriptions/my-subscription');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('No active subscription found. Please select a subscription plan.');
    expect((await t().as(firm.token).get('/api/v1/subscriptions/usage')).statusCode).toBe(404);
    expect(
      (await t().inject({ method: 'GET', url: '/api/v1/subscriptions/my-subscription' })).statusCode,
    ).toBe(401);
    const sheriff = await t().login(DEMO.sheriff);
    expect((await t().as(sheriff).get('/api/v1/subscriptions/my-subscription')).statusCode).toBe(404);
  });

  it('?if_none=empty answers "none" as 204 No Content (no failed request in the browser), the subscription as 200', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const none = await t().as(firm.token).get('/api/v1/subscriptions/my-subscription?if_none=empty');
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe('');
    const sheriff = await t().login(DEMO.sheriff);
    expect(
      (await t().as(sheriff).get('/api/v1/subscriptions/my-subscription?if_none=empty')).statusCode,
    ).toBe(204);
    expect(
      (await t().as(firm.token).get('/api/v1/subscriptions/my-subscription?if_none=other')).statusCode,
    ).toBe(422);
    await subscribeFirm(t(), firm.firmId, { plan: 'small_practice' });
    const mine = await t().as(firm.token).get('/api/v1/subscriptions/my-subscription?if_none=empty');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().status).toBeDefined();
  });

  it('answers the firm’s subscription to every firm role, with usage', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    await subscribeFirm(t(), firm.firmId, { plan: 'small_practice' });
    const attorney = await addFirmUser(t(), firm, 'legal_practitioner');
    for (const token of [firm.token, attorney.token]) {
      const res = await t().as(token).get('/api/v1/subscriptions/my-subscription');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        firm_id: firm.firmId,
        status: 'active',
        plan_id: plans.small_practice,
        plan: { name: 'small_practice', display_name: 'Small Practice', monthly_price: '499.00' },
        billing_cycle: 'monthly',
        amount: '499.00',
        trial_end_date: null,
        access_ends_at: null,
        is_active: true,
        has_access: true,
        has_payment_method: true,
        next_charge_amount: '499.00',
        pending_change: null,
        current_users: 2,
        current_digital_services: 0,
        current_storage_mb: 0,
      });
    }
    const usage = (await t().as(attorney.token).get('/api/v1/subscriptions/usage')).json();
    expect(usage).toMatchObject({
      plan_id: plans.small_practice,
      users_count: 2,
      users_limit: 5,
      branches_count: 1,
      branches_limit: 1,
      digital_services_used: 0,
      digital_services_limit: 100,
      storage_used_mb: 0,
      storage_limit_mb: 10_240,
    });
    expect(new Date(usage.current_period_end).getTime()).toBeGreaterThan(Date.now());
  });

  it('shows trial_end_date only while in trial', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const id = await subscribeFirm(t(), firm.firmId, { plan: 'small_practice', status: 'trial' });
    const trial = (await t().as(firm.token).get('/api/v1/subscriptions/my-subscription')).json();
    expect(trial.status).toBe('trial');
    expect(trial.trial_end_date).toBe(trial.end_date);
    expect(trial.next_billing_date).toBe(trial.trial_end_date);
    await setSubscription(t(), id, { status: 'active' });
    expect(
      (await t().as(firm.token).get('/api/v1/subscriptions/my-subscription')).json().trial_end_date,
    ).toBeNull();
  });
});

describe('plan change', () => {
  /** A small-practice firm 10 days (and an hour) into a monthly period. */
  async function smallFirm(opts: { provider?: 'simulator' | 'manual' } = {}) {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const start = new Date(Date.now() - 10 * 86_400_000 - 3_600_000);
    const id = await subscribeFirm(t(), firm.firmId, {
      plan: 'small_practice',
      start,
      provider: opts.provider,
    });
    return { firm, id, start, end: addMonths(start, 1) };
  }

  it('previews an upgrade: costs, proration to the cent, gains and limit changes', async () => {
    const { firm, start, end } = await smallFirm();
    const res = await t().as(firm.token).post('/api/v1/subscriptions/change-plan/preview', {
      new_plan_id: plans.medium_large_firm,
      billing_cycle: 'monthly',
      effective_date: 'immediate',
    });
    expect(res.statusCode).toBe(200);
    const { daysRemaining, daysInPeriod } = periodDays(start, end, new Date());
    const credit = prorate(49_900, daysRemaining, daysInPeriod);
    const charge = prorate(149_900, daysRemaining, daysInPeriod);
    expect(res.json()).toMatchObject({
      change_type: 'upgrade',
      current_plan: { id: plans.small_practice, display_name: 'Small Practice' },
      new_plan: { id: plans.medium_large_firm, display_name: 'Medium / Large Firm' },
      current_monthly_cost: 499,
      new_monthly_cost: 1499,
      monthly_difference: 1000,
      can_apply_immediately: true,
      days_remaining_in_period: daysRemaining,
      days_in_period: daysInPeriod,
      prorated_credit: credit / 100,
      prorated_charge: charge / 100,
      prorated_amount: (charge - credit) / 100,
      next_billing_cycle_date: end.toISOString(),
      warnings: [],
      payment_method_required: false,
      feature_losses: [],
      limit_changes: {
        max_users: { from: 5, to: 25 },
        max_branches: { from: 1, to: 5 },
        max_digital_services: { from: 100, to: 500 },
        max_storage_gb: { from: 10, to: 100 },
      },
    });
    expect(res.json().feature_gains).toContain('Priority support');
  });

  it('validates the preview and refuses the current plan', async () => {
    const { firm } = await smallFirm();
    const missing = await t().as(firm.token).post('/api/v1/subscriptions/change-plan/preview', {});
    expect(missing.statusCode).toBe(422);
    expect(msgs(missing)).toEqual(['body.new_plan_id: New plan ID is required']);
    const same = await t()
      .as(firm.token)
      .post('/api/v1/subscriptions/change-plan/preview', { new_plan_id: plans.small_practice });
    expect(same.statusCode).toBe(409);
    expect(same.json().detail).toBe('Cannot change to the same plan or invalid plan transition.');
  });

  it('applies an upgrade now: new plan and limits at once, the prorated difference added to the next charge', async () => {
    const { firm, id, start, end } = await smallFirm();
    const res = await t().as(firm.token).post('/api/v1/subscriptions/change-plan', {
      new_plan_id: plans.medium_large_firm,
      effective_date: 'immediate',
    });
    expect(res.statusCode).toBe(200);
    const { daysRemaining, daysInPeriod } = periodDays(start, end, new Date());
    const net = prorate(149_900, daysRemaining, daysInPeriod) - prorate(49_900, daysRemaining, daysInPeriod);
    const conf = res.json();
    expect(conf).toMatchObject({
      new_plan: { id: plans.medium_large_firm },
      new_monthly_cost: 1499,
      change_id: expect.any(Number),
      status: 'applied',
      next_billing_date: end.toISOString(),
      prorated_amount: net / 100,
      payment_update_required: false,
      billing_cycle: 'monthly',
    });
    expect(Date.now() - new Date(conf.effective_date).getTime()).toBeLessThan(60_000);
    const mine = (await t().as(firm.token).get('/api/v1/subscriptions/my-subscription')).json();
    expect(mine).toMatchObject({ plan_id: plans.medium_large_firm, amount: '1499.00' });
    expect(mine.next_charge_amount).toBe(((149_900 + net) / 100).toFixed(2));
    expect((await getSubscriptionRow(t(), id))!.balanceCents).toBe(net);
    const mail = await mailTo(t(), firm.adminEmail);
    expect(mail[0]!.subject).toBe('Your plan is now Medium / Large Firm');
  });

  it('a downgrade waits for the next billing date (409 when asked for now)', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const start = new Date(Date.now() - 5 * 86_400_000);
    await subscribeFirm(t(), firm.firmId, { plan: 'medium_large_firm', start });
    const preview = (
      await t()
        .as(firm.token)
        .post('/api/v1/subscriptions/change-plan/preview', { new_plan_id: plans.small_practice })
    ).json();
    expect(preview).toMatchObject({ change_type: 'downgrade', can_apply_immediately: false });
    expect(preview.monthly_difference).toBe(-1000);
    const now = await t().as(firm.token).post('/api/v1/subscriptions/change-plan', {
      new_plan_id: plans.small_practice,
      effective_date: 'immediate',
    });
    expect(now.statusCode).toBe(409);
    const later = await t().as(firm.token).post('/api/v1/subscriptions/change-plan', {
      new_plan_id: plans.small_practice,
      effective_date: 'next_billing_cycle',
    });
    expect(later.statusCode).toBe(200);
    expect(later.json()).toMatchObject({
      status: 'scheduled',
      prorated_amount: 0,
      effective_date: addMonths(start, 1).toISOString(),
    });
    const mine = (await t().as(firm.token).get('/api/v1/subscriptions/my-subscription')).json();
    expect(mine).toMatchObject({ plan_id: plans.medium_large_firm, next_charge_amount: '499.00' });
    expect(mine.pending_change).toMatchObject({
      plan: { id: plans.small_practice },
      billing_cycle: 'monthly',
    });
  });

  it('refuses a more expensive plan without a card on file (402)', async () => {
    const { firm } = await smallFirm({ provider: 'manual' });
    const preview = (
      await t()
        .as(firm.token)
        .post('/api/v1/subscriptions/change-plan/preview', { new_plan_id: plans.medium_large_firm })
    ).json();
    expect(preview.payment_method_required).toBe(true);
    const res = await t()
      .as(firm.token)
      .post('/api/v1/subscriptions/change-plan', { new_plan_id: plans.medium_large_firm });
    expect(res.statusCode).toBe(402);
    expect(res.json().detail).toBe('Payment method update required before changing plans.');
  });

  it('upgrade: 409 for the same or a lower plan, applied for a higher one', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    await subscribeFirm(t(), firm.firmId, { plan: 'medium_large_firm' });
    for (const planId of [plans.medium_large_firm, plans.small_practice, plans.enterprise]) {
      const res = await t().as(firm.token).post('/api/v1/subscriptions/upgrade', { new_plan_id: planId });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(
        'Cannot upgrade to the same or lower plan. Please select a higher tier.',
      );
    }
    const low = await registerFirm(t(), {}, { subscribed: false });
    await subscribeFirm(t(), low.firmId, { plan: 'small_practice' });
    const up = await t()
      .as(low.token)
      .post('/api/v1/subscriptions/upgrade', { new_plan_id: plans.medium_large_firm });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ status: 'applied', new_plan: { id: plans.medium_large_firm } });
  });

  it('is refused to other firm roles (403) and without a subscription (404)', async () => {
    const { firm } = await smallFirm();
    const branchAdmin = await addFirmUser(t(), firm, 'branch_admin');
    const res = await t()
      .as(branchAdmin.token)
      .post('/api/v1/subscriptions/change-plan', { new_plan_id: plans.medium_large_firm });
    expect(res.statusCode).toBe(403);
    // Reading the preview is allowed to the firm's roles.
    expect(
      (
        await t()
          .as(branchAdmin.token)
          .post('/api/v1/subscriptions/change-plan/preview', { new_plan_id: plans.medium_large_firm })
      ).statusCode,
    ).toBe(200);
    const none = await registerFirm(t(), {}, { subscribed: false });
    const r404 = await t()
      .as(none.token)
      .post('/api/v1/subscriptions/change-plan', { new_plan_id: plans.medium_large_firm });
    expect(r404.statusCode).toBe(404);
    expect(r404.json().detail).toBe('No active subscription found. Please select a subscription plan.');
  });

  it('a plan change during a trial keeps the trial and moves the first charge to the new price', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    await subscribeFirm(t(), firm.firmId, { plan: 'small_practice', status: 'trial' });
    const res = await t()
      .as(firm.token)
      .post('/api/v1/subscriptions/change-plan', { new_plan_id: plans.medium_large_firm });
    expect(res.json()).toMatchObject({ status: 'applied', prorated_amount: 0 });
    const mine = (await t().as(firm.token).get('/api/v1/subscriptions/my-subscription')).json();
    expect(mine).toMatchObject({ status: 'trial', next_charge_amount: '1499.00' });
    expect(new Date(mine.trial_end_date).getTime()).toBeGreaterThan(addDays(new Date(), 13).getTime());
  });
});

describe('sales contact', () => {
  it('stores a visitor’s request and e-mails the system administrators', async () => {
    const res = await t().inject({
      method: 'POST',
      url: '/api/v1/subscriptions/sales-contact',
      payload: {
        name: 'Naledi Khumalo',
        email: 'naledi@bigfirm.co.za',
        firm_name: 'Big Firm Inc.',
        plan_id: plans.enterprise,
        message: 'We have 12 branches.',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      id: expect.any(Number),
      message: 'Sales contact request submitted! Our team will reach out to you within 24 hours.',
    });
    const [mail] = await mailTo(t(), DEMO.admin);
    expect(mail!.subject).toBe('Sales enquiry about Enterprise from Big Firm Inc.');
    expect(mail!.textBody).toContain('We have 12 branches.');
  });

  it('validates and links a signed-in caller to their firm', async () => {
    const bad = await t().inject({
      method: 'POST',
      url: '/api/v1/subscriptions/sales-contact',
      payload: { name: '', email: 'nope' },
    });
    expect(bad.statusCode).toBe(422);
    expect(msgs(bad)).toEqual([
      'body.name: Name is required',
      'body.email: Please enter a valid email address',
    ]);
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const res = await t()
      .as(firm.token)
      .post('/api/v1/subscriptions/sales-contact', { name: 'A', email: firm.adminEmail });
    expect(res.statusCode).toBe(201);
    const admin = await t().login(DEMO.admin);
    const list = (await t().as(admin).get('/api/v1/admin/subscriptions/sales-contacts')).json();
    expect(list.requests[0]).toMatchObject({ id: res.json().id, firm_id: firm.firmId, status: 'new' });
  });
});
