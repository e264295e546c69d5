/**
 * The plain values of the plans pages, with no zod: the public /plans page imports these without loading the schema
 * library (docs/performance.md, section 5); subscriptions.ts re-exports them beside its schemas. A module of its own,
 * not constants.ts, which the web app's entry holds: only the pages that show plans load these.
 */
import type { Plan } from './subscriptions';

/** Spec 9 constants the screens use. */
export const SUBSCRIPTION_CONSTANTS = {
  currency: 'ZAR',
  currencyPrefix: 'R',
  quarterlyFactor: 0.9,
  annualFactor: 0.8,
  pendingPaymentTtlMs: 7_200_000,
  paymentSuccessRedirectMs: 2_000,
  confirmationRedirectMs: 10_000,
  usageWarningPercent: 75,
  usageErrorPercent: 90,
  dataRetentionDays: 30,
  adminSuspendReason: 'Administrative suspension',
  featuredPriceThreshold: 500,
} as const;

/** -1 means unlimited in every limit the API answers with. */
export const UNLIMITED = -1;

/** The plan's feature flags (spec 3, admin form) and the label each shows as. */
export const PLAN_FEATURE_FLAGS = [
  'sheriff_assignment',
  'attorney_assignment',
  'unlimited_digital_services',
  'priority_support',
  'advanced_reporting',
  'api_access',
  'custom_templates',
  'audit_trail',
  'multi_branch_support',
] as const;
export type PlanFeatureFlag = (typeof PLAN_FEATURE_FLAGS)[number];
export const PLAN_FEATURE_LABELS: Record<PlanFeatureFlag, string> = {
  sheriff_assignment: 'Sheriff assignment',
  attorney_assignment: 'Attorney assignment',
  unlimited_digital_services: 'Unlimited digital services',
  priority_support: 'Priority support',
  advanced_reporting: 'Advanced analytics & reporting',
  api_access: 'API access',
  custom_templates: 'Custom templates',
  audit_trail: 'Audit trail',
  multi_branch_support: 'Multi-branch support',
};

export const SALES_CONTACT_SUBMITTED =
  'Sales contact request submitted! Our team will reach out to you within 24 hours.';

/** Words of spec 8 that the client shows itself (no server call answers with them). */
export const SubscriptionMessages = {
  plansLoadFailed: 'Failed to load subscription plans. Please try again later.',
  selectPlanFailed: (message?: string) =>
    `Failed to select plan: ${message || 'Please try again or contact support.'}`,
  loginToSelectPlan: 'Please log in to select a subscription plan.',
  subscriptionLoadFailed: 'Failed to load subscription information',
  previewUnavailable: 'Unable to load plan change preview. Please try again.',
  confirmationUnavailable: 'Unable to load confirmation details. Please check your subscription status.',
  cancelFailed: 'Failed to cancel subscription',
  cancelled: 'Subscription cancelled successfully',
  cancelledRetainAccess:
    'Your subscription has been cancelled successfully. You will retain access until the end of your current billing period.',
  noActiveSubscription: 'No active subscription found',
} as const;

// Feature list of the plans pages (spec 9) -------------------------------------------------------------

type PlanForList = Pick<
  Plan,
  | 'max_digital_services'
  | 'is_unlimited_services'
  | 'max_users'
  | 'max_branches'
  | 'max_storage_gb'
  | 'monthly_price'
>;

/** The plan card's feature list, by the rules of spec 9 (included items; the extras only above R500 a month). */
export function planFeatureList(plan: Partial<PlanForList>): { label: string; included: boolean }[] {
  const items: { label: string; included: boolean }[] = [];
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const services = n(plan.max_digital_services);
  items.push({
    label:
      plan.is_unlimited_services || services === UNLIMITED
        ? 'Unlimited digital services'
        : services
          ? `${services} digital services per month`
          : 'Digital services included',
    included: true,
  });
  const users = n(plan.max_users);
  items.push({
    label: users === UNLIMITED ? 'Unlimited users' : users ? `Up to ${users} users` : 'Multi-user access',
    included: true,
  });
  const branches = n(plan.max_branches);
  items.push({
    label:
      branches === 1 ? 'Single branch access' : branches ? `Up to ${branches} branches` : 'Branch management',
    included: true,
  });
  const storage = n(plan.max_storage_gb);
  items.push({ label: storage ? `${storage}GB cloud storage` : 'Cloud storage included', included: true });
  for (const label of ['Document tracking & notifications', 'Email notifications', 'Basic support'])
    items.push({ label, included: true });
  const premium = Number(plan.monthly_price ?? 0) > SUBSCRIPTION_CONSTANTS.featuredPriceThreshold;
  for (const label of ['Advanced analytics & reporting', 'Priority support', 'SMS notifications'])
    items.push({ label, included: premium });
  return items;
}
