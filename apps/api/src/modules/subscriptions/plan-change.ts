import {
  PLAN_FEATURE_FLAGS,
  PLAN_FEATURE_LABELS,
  UNLIMITED,
  type BillingCycle,
  type PlanFeatures,
  type SubscriptionStatus,
} from '@lexserve/contracts/subscriptions';
import { cyclePriceCents, mulDivRound, type PriceSource } from '../../lib/money';

/** Pure plan-change arithmetic: no database, every amount in integer cents. */

export type ChangePlan = PriceSource & {
  id: number;
  displayName: string;
  maxUsers: number | null;
  maxBranches: number;
  maxDigitalServices: number | null;
  maxStorageGb: number;
  features: Partial<PlanFeatures> | null;
};

export type ChangeUsage = { users: number; branches: number; digitalServices: number; storageBytes: number };

export type ChangeInput = {
  status: SubscriptionStatus;
  currentPlan: ChangePlan;
  currentCycle: BillingCycle;
  /** Current billing period; periodEnd null = open-ended (no charge period to prorate). */
  periodStart: Date | null;
  periodEnd: Date | null;
  trialEnd: Date | null;
  hasPaymentMethod: boolean;
  newPlan: ChangePlan;
  newCycle: BillingCycle;
  usage: ChangeUsage;
  now: Date;
};

export type ChangeComputation = {
  changeType: 'upgrade' | 'downgrade' | 'other';
  samePlan: boolean;
  currentCycleCents: number;
  newCycleCents: number;
  currentMonthlyCents: number;
  newMonthlyCents: number;
  daysRemaining: number;
  daysInPeriod: number;
  proratedCreditCents: number;
  proratedChargeCents: number;
  /** charge − credit: what an immediate change adds to the next charge (0 during a trial or without a period). */
  proratedAmountCents: number;
  canApplyImmediately: boolean;
  paymentMethodRequired: boolean;
  nextBillingDate: Date | null;
  warnings: string[];
  featureGains: string[];
  featureLosses: string[];
  limitChanges: Record<string, { from: number; to: number }>;
};

const DAY = 86_400_000;
const GB = 1024 ** 3;
const lim = (v: number | null) => v ?? UNLIMITED;
const over = (used: number, max: number | null) => max !== null && used > max;

/**
 * Days left in the period (a started day counts as remaining) and the period's length in days.
 * Proration: credit = current cycle price × remaining ÷ length; charge = new cycle price × remaining ÷ length,
 * each rounded half up to the cent.
 */
export function prorate(cycleCents: number, daysRemaining: number, daysInPeriod: number): number {
  return mulDivRound(cycleCents, daysRemaining, daysInPeriod);
}

export function periodDays(
  start: Date,
  end: Date,
  now: Date,
): { daysRemaining: number; daysInPeriod: number } {
  const daysInPeriod = Math.max(1, Math.round((end.getTime() - start.getTime()) / DAY));
  const daysRemaining = Math.min(daysInPeriod, Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY)));
  return { daysRemaining, daysInPeriod };
}

