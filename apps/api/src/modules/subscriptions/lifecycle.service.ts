import type { BillingCycle } from '@lexserve/contracts/subscriptions';
import { SUBSCRIPTION_CONSTANTS } from '@lexserve/contracts/subscriptions';
import type { DbOrTx } from '../../db/client';
import type { PaymentProviderName } from '../../db/schema/index';
import { recordEvent } from '../../lib/events';
import { scheduleJob } from '../../lib/jobs';
import { addCycle, addDays, cyclePriceCents } from '../../lib/money';
import { nextChargeCents } from './subscriptions.mapper';
import * as repo from './subscriptions.repository';
import type { SubscriptionRow } from './subscriptions.repository';

/**
 * State transitions of a firm subscription. Each runs inside the caller's transaction with the subscription row
 * locked, records a history entry and a domain event (e-mails follow once committed), and schedules the jobs that
 * move it on (period end, trial reminder, end of access). Jobs carry the date they were scheduled for, so a job that
 * finds the subscription already moved on does nothing.
 */

export const JOBS = {
  periodEnd: 'subscriptions.period-end',
  renewalOverdue: 'subscriptions.renewal-overdue',
  trialReminder: 'subscriptions.trial-reminder',
  accessEnd: 'subscriptions.access-end',
  cleanup: 'subscriptions.cleanup-expired-trials',
} as const;

/** Reminder this long before a trial ends. */
const TRIAL_REMINDER_DAYS = 3;
/** How long after a period end a PayFast renewal may still arrive before the subscription expires. */
export const RENEWAL_GRACE_DAYS = 3;
/** How long after its end an unpaid trial is left before the clean-up expires it. */
export const TRIAL_GRACE_DAYS = 1;

export async function scheduleSubscriptionJobs(tx: DbOrTx, sub: SubscriptionRow): Promise<void> {
  if (sub.status === 'trial' && sub.trialEndDate) {
    const endsAt = sub.trialEndDate.toISOString();
    await scheduleJob(tx, {
      name: JOBS.periodEnd,
      runAt: sub.trialEndDate,
      payload: { subscriptionId: sub.id, endsAt },
      dedupeKey: `subscription:${sub.id}:period-end:${endsAt}`,
    });
    const remindAt = addDays(sub.trialEndDate, -TRIAL_REMINDER_DAYS);
    await scheduleJob(tx, {
      name: JOBS.trialReminder,
      runAt: remindAt,
      payload: { subscriptionId: sub.id, trialEnd: endsAt },
      dedupeKey: `subscription:${sub.id}:trial-reminder:${endsAt}`,
    });
  } else if (sub.status === 'active' && sub.endDate) {
    const endsAt = sub.endDate.toISOString();
    await scheduleJob(tx, {
      name: JOBS.periodEnd,
      runAt: sub.endDate,
      payload: { subscriptionId: sub.id, endsAt },
      dedupeKey: `subscription:${sub.id}:period-end:${endsAt}`,
    });
  } else if (sub.status === 'cancelled' && sub.accessEndsAt) {
    const endsAt = sub.accessEndsAt.toISOString();
    await scheduleJob(tx, {
      name: JOBS.accessEnd,
      runAt: sub.accessEndsAt,
      payload: { subscriptionId: sub.id, accessEndsAt: endsAt },
      dedupeKey: `subscription:${sub.id}:access-end:${endsAt}`,
    });
  }
}

type Change = Omit<repo.NewChange, 'subscriptionId' | 'firmId'>;
async function record(tx: DbOrTx, sub: SubscriptionRow, change: Change) {
  return repo.insertChange(tx, { subscriptionId: sub.id, firmId: sub.firmId, ...change });
}

/**
 * First payment confirmed: a trial starts (trial_days > 0, no charge until it ends) or the first paid period does.
 * The provider's token is kept for renewals, card updates and cancellation.
 */
export async function activateAfterFirstPayment(
  tx: DbOrTx,
  sub: SubscriptionRow,
  opts: {
    provider: PaymentProviderName;
    token: string | null;
    paymentId: number;
    amountCents: number;
    now: Date;
  },
): Promise<SubscriptionRow> {
  const { now } = opts;
  const trial = sub.trialDays > 0;
  const end = trial ? addDays(now, sub.trialDays) : addCycle(now, sub.billingCycle);
  const updated = await repo.updateSubscription(tx, sub.id, {
    status: trial ? 'trial' : 'active',
    startDate: now,
    currentPeriodStart: now,
    endDate: end,
    trialEndDate: trial ? end : null,
    provider: opts.provider,
    providerToken: opts.token ?? sub.providerToken,
  });
  await record(tx, updated, {
    changeType: trial ? 'trial_started' : 'activated',
    fromStatus: sub.status,
    toStatus: updated.status,
    toPlanId: sub.planId,
    amountCents: opts.amountCents,
    effectiveAt: now,
    details: { payment_id: opts.paymentId },
  });
  await recordEvent(tx, 'subscription.activated', {
    subscriptionId: sub.id,
    paymentId: opts.paymentId,
    trial,
  });
  await scheduleSubscriptionJobs(tx, updated);
  return updated;
}

