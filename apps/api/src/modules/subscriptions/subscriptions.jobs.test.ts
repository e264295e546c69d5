import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/build-app';
import { registerFirm, subscribeFirm } from '../../../test/factories';
import {
  drainEvents,
  getSubscriptionRow,
  mailTo,
  planIds,
  setSubscription,
  subscribeThroughSimulator,
  type PlanIds,
} from '../../../test/subscription-helpers';
import { jobs, payments } from '../../db/schema/index';
import { scheduleJob } from '../../lib/jobs';
import { JOBS, scheduleSubscriptionJobs } from './lifecycle.service';
import { addDays, addMonths } from '../../lib/money';

const t = useTestApp();
let plans: PlanIds;
beforeAll(async () => {
  plans = await planIds(t());
});

const MINUTE = 60_000;
/** Runs the jobs due at `now` (the controlled clock) until none is left. */
async function runJobsAt(now: Date) {
  for (let i = 0; i < 200 && (await t().app.deps.jobs.tick(now)) > 0; i++) {
    /* keep going */
  }
  await drainEvents(t());
}
const jobsOf = (subscriptionId: number) =>
  t()
    .database.db.select()
    .from(jobs)
    .then((rows) =>
      rows.filter(
        (j) => Number((j.payload as { subscriptionId?: number }).subscriptionId) === subscriptionId,
      ),
    );

