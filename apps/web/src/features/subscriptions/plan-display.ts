import {
  PLAN_FEATURE_FLAGS,
  PLAN_FEATURE_LABELS,
  planFeatureList,
} from '@lexserve/contracts/subscription-constants';
import type { BillingCycle, Plan } from '@lexserve/contracts/subscriptions';
import { formatRand } from '../../lib/format';

/** The plan fields the plans pages read (spec 3, "as read by the plans pages"). */
export type PlanLike = Partial<
  Pick<
    Plan,
    | 'id'
    | 'name'
    | 'display_name'
    | 'description'
    | 'monthly_price'
    | 'max_digital_services'
    | 'is_unlimited_services'
    | 'max_users'
    | 'max_branches'
    | 'max_storage_gb'
    | 'trial_days'
    | 'is_featured'
    | 'features'
  >
>;

const DEFAULT_PLAN_NAME = 'Unnamed Plan';
export const DEFAULT_PLAN_DESCRIPTION = 'Perfect for your business needs';
const CONTACT_US = 'Contact Us';

export const planName = (plan: PlanLike | null | undefined): string =>
  plan?.display_name || plan?.name || DEFAULT_PLAN_NAME;

/** A decimal string or number as a number, or null when there is no price. */
export const priceNumber = (value: string | number | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

export const hasPrice = (plan: PlanLike): boolean => priceNumber(plan.monthly_price) !== null;

/** Cheapest first; plans without a price ('Contact Us') last, as the top tier. */
export const sortPlansByMonthlyPrice = <T extends PlanLike>(plans: readonly T[]): T[] =>
  [...plans].sort((a, b) => {
    const pa = priceNumber(a.monthly_price);
    const pb = priceNumber(b.monthly_price);
    if (pa === null && pb === null) return 0;
    if (pa === null) return 1;
    if (pb === null) return -1;
    return pa - pb;
  });

/** Spec 2.3: highlighted and marked popular when featured, or its name says 'professional' or 'popular'. */
export const isPopularPlan = (plan: PlanLike): boolean => {
  if (plan.is_featured) return true;
  const name = `${plan.name ?? ''} ${plan.display_name ?? ''}`.toLowerCase();
  return name.includes('professional') || name.includes('popular');
};

/** 'R 499.00', or 'Contact Us' when the plan has no price. */
export const planPriceLabel = (plan: PlanLike): string => {
  const price = priceNumber(plan.monthly_price);
  return price === null ? CONTACT_US : formatRand(price);
};

/** The period a price is for (spec 2.4): monthly → month, quarterly → quarter, otherwise year. */
export const cyclePeriod = (cycle: BillingCycle | string | null | undefined): string =>
  cycle === 'monthly' ? 'month' : cycle === 'quarterly' ? 'quarter' : 'year';

const BILLING_CYCLE_LABELS: Record<BillingCycle, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  annual: 'Annual',
};

export const billingCycleLabel = (cycle: string | null | undefined): string =>
  cycle && cycle in BILLING_CYCLE_LABELS ? BILLING_CYCLE_LABELS[cycle as BillingCycle] : cycle || '-';

export type FeatureItem = { label: string; included: boolean };

/**
 * The plan card's feature list (spec 9) with the product decision that features are stored as
 * flags: the list of spec 9 comes first (premium items only above R500 a month, or for a plan
 * priced on request); a premium item that the plan's flags switch on counts as included whatever
 * the price; the other flags that are on follow as included items.
 */
export const buildPlanFeatureList = (plan: PlanLike): FeatureItem[] => {
  const items = planFeatureList({
    max_digital_services: plan.max_digital_services,
    is_unlimited_services: plan.is_unlimited_services,
    max_users: plan.max_users,
    max_branches: plan.max_branches,
    max_storage_gb: plan.max_storage_gb,
    monthly_price: plan.monthly_price ?? null,
  });
  // A plan without a price is the tier above every priced one ('Contact Us'): its premium items
  // are included, not crossed out.
  if (!hasPrice(plan)) for (const item of items) item.included = true;
  const flags = plan.features;
  if (!flags) return items;
  const byLabel = new Map(items.map((item) => [item.label.toLowerCase(), item]));
  for (const flag of PLAN_FEATURE_FLAGS) {
    if (!flags[flag]) continue;
    const label = PLAN_FEATURE_LABELS[flag];
    const existing = byLabel.get(label.toLowerCase());
    if (existing) {
      existing.included = true;
      continue;
    }
    // The unlimited flag is already said by the digital services line.
    if (flag === 'unlimited_digital_services') continue;
    const item = { label, included: true };
    byLabel.set(label.toLowerCase(), item);
    items.push(item);
  }
  // Included first, excluded last, so the card reads as what you get, then what you don't.
  return [...items.filter((i) => i.included), ...items.filter((i) => !i.included)];
};

/** Upgrade or downgrade, comparing the price for the chosen cycle (spec 2.10). */
export const changeDirection = (
  current: string | number | null | undefined,
  next: string | number | null | undefined,
): 'Upgrade' | 'Downgrade' | null => {
  const a = priceNumber(current);
  const b = priceNumber(next);
  if (a === null || b === null || a === b) return b === null && a !== null ? 'Upgrade' : null;
  return b > a ? 'Upgrade' : 'Downgrade';
};

/** First charge date: today plus the trial days (spec 9). */
export const firstChargeDate = (trialDays: number, now: Date = new Date()): Date => {
  const date = new Date(now.getTime());
  date.setDate(date.getDate() + Math.max(0, trialDays));
  return date;
};

const LIMIT_LABELS: Record<string, string> = {
  max_users: 'Users',
  users: 'Users',
  max_branches: 'Branches',
  branches: 'Branches',
  max_digital_services: 'Digital services per month',
  digital_services: 'Digital services per month',
  max_storage_gb: 'Storage (GB)',
  storage_gb: 'Storage (GB)',
  max_cases: 'Cases',
  cases: 'Cases',
};

/** 'max_users' → 'Users'; unknown keys are made readable. */
export const limitLabel = (key: string): string =>
  LIMIT_LABELS[key] ??
  key
    .replace(/^max_/, '')
    .replace(/_/g, ' ')
    .replace(/^\w/, (c) => c.toUpperCase());

/** A limit value for display: -1 (and null) is 'Unlimited'. */
export const limitValue = (value: number | null | undefined): string =>
  value === null || value === undefined || value < 0
    ? 'Unlimited'
    : value.toLocaleString('en-ZA').replace(/\u00a0/g, ' ');

/** The monthly difference of a preview: '+R 1 000.00' for an upgrade (spec 2.11). */
export const monthlyDifferenceLabel = (difference: number, changeType: string): string => {
  if (changeType === 'upgrade' || difference > 0) return `+${formatRand(Math.abs(difference))}`;
  return formatRand(difference);
};

/** Spec 2.11: warnings about the payment method are not shown as notices. */
export const visibleWarnings = (warnings: readonly string[] | null | undefined): string[] =>
  (warnings ?? []).filter((warning) => !/payment method/i.test(warning));