/**
 * A recurring charge arrived: the next period starts where the last one ended (a trial converts to active), a
 * scheduled plan change takes effect, carried prorations are settled.
 */
export async function renewAfterPayment(
  tx: DbOrTx,
  sub: SubscriptionRow,
  opts: { paymentId: number; amountCents: number; now: Date },
): Promise<SubscriptionRow> {
  const { now } = opts;
  const lapsed = sub.status === 'expired' || sub.status === 'cancelled';
  const previousEnd = sub.status === 'trial' ? (sub.trialEndDate ?? sub.endDate) : sub.endDate;
  // A renewal that arrives after the subscription lapsed starts a fresh period from now.
  const start = !previousEnd || lapsed || previousEnd < addDays(now, -31) ? now : previousEnd;
  const cycle: BillingCycle = sub.pendingBillingCycle ?? sub.billingCycle;
  const planId = sub.pendingPlanId ?? sub.planId;
  const amount = sub.pendingAmountCents ?? sub.amountCents;
  const charged = nextChargeCents(sub);
  const updated = await repo.updateSubscription(tx, sub.id, {
    status: 'active',
    planId,
    billingCycle: cycle,
    amountCents: amount,
    // Whatever was carried has been charged; a credit larger than the charge carries on.
    balanceCents: Math.min(0, (sub.pendingAmountCents ?? sub.amountCents) + sub.balanceCents),
    pendingPlanId: null,
    pendingBillingCycle: null,
    pendingAmountCents: null,
    currentPeriodStart: start,
    endDate: addCycle(start, cycle),
    startDate: sub.startDate ?? now,
    cancelledAt: lapsed ? null : sub.cancelledAt,
    accessEndsAt: lapsed ? null : sub.accessEndsAt,
    dataRetainedUntil: lapsed ? null : sub.dataRetainedUntil,
  });
  if (sub.pendingPlanId && sub.pendingPlanId !== sub.planId) {
    await record(tx, updated, {
      changeType: 'plan_changed',
      fromPlanId: sub.planId,
      toPlanId: sub.pendingPlanId,
      fromStatus: sub.status,
      toStatus: 'active',
      effectiveAt: start,
      details: { scheduled: true },
    });
  }
  await record(tx, updated, {
    changeType: sub.status === 'trial' ? 'trial_converted' : 'renewed',
    fromStatus: sub.status,
    toStatus: 'active',
    toPlanId: planId,
    amountCents: opts.amountCents,
    effectiveAt: start,
    details: { payment_id: opts.paymentId, expected_cents: charged },
  });
  await recordEvent(tx, 'subscription.renewed', { subscriptionId: sub.id, paymentId: opts.paymentId });
  await scheduleSubscriptionJobs(tx, updated);
  return updated;
}

export type CancelOptions = {
  now: Date;
  byUserId: number | null;
  reason: string | null;
  feedback?: string | null;
  /** Admin suspension: access ends now instead of at the end of the paid period. */
  immediate: boolean;
  source: 'firm' | 'admin' | 'provider';
};

/**
 * Cancels: no further charges; access continues to the end of the period already paid (a trial: to its end), or ends
 * now when immediate. Data is kept for 30 days after access ends.
 */
export async function cancel(
  tx: DbOrTx,
  sub: SubscriptionRow,
  opts: CancelOptions,
): Promise<SubscriptionRow> {
  const { now } = opts;
  const paidUntil =
    sub.status === 'trial' ? (sub.trialEndDate ?? sub.endDate) : sub.status === 'active' ? sub.endDate : null;
  const accessEndsAt = opts.immediate || !paidUntil || paidUntil < now ? now : paidUntil;
  const updated = await repo.updateSubscription(tx, sub.id, {
    status: 'cancelled',
    cancelledAt: now,
    cancelledById: opts.byUserId,
    cancellationReason: opts.reason,
    cancellationFeedback: opts.feedback ?? null,
    accessEndsAt,
    dataRetainedUntil: addDays(accessEndsAt, SUBSCRIPTION_CONSTANTS.dataRetentionDays),
    pendingPlanId: null,
    pendingBillingCycle: null,
    pendingAmountCents: null,
  });
  await record(tx, updated, {
    changeType: opts.immediate && opts.source === 'admin' ? 'suspended' : 'cancelled',
    fromStatus: sub.status,
    toStatus: 'cancelled',
    fromPlanId: sub.planId,
    reason: opts.reason,
    feedback: opts.feedback ?? null,
    performedById: opts.byUserId,
    effectiveAt: now,
    details: { source: opts.source, access_ends_at: accessEndsAt.toISOString() },
  });
  await recordEvent(tx, 'subscription.cancelled', {
    subscriptionId: sub.id,
    immediate: opts.immediate,
    source: opts.source,
    accessEndsAt: accessEndsAt.toISOString(),
  });
  await scheduleSubscriptionJobs(tx, updated);
  return updated;
}