describe('subscription jobs', () => {
  it('trial: reminder three days before its end, then the first charge converts it to active (simulator)', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const { subscriptionId } = await subscribeThroughSimulator(t(), firm, plans.small_practice);
    const trial = (await getSubscriptionRow(t(), subscriptionId))!;
    const trialEnd = trial.trialEndDate!;
    expect((await jobsOf(subscriptionId)).map((j) => [j.name, j.runAt.toISOString()]).sort()).toEqual(
      [
        [JOBS.periodEnd, trialEnd.toISOString()],
        [JOBS.trialReminder, addDays(trialEnd, -3).toISOString()],
      ].sort(),
    );

    await runJobsAt(new Date(addDays(trialEnd, -3).getTime() + MINUTE));
    const reminders = (await mailTo(t(), firm.adminEmail)).filter((m) =>
      m.subject.startsWith('Your Small Practice free trial ends on'),
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.textBody).toContain('R 499.00 is charged monthly');
    expect((await getSubscriptionRow(t(), subscriptionId))!.status).toBe('trial');

    await runJobsAt(new Date(trialEnd.getTime() + MINUTE));
    const converted = (await getSubscriptionRow(t(), subscriptionId))!;
    expect(converted).toMatchObject({
      status: 'active',
      currentPeriodStart: trialEnd,
      endDate: addMonths(trialEnd, 1),
    });
    const renewal = (
      await t().database.db.select().from(payments).where(eq(payments.subscriptionId, subscriptionId))
    ).find((p) => p.kind === 'renewal');
    expect(renewal).toMatchObject({ status: 'completed', amountCents: 49_900 });
    expect((await mailTo(t(), firm.adminEmail))[0]!.subject).toBe(
      'Payment receipt: Small Practice subscription renewed',
    );
    const mine = (await t().as(firm.token).get('/api/v1/subscriptions/my-subscription')).json();
    expect(mine).toMatchObject({ status: 'active', trial_end_date: null, is_active: true });

    // The next period end renews again; a stale copy of an old job changes nothing.
    await scheduleJob(t().database.db, {
      name: JOBS.periodEnd,
      payload: { subscriptionId, endsAt: trialEnd.toISOString() },
      dedupeKey: `stale-${subscriptionId}`,
    });
    await runJobsAt(new Date(converted.endDate!.getTime() + MINUTE));
    const second = (await getSubscriptionRow(t(), subscriptionId))!;
    expect(second.endDate).toEqual(addMonths(converted.endDate!, 1));
    const rows = await t()
      .database.db.select()
      .from(payments)
      .where(eq(payments.subscriptionId, subscriptionId));
    expect(rows.filter((p) => p.kind === 'renewal')).toHaveLength(2);
  });

  it('applies a scheduled downgrade at the renewal, charging the new price', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const { subscriptionId } = await subscribeThroughSimulator(t(), firm, plans.medium_large_firm);
    const trialEnd = (await getSubscriptionRow(t(), subscriptionId))!.trialEndDate!;
    await setSubscription(t(), subscriptionId, {
      status: 'active',
      trialEndDate: null,
      currentPeriodStart: addDays(trialEnd, -30),
      endDate: trialEnd,
    });
    const res = await t().as(firm.token).post('/api/v1/subscriptions/change-plan', {
      new_plan_id: plans.small_practice,
      effective_date: 'next_billing_cycle',
    });
    expect(res.json().status).toBe('scheduled');
    await scheduleSubscriptionJobs(t().database.db, (await getSubscriptionRow(t(), subscriptionId))!);
    await runJobsAt(new Date(trialEnd.getTime() + MINUTE));
    const row = (await getSubscriptionRow(t(), subscriptionId))!;
    expect(row).toMatchObject({
      planId: plans.small_practice,
      amountCents: 49_900,
      pendingPlanId: null,
      status: 'active',
    });
    const renewal = (
      await t().database.db.select().from(payments).where(eq(payments.subscriptionId, subscriptionId))
    ).find((p) => p.kind === 'renewal');
    expect(renewal!.amountCents).toBe(49_900);
  });

  it('cancellation takes effect at the end of the paid period', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const id = await subscribeFirm(t(), firm.firmId, { plan: 'small_practice' });
    const res = await t().as(firm.token).post(`/api/v1/payments/cancel-subscription/${id}`, {});
    const accessEnds = new Date(res.json().data.access_ends_at);
    expect((await jobsOf(id)).map((j) => j.name)).toContain(JOBS.accessEnd);
    await runJobsAt(new Date(accessEnds.getTime() + MINUTE));
    expect((await mailTo(t(), firm.adminEmail))[0]!.subject).toBe(
      'Your Small Practice subscription has ended',
    );
    const admin = await t().login(DEMO.admin);
    const history = (await t().as(admin).get(`/api/v1/admin/subscriptions/firm-subscriptions/${id}`)).json()
      .history;
    expect(history.map((h: { change_type: string }) => h.change_type)).toEqual(['access_ended', 'cancelled']);
  });

  it('PayFast: expires a subscription whose renewal never came, three days after the period end', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const id = await subscribeFirm(t(), firm.firmId, { plan: 'small_practice' });
    const sub = await setSubscription(t(), id, { provider: 'payfast' });
    await scheduleSubscriptionJobs(t().database.db, sub);
    await runJobsAt(new Date(sub.endDate!.getTime() + MINUTE));
    expect((await getSubscriptionRow(t(), id))!.status).toBe('active');
    expect((await jobsOf(id)).map((j) => j.name)).toContain(JOBS.renewalOverdue);
    await runJobsAt(new Date(addDays(sub.endDate!, 3).getTime() + MINUTE));
    expect((await getSubscriptionRow(t(), id))!.status).toBe('expired');
    expect((await mailTo(t(), firm.adminEmail))[0]!.subject).toBe(
      'Your Small Practice subscription has expired',
    );
  });

  it('a manual subscription lapses at the end of its period', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const id = await subscribeFirm(t(), firm.firmId, { plan: 'small_practice', provider: 'manual' });
    const sub = (await getSubscriptionRow(t(), id))!;
    await scheduleSubscriptionJobs(t().database.db, sub);
    await runJobsAt(new Date(sub.endDate!.getTime() + MINUTE));
    expect((await getSubscriptionRow(t(), id))!.status).toBe('expired');
  });

  it('the clean-up expires unpaid trials and unrenewed periods, not those still within their grace', async () => {
    const firm1 = await registerFirm(t(), {}, { subscribed: false });
    const firm2 = await registerFirm(t(), {}, { subscribed: false });
    const firm3 = await registerFirm(t(), {}, { subscribed: false });
    const now = Date.now();
    const lapsedTrial = await subscribeFirm(t(), firm1.firmId, {
      status: 'trial',
      start: new Date(now - 16 * 86_400_000),
    });
    const lapsedActive = await subscribeFirm(t(), firm2.firmId, { start: new Date(now - 35 * 86_400_000) });
    const recent = await subscribeFirm(t(), firm3.firmId, {
      start: addMonths(new Date(now - 86_400_000), -1),
    });
    const admin = await t().login(DEMO.admin);
    const res = await t().as(admin).post('/api/v1/admin/subscriptions/system/cleanup-expired-trials');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.subscription_ids).toEqual(expect.arrayContaining([lapsedTrial, lapsedActive]));
    expect(res.json().data.subscription_ids).not.toContain(recent);
    expect((await getSubscriptionRow(t(), lapsedTrial))!.status).toBe('expired');
    expect((await getSubscriptionRow(t(), recent))!.status).toBe('active');
    const again = await t().as(admin).post('/api/v1/admin/subscriptions/system/cleanup-expired-trials');
    expect(again.json().data.expired_count).toBe(0);
  });

  it('schedules the daily clean-up once per day', async () => {
    const rows = (await t().database.db.select().from(jobs)).filter((j) => j.name === JOBS.cleanup);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(new Set(rows.map((r) => r.dedupeKey)).size).toBe(rows.length);
  });
});
