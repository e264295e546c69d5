import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/build-app';
import { addFirmUser, registerFirm, subscribeFirm } from '../../../test/factories';
import { setSubscription } from '../../../test/subscription-helpers';

const t = useTestApp();
const GATE =
  'Your firm needs an active subscription to access this feature. Please choose a subscription plan.';
const day = 86_400_000;

/** A firm with a branch admin and a legal practitioner, whose subscription the test then moves around. */
async function firmWithRoles() {
  const firm = await registerFirm(t(), {}, { subscribed: false });
  const subId = await subscribeFirm(t(), firm.firmId, { plan: 'small_practice' });
  const branchAdmin = await addFirmUser(t(), firm, 'branch_admin');
  const attorney = await addFirmUser(t(), firm, 'legal_practitioner');
  return {
    firm,
    subId,
    roles: { firm_admin: firm.token, branch_admin: branchAdmin.token, legal_practitioner: attorney.token },
    attorneyId: attorney.id,
  };
}

/** A feature route every firm role may call when subscribed. */
const FEATURE = '/api/v1/users/sheriffs';

describe('subscription gate', () => {
  it('refuses every firm role with 402 once the subscription lapses, and lets them through while it is active', async () => {
    const { subId, roles } = await firmWithRoles();
    for (const token of Object.values(roles)) expect((await t().as(token).get(FEATURE)).statusCode).toBe(200);
    await setSubscription(t(), subId, { status: 'expired' });
    for (const [role, token] of Object.entries(roles)) {
      const res = await t().as(token).get(FEATURE);
      expect(res.statusCode, role).toBe(402);
      expect(res.json()).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED', detail: GATE });
    }
  });

  it('keeps the open routes open: profile, password, preferences, firm of a user, plans, subscription and payment calls', async () => {
    const { subId, roles, firm, attorneyId } = await firmWithRoles();
    await setSubscription(t(), subId, { status: 'expired' });
    for (const token of Object.values(roles)) {
      const as = t().as(token);
      expect((await as.get('/api/v1/users/me')).statusCode).toBe(200);
      expect((await as.get('/api/v1/users/me/permissions')).statusCode).toBe(200);
      expect((await as.get('/api/v1/users/me/profile')).statusCode).toBe(200);
      expect(
        (await as.put('/api/v1/users/me/profile', { address: '2 Long Street, Cape Town' })).statusCode,
      ).toBe(200);
      expect((await as.get('/api/v1/users/me/notification-preferences')).statusCode).toBe(200);
      expect((await as.get(`/api/v1/firms/user/${attorneyId}`)).statusCode).toBe(200);
      expect((await as.get('/api/v1/subscriptions/plans')).statusCode).toBe(200);
      expect((await as.get('/api/v1/subscriptions/my-subscription')).statusCode).toBe(404);
      expect((await as.get('/api/v1/subscriptions/usage')).statusCode).toBe(404);
      expect((await as.get('/api/v1/payments/payment/by-signature/abc')).statusCode).toBe(404);
    }
    const pw = await t().as(roles.firm_admin).post('/api/v1/users/change-password', {
      current_password: firm.password,
      new_password: 'Firm@67890',
      confirm_password: 'Firm@67890',
    });
    expect(pw.statusCode).toBe(200);
    const sel = await t()
      .as(roles.firm_admin)
      .post('/api/v1/subscriptions/select-plan', {
        plan_id: (await t().as(roles.firm_admin).get('/api/v1/subscriptions/plans')).json().plans[0].id,
      });
    expect(sel.statusCode).toBe(201);
  });

  it('honours the trial end, the end date and, after cancellation, access_ends_at', async () => {
    const { subId, roles } = await firmWithRoles();
    const token = roles.legal_practitioner;
    const now = Date.now();
    const cases: [Record<string, unknown>, number][] = [
      [{ status: 'trial', trialEndDate: new Date(now + day), endDate: new Date(now + day) }, 200],
      [{ status: 'trial', trialEndDate: new Date(now - 1000), endDate: new Date(now - 1000) }, 402],
      [{ status: 'active', trialEndDate: new Date(now - 30 * day), endDate: new Date(now + day) }, 200],
      [{ status: 'active', endDate: new Date(now - 1000) }, 402],
      [{ status: 'active', endDate: null }, 200],
      [{ status: 'cancelled', endDate: new Date(now + day), accessEndsAt: new Date(now + day) }, 200],
      [{ status: 'cancelled', endDate: new Date(now + day), accessEndsAt: new Date(now - 1000) }, 402],
      [{ status: 'pending', endDate: null, accessEndsAt: null }, 402],
    ];
    for (const [values, status] of cases) {
      await setSubscription(t(), subId, { trialEndDate: null, accessEndsAt: null, ...values });
      expect((await t().as(token).get(FEATURE)).statusCode, JSON.stringify(values)).toBe(status);
    }
  });

  it('lets the system administrator and sheriffs through without a subscription', async () => {
    const admin = await t().login(DEMO.admin);
    expect((await t().as(admin).get('/api/v1/users')).statusCode).toBe(200);
    const sheriff = await t().login(DEMO.sheriff);
    expect((await t().as(sheriff).get('/api/v1/firms')).statusCode).toBe(200);
  });

  it('lets the demo firm through (seeded with an active subscription)', async () => {
    for (const email of [DEMO.firmAdmin, DEMO.branchAdmin, DEMO.attorney]) {
      const token = await t().login(email);
      expect((await t().as(token).get(FEATURE)).statusCode, email).toBe(200);
      expect((await t().as(token).get('/api/v1/subscriptions/my-subscription')).json()).toMatchObject({
        status: 'active',
        is_active: true,
      });
    }
  });

  it('does not hide unknown routes or authentication failures behind 402', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    expect((await t().as(firm.token).get('/api/v1/no-such-route')).statusCode).toBe(404);
    expect((await t().inject({ method: 'GET', url: FEATURE })).statusCode).toBe(401);
  });
});