/** Lapses a subscription (trial or period ended unpaid). */
export async function expire(
  tx: DbOrTx,
  sub: SubscriptionRow,
  opts: { now: Date; reason: string },
): Promise<SubscriptionRow> {
  const updated = await repo.updateSubscription(tx, sub.id, {
    status: 'expired',
    accessEndsAt: opts.now,
    dataRetainedUntil: addDays(opts.now, SUBSCRIPTION_CONSTANTS.dataRetentionDays),
  });
  await record(tx, updated, {
    changeType: 'expired',
    fromStatus: sub.status,
    toStatus: 'expired',
    fromPlanId: sub.planId,
    reason: opts.reason,
    effectiveAt: opts.now,
  });
  await recordEvent(tx, 'subscription.expired', { subscriptionId: sub.id, reason: opts.reason });
  return updated;
}

/**
 * Admin reactivation of a cancelled or expired subscription: access is restored for the rest of the paid period, or
 * for one new billing cycle from now. Charges resume only while the provider's token is still live (it is not after a
 * cancellation at PayFast), so the firm then chooses a plan again at the end of that period.
 */
export async function reactivate(
  tx: DbOrTx,
  sub: SubscriptionRow,
  opts: { now: Date; byUserId: number; tokenLive: boolean },
) {
  const { now } = opts;
  const stillPaid = sub.endDate && sub.endDate > now;
  const start = stillPaid ? (sub.currentPeriodStart ?? now) : now;
  const end = stillPaid ? sub.endDate! : addCycle(now, sub.billingCycle);
  const updated = await repo.updateSubscription(tx, sub.id, {
    status: 'active',
    currentPeriodStart: start,
    endDate: end,
    startDate: sub.startDate ?? now,
    cancelledAt: null,
    cancelledById: null,
    accessEndsAt: null,
    dataRetainedUntil: null,
    cancellationReason: null,
    cancellationFeedback: null,
    provider: opts.tokenLive ? sub.provider : 'manual',
    providerToken: opts.tokenLive ? sub.providerToken : null,
  });
  await record(tx, updated, {
    changeType: 'reactivated',
    fromStatus: sub.status,
    toStatus: 'active',
    toPlanId: sub.planId,
    performedById: opts.byUserId,
    effectiveAt: now,
  });
  await recordEvent(tx, 'subscription.reactivated', { subscriptionId: sub.id });
  await scheduleSubscriptionJobs(tx, updated);
  return updated;
}

/** Applies a plan (and cycle) now: limits and features change at once; the price from the next charge. */
export async function applyPlanNow(
  tx: DbOrTx,
  sub: SubscriptionRow,
  opts: {
    plan: { id: number } & Parameters<typeof cyclePriceCents>[0];
    cycle: BillingCycle;
    proratedCents: number;
    byUserId: number | null;
    now: Date;
    source: 'firm' | 'admin';
  },
) {
  const amount = cyclePriceCents(opts.plan, opts.cycle) ?? 0;
  const updated = await repo.updateSubscription(tx, sub.id, {
    planId: opts.plan.id,
    billingCycle: opts.cycle,
    amountCents: amount,
    balanceCents: sub.balanceCents + opts.proratedCents,
    pendingPlanId: null,
    pendingBillingCycle: null,
    pendingAmountCents: null,
  });
  const change = await record(tx, updated, {
    changeType: 'plan_changed',
    fromPlanId: sub.planId,
    toPlanId: opts.plan.id,
    fromStatus: sub.status,
    toStatus: updated.status,
    amountCents: opts.proratedCents,
    performedById: opts.byUserId,
    effectiveAt: opts.now,
    details: { source: opts.source, from_cycle: sub.billingCycle, to_cycle: opts.cycle },
  });
  await recordEvent(tx, 'subscription.plan_changed', {
    subscriptionId: sub.id,
    changeId: change.id,
    scheduled: false,
  });
  return { sub: updated, change };
}

/** Schedules a plan (and cycle) for the next billing date. */
export async function schedulePlanChange(
  tx: DbOrTx,
  sub: SubscriptionRow,
  opts: {
    plan: { id: number } & Parameters<typeof cyclePriceCents>[0];
    cycle: BillingCycle;
    byUserId: number | null;
    effectiveAt: Date;
    now: Date;
  },
) {
  const amount = cyclePriceCents(opts.plan, opts.cycle) ?? 0;
  const updated = await repo.updateSubscription(tx, sub.id, {
    pendingPlanId: opts.plan.id,
    pendingBillingCycle: opts.cycle,
    pendingAmountCents: amount,
  });
  const change = await record(tx, updated, {
    changeType: 'plan_change_scheduled',
    fromPlanId: sub.planId,
    toPlanId: opts.plan.id,
    fromStatus: sub.status,
    toStatus: sub.status,
    performedById: opts.byUserId,
    effectiveAt: opts.effectiveAt,
    details: { from_cycle: sub.billingCycle, to_cycle: opts.cycle },
  });
  await recordEvent(tx, 'subscription.plan_changed', {
    subscriptionId: sub.id,
    changeId: change.id,
    scheduled: true,
  });
  return { sub: updated, change };
}
