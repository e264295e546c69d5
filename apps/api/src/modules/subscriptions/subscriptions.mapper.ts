import type { Subscription } from '@lexserve/contracts/subscriptions';
import { centsOrNull, centsToDecimal } from '../../lib/money';
import { toPlanSummary, type PlanRow } from './plans.mapper';
import type { SubscriptionRow } from './subscriptions.repository';

/** Spec 9: status active or trial, and the trial end (trial) or end date (active) not passed; no date = no limit. */
function isActiveNow(s: Pick<SubscriptionRow, 'status' | 'endDate' | 'trialEndDate'>, now: Date): boolean {
  if (s.status === 'trial') {
    const end = s.trialEndDate ?? s.endDate;
    return !end || end > now;
  }
  if (s.status === 'active') return !s.endDate || s.endDate > now;
  return false;
}

/** What the gate lets through: active now, or cancelled with access to the end of the paid period. */
export const hasAccessNow = (
  s: Pick<SubscriptionRow, 'status' | 'endDate' | 'trialEndDate' | 'accessEndsAt'>,
  now: Date,
) => isActiveNow(s, now) || (s.status === 'cancelled' && !!s.accessEndsAt && s.accessEndsAt > now);

/** When the next charge falls due: trial end, else the period end (null when nothing will be charged). */
export function nextBillingDate(
  s: Pick<SubscriptionRow, 'status' | 'endDate' | 'trialEndDate'>,
): Date | null {
  if (s.status === 'trial') return s.trialEndDate ?? s.endDate;
  if (s.status === 'active') return s.endDate;
  return null;
}

/** The next charge: the (next) plan's cycle price plus carried prorations, never below 0. */
export function nextChargeCents(
  s: Pick<SubscriptionRow, 'amountCents' | 'pendingAmountCents' | 'balanceCents'>,
): number {
  return Math.max(0, (s.pendingAmountCents ?? s.amountCents) + s.balanceCents);
}

export const hasPaymentMethod = (s: Pick<SubscriptionRow, 'provider' | 'providerToken'>) =>
  s.provider !== 'manual' && !!s.providerToken;

export type UsageFigures = { users: number; digitalServices: number; storageBytes: number };

export function toSubscriptionDto(
  s: SubscriptionRow,
  plan: PlanRow,
  opts: { pendingPlan?: PlanRow; usage: UsageFigures; now: Date },
): Subscription {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const next = nextBillingDate(s);
  return {
    id: s.id,
    firm_id: s.firmId,
    status: s.status,
    plan_id: s.planId,
    plan: toPlanSummary(plan),
    billing_cycle: s.billingCycle,
    amount: centsToDecimal(s.amountCents),
    start_date: iso(s.startDate),
    end_date: iso(s.endDate),
    // Only while in trial: a client judging 'active' on trial_end_date first must not read a past trial.
    trial_end_date: s.status === 'trial' ? iso(s.trialEndDate) : null,
    access_ends_at: iso(s.accessEndsAt),
    cancelled_at: iso(s.cancelledAt),
    cancellation_reason: s.cancellationReason,
    data_retained_until: iso(s.dataRetainedUntil),
    current_period_start: iso(s.currentPeriodStart),
    next_billing_date: iso(next),
    next_charge_amount: next ? centsOrNull(nextChargeCents(s)) : null,
    is_active: isActiveNow(s, opts.now),
    has_access: hasAccessNow(s, opts.now),
    has_payment_method: hasPaymentMethod(s),
    pending_change:
      opts.pendingPlan && s.pendingPlanId
        ? {
            plan: toPlanSummary(opts.pendingPlan),
            billing_cycle: s.pendingBillingCycle ?? s.billingCycle,
            effective_date: iso(next),
          }
        : null,
    current_digital_services: opts.usage.digitalServices,
    current_users: opts.usage.users,
    current_storage_mb: Math.round((opts.usage.storageBytes / 1024 ** 2) * 100) / 100,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}
