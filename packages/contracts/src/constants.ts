/**
 * Plain values shared by the API and the web app, with no zod: the web app's public pages (home, login, verification,
 * plans, delivery) import these without loading the schema library (docs/performance.md, section 5). The schemas that
 * check them live beside their contracts (common.ts, users.ts, auth.ts, subscriptions.ts, documents.ts), which
 * re-export these.
 */

import type { Plan } from './subscriptions';

/** The spec's e-mail shape: something@something.tld */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const PASSWORD_RULE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).+$/;

export const ROLES = ['system_admin', 'sheriff', 'firm_admin', 'branch_admin', 'legal_practitioner'] as const;
export type Role = (typeof ROLES)[number];
export const FIRM_ROLES = ['firm_admin', 'branch_admin', 'legal_practitioner'] as const satisfies readonly Role[];
export const CREATABLE_FIRM_ROLES = ['branch_admin', 'legal_practitioner'] as const satisfies readonly Role[];

export const ROLE_LABELS: Record<Role, string> = {
  system_admin: 'System Administrator',
  sheriff: 'Sheriff',
  firm_admin: 'Firm Administrator',
  branch_admin: 'Branch Administrator',
  legal_practitioner: 'Legal Practitioner',
};

export const isFirmRole = (role: Role): role is (typeof FIRM_ROLES)[number] =>
  (FIRM_ROLES as readonly Role[]).includes(role);

export const NOTIFICATION_TYPES = [
  'assignment_notification',
  'status_update',
  'completion_notification',
  'deadline_reminder',
  'system_alert',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** modified_after_sealing: an uploaded PDF carries LexServe's seal, but its bytes changed after it was sealed. */
export const VERIFICATION_STATUSES = ['verified', 'invalid', 'revoked', 'not_found', 'modified_after_sealing'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const VERIFICATION_MESSAGES: Record<VerificationStatus, string> = {
  verified: 'This document is authentic: it was served through LexServe and has not been altered.',
  invalid:
    'The stored proof of service no longer matches its recorded fingerprint. Do not rely on this document; contact the issuing firm.',
  revoked: 'This document has been revoked and is no longer valid. Please contact the issuing firm for more information.',
  not_found: 'Security ID not found in verification database',
  modified_after_sealing: 'This PDF was sealed by LexServe, but it was changed after sealing. Do not rely on it; ask the issuing firm for the original.',
};

/** "changed after sealing: …" in words, from a seal that is present but not intact or not covering the whole file. */
export function sealChangeText(seal: { intact: boolean; covers_whole_file: boolean }): string | null {
  const changes = [
    seal.intact ? null : 'bytes inside the sealed content were altered, so the seal no longer matches it',
    seal.covers_whole_file ? null : 'content was added after the seal (an incremental update), which the seal does not cover',
  ].filter(Boolean);
  return changes.length ? changes.join('; ') : null;
}

/** The answers of the password-reset endpoints (auth.ts re-exports them beside the schemas). */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that e-mail address, a password reset link has been sent. The link is valid for 1 hour.';
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired.';
export const PASSWORD_RESET_DONE = 'Your password has been reset. You can now log in with your new password.';

// ---- Subscriptions (subscriptions.ts re-exports these beside its schemas): what the public plans page shows

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

// ---- Documents (documents.ts re-exports these): the file names of the public delivery page's downloads

/** The proof of service's file name. */
export const proofFileName = (doc: { id: number; case_number?: string | null }) =>
  `proof_of_service_${doc.case_number || doc.id}.pdf`;

/** The stamped served copy's file name: "Summons.pdf" → "Summons (served copy).pdf". */
export const servedCopyFileName = (filename: string) => `${filename.replace(/\.pdf$/i, '')} (served copy).pdf`;
