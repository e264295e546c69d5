import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { firmSubscriptions, firms } from '../../db/schema/index';
import { DEMO_FIRM } from '../../config/demo';
import type { SeedStep } from '../../lib/module';
import { scheduleSubscriptionJobs } from './lifecycle.service';
import { addCycle, cyclePriceCents } from '../../lib/money';
import { ensureDefaultPlans } from './plans.service';
import { findPlanByName } from './plans.repository';
import { insertChange, insertSubscription } from './subscriptions.repository';
import { scheduleNextCleanup } from './subscriptions.jobs';

/** Default plans, on every start (only the missing ones are created). */
const seedDefaultPlans: SeedStep = async (db, _env, log) => {
  const created = await ensureDefaultPlans(db);
  if (created.length) log.info(`subscription plans created: ${created.map((p) => p.name).join(', ')}`);
};

/**
 * The demo firm gets an active subscription so the demo accounts are not stopped by the gate. In the embedded mode
 * it is billed by the simulator (monthly, renewed automatically); with PayFast it is a manual, open-ended one.
 */
const seedDemoSubscription: SeedStep = async (db, env, log) => {
  const [firm] = await db
    .select({ id: firms.id })
    .from(firms)
    .where(sql`lower(${firms.name}) = lower(${DEMO_FIRM.name})`);
  if (!firm) return;
  const [existing] = await db
    .select({ id: firmSubscriptions.id })
    .from(firmSubscriptions)
    .where(eq(firmSubscriptions.firmId, firm.id))
    .limit(1);
  if (existing) return;
  const plan = await findPlanByName(db, 'medium_large_firm');
  if (!plan) return;
  const now = new Date();
  const simulated = env.PAYMENT_PROVIDER === 'simulator';
  await db.transaction(async (tx) => {
    const sub = await insertSubscription(tx, {
      firmId: firm.id,
      planId: plan.id,
      status: 'active',
      billingCycle: 'monthly',
      amountCents: cyclePriceCents(plan, 'monthly') ?? 0,
      startDate: now,
      currentPeriodStart: now,
      endDate: simulated ? addCycle(now, 'monthly') : null,
      provider: simulated ? 'simulator' : 'manual',
      providerToken: simulated ? randomUUID() : null,
    });
    await insertChange(tx, {
      subscriptionId: sub.id,
      firmId: firm.id,
      changeType: 'activated',
      toStatus: 'active',
      toPlanId: plan.id,
      reason: 'Demo data',
    });
    await scheduleSubscriptionJobs(tx, sub);
  });
  log.info(`demo firm subscribed to ${plan.displayName}`);
};

/** The daily clean-up of lapsed trials and unpaid renewals (one job per day, whatever the number of instances). */
const seedCleanupJob: SeedStep = async (db) => {
  await scheduleNextCleanup(db, new Date(Date.now() - 86_400_000));
};

/** Default plans, the demo firm's subscription and the daily clean-up job. */
export const seedSubscriptions: SeedStep = async (db, env, log) => {
  await seedDefaultPlans(db, env, log);
  await seedDemoSubscription(db, env, log);
  await seedCleanupJob(db, env, log);
};