export function computePlanChange(input: ChangeInput): ChangeComputation {
  const { currentPlan, newPlan, usage, now } = input;
  const currentCycleCents = cyclePriceCents(currentPlan, input.currentCycle) ?? 0;
  const newCycleCents = cyclePriceCents(newPlan, input.newCycle) ?? 0;
  const samePlan = currentPlan.id === newPlan.id;
  const changeType =
    newCycleCents > currentCycleCents ? 'upgrade' : newCycleCents < currentCycleCents ? 'downgrade' : 'other';

  // Money moves only inside a paid period: a trial is not charged until it ends, an open-ended period not at all.
  const paidPeriod =
    input.status === 'active' && input.periodStart && input.periodEnd && input.periodEnd > now;
  let daysRemaining = 0;
  let daysInPeriod = 0;
  let credit = 0;
  let charge = 0;
  if (paidPeriod) {
    ({ daysRemaining, daysInPeriod } = periodDays(input.periodStart!, input.periodEnd!, now));
    credit = prorate(currentCycleCents, daysRemaining, daysInPeriod);
    charge = prorate(newCycleCents, daysRemaining, daysInPeriod);
  } else if (input.status === 'trial' && input.trialEnd && input.trialEnd > now) {
    daysRemaining = Math.ceil((input.trialEnd.getTime() - now.getTime()) / DAY);
    daysInPeriod = daysRemaining;
  }

  const warnings: string[] = [];
  const name = newPlan.displayName;
  const exceeds: string[] = [];
  if (over(usage.users, newPlan.maxUsers))
    exceeds.push(`${usage.users} active users (the ${name} plan allows ${newPlan.maxUsers})`);
  if (over(usage.branches, newPlan.maxBranches))
    exceeds.push(`${usage.branches} active branches (the ${name} plan allows ${newPlan.maxBranches})`);
  if (over(usage.digitalServices, newPlan.maxDigitalServices))
    exceeds.push(
      `${usage.digitalServices} digital services this month (the ${name} plan allows ${newPlan.maxDigitalServices})`,
    );
  if (usage.storageBytes > newPlan.maxStorageGb * GB)
    exceeds.push(
      `${(usage.storageBytes / GB).toFixed(2)} GB of storage (the ${name} plan allows ${newPlan.maxStorageGb} GB)`,
    );
  for (const e of exceeds) warnings.push(`Your current usage exceeds the new plan's limits: ${e}.`);

  const nextBillingDate = input.periodEnd ?? (input.status === 'trial' ? input.trialEnd : null);
  const cycleChange = input.newCycle !== input.currentCycle;
  if (changeType === 'downgrade')
    warnings.push(
      `Downgrading reduces your plan's limits and features. Please ensure your usage is within the new plan limits${
        paidPeriod ? ' before your next billing date' : ''
      }.`,
    );
  if (cycleChange) warnings.push('A change of billing cycle takes effect at your next billing date.');
  const paymentMethodRequired = !input.hasPaymentMethod && newCycleCents > currentCycleCents;
  if (paymentMethodRequired)
    warnings.push('A payment method update is required before you can change to this plan.');

  // Downgrades within a paid period wait for the next billing date (no refunds); billing-cycle changes too.
  const canApplyImmediately =
    !samePlan &&
    (input.status === 'active' || input.status === 'trial') &&
    !cycleChange &&
    exceeds.length === 0 &&
    !(changeType === 'downgrade' && paidPeriod);

  const featureGains: string[] = [];
  const featureLosses: string[] = [];
  for (const f of PLAN_FEATURE_FLAGS) {
    const had = currentPlan.features?.[f] === true;
    const has = newPlan.features?.[f] === true;
    if (has && !had) featureGains.push(PLAN_FEATURE_LABELS[f]);
    if (had && !has) featureLosses.push(PLAN_FEATURE_LABELS[f]);
  }
  const limitChanges: Record<string, { from: number; to: number }> = {};
  const pairs: [string, number, number][] = [
    ['max_users', lim(currentPlan.maxUsers), lim(newPlan.maxUsers)],
    ['max_branches', currentPlan.maxBranches, newPlan.maxBranches],
    ['max_digital_services', lim(currentPlan.maxDigitalServices), lim(newPlan.maxDigitalServices)],
    ['max_storage_gb', currentPlan.maxStorageGb, newPlan.maxStorageGb],
  ];
  for (const [key, from, to] of pairs) if (from !== to) limitChanges[key] = { from, to };

  return {
    changeType,
    samePlan,
    currentCycleCents,
    newCycleCents,
    currentMonthlyCents: currentPlan.monthlyPriceCents ?? 0,
    newMonthlyCents: newPlan.monthlyPriceCents ?? 0,
    daysRemaining,
    daysInPeriod,
    proratedCreditCents: credit,
    proratedChargeCents: charge,
    proratedAmountCents: charge - credit,
    canApplyImmediately,
    paymentMethodRequired,
    nextBillingDate,
    warnings,
    featureGains,
    featureLosses,
    limitChanges,
  };
}
