import { z } from 'zod';
import { EMAIL_PATTERN, IdSchema, OptionalTextSchema } from './common';
import { PLAN_FEATURE_FLAGS, type PlanFeatureFlag } from './subscription-constants';
import { defineErrors } from './errors';
// The plain values the public plans page needs live in subscription-constants.ts (no zod), re-exported here.
export {
  PLAN_FEATURE_FLAGS,
  PLAN_FEATURE_LABELS,
  SALES_CONTACT_SUBMITTED,
  SUBSCRIPTION_CONSTANTS,
  SubscriptionMessages,
  UNLIMITED,
  planFeatureList,
  type PlanFeatureFlag,
} from './subscription-constants';

/*
 * Subscriptions (spec 3 §3–§9). Money: the database keeps integer cents (ZAR); plans and payments carry prices as
 * decimal strings ("499.00", null when a plan has no price: 'Contact Us'); computed figures (preview, confirmation,
 * usage, analytics) are numbers in rand with two decimals.
 */

export const BILLING_CYCLES = ['monthly', 'quarterly', 'annual'] as const;
export const BillingCycleSchema = z.enum(BILLING_CYCLES);
export type BillingCycle = z.infer<typeof BillingCycleSchema>;

export const SUBSCRIPTION_STATUSES = ['pending', 'trial', 'active', 'cancelled', 'expired'] as const;
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;
/** Statuses that count as active (spec 9), while their trial or end date has not passed. */
export const ACTIVE_STATUSES = ['active', 'trial'] as const satisfies readonly SubscriptionStatus[];

export const PLAN_TYPES = ['small_practice', 'medium_large_firm', 'enterprise', 'custom'] as const;
export const PlanTypeSchema = z.enum(PLAN_TYPES);
export type PlanType = z.infer<typeof PlanTypeSchema>;

export const PlanFeaturesSchema = z.object(
  Object.fromEntries(PLAN_FEATURE_FLAGS.map((f) => [f, z.boolean()])) as Record<
    PlanFeatureFlag,
    z.ZodBoolean
  >,
);
export type PlanFeatures = z.infer<typeof PlanFeaturesSchema>;

/** User cancellation reasons (spec 9). */
export const CANCELLATION_REASONS = [
  'too_expensive',
  'not_using',
  'missing_features',
  'switching_provider',
  'business_closure',
  'temporary_pause',
  'other',
] as const;
export const CancellationReasonSchema = z.enum(CANCELLATION_REASONS);

export const PlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  display_name: z.string(),
  description: z.string().nullable(),
  plan_type: PlanTypeSchema,
  /** Decimal string, e.g. "499.00"; null when the plan has no price ('Contact Us'). */
  monthly_price: z.string().nullable(),
  /** The quarterly price: the plan's own, else 3 × monthly × 0.9. */
  quarterly_price: z.string().nullable(),
  /** The annual price: the plan's own, else 12 × monthly × 0.8. */
  annual_price: z.string().nullable(),
  /** Same as annual_price (the admin cards read yearly_price). */
  yearly_price: z.string().nullable(),
  currency: z.literal('ZAR'),
  is_contact_sales: z.boolean(),
  max_digital_services: z.number().int(),
  is_unlimited_services: z.boolean(),
  max_users: z.number().int(),
  max_branches: z.number().int(),
  max_storage_gb: z.number().int(),
  max_cases: z.number().int(),
  trial_days: z.number().int(),
  is_active: z.boolean(),
  is_featured: z.boolean(),
  features: PlanFeaturesSchema,
  /** Labels of the features that are on, in flag order. */
  feature_list: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Plan = z.infer<typeof PlanSchema>;
export const PlanListSchema = z.object({ plans: z.array(PlanSchema), total: z.number().int() });

/** The short plan shape embedded in subscriptions, previews and confirmations. */
export const PlanSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  display_name: z.string(),
  description: z.string().nullable(),
  monthly_price: z.string().nullable(),
});
export type PlanSummary = z.infer<typeof PlanSummarySchema>;

export const PLAN_ID_REQUIRED = 'Plan ID is required';
export const BILLING_CYCLE_REQUIRED = 'Valid billing cycle is required (monthly, quarterly, or annual)';
export const NEW_PLAN_ID_REQUIRED = 'New plan ID is required';

export const SelectPlanInputSchema = z.object({
  plan_id: z.coerce.number({ error: PLAN_ID_REQUIRED }).int(PLAN_ID_REQUIRED).positive(PLAN_ID_REQUIRED),
  billing_cycle: z.enum(BILLING_CYCLES, { error: BILLING_CYCLE_REQUIRED }).default('monthly'),
});
export type SelectPlanInput = z.infer<typeof SelectPlanInputSchema>;

export const SelectPlanResultSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  subscription_id: z.number().int(),
  data: z.object({
    subscription_id: z.number().int(),
    id: z.number().int(),
    plan_id: z.number().int(),
    billing_cycle: BillingCycleSchema,
    status: SubscriptionStatusSchema,
    /** Price of one billing cycle. */
    amount: z.string(),
    /** Trial days this subscription gets (0 when the firm already had a trial or the plan has none). */
    trial_days: z.number().int(),
    /** First charge date when there is a trial (today + trial_days), else today. */
    first_charge_date: z.string(),
  }),
});

export const ChangePlanInputSchema = z.object({
  new_plan_id: z.coerce
    .number({ error: NEW_PLAN_ID_REQUIRED })
    .int(NEW_PLAN_ID_REQUIRED)
    .positive(NEW_PLAN_ID_REQUIRED),
  billing_cycle: z.enum(BILLING_CYCLES, { error: BILLING_CYCLE_REQUIRED }).optional(),
  effective_date: z.enum(['immediate', 'next_billing_cycle']).default('immediate'),
});
export type ChangePlanInput = z.infer<typeof ChangePlanInputSchema>;
export const UpgradeInputSchema = z.object({
  new_plan_id: ChangePlanInputSchema.shape.new_plan_id,
  billing_cycle: ChangePlanInputSchema.shape.billing_cycle,
});

const LimitChangeSchema = z.object({ from: z.number().int(), to: z.number().int() });
export const PlanChangePreviewSchema = z.object({
  change_type: z.enum(['upgrade', 'downgrade', 'other']),
  warnings: z.array(z.string()),
  current_plan: PlanSummarySchema,
  new_plan: PlanSummarySchema,
  current_billing_cycle: BillingCycleSchema,
  billing_cycle: BillingCycleSchema,
  current_monthly_cost: z.number(),
  new_monthly_cost: z.number(),
  monthly_difference: z.number(),
  current_cycle_cost: z.number(),
  new_cycle_cost: z.number(),
  can_apply_immediately: z.boolean(),
  next_billing_cycle_date: z.string().nullable(),
  days_remaining_in_period: z.number().int(),
  days_in_period: z.number().int(),
  /** Unused value of the current plan for the days remaining. */
  prorated_credit: z.number(),
  /** Value of the new plan for the days remaining. */
  prorated_charge: z.number(),
  /** prorated_charge − prorated_credit: added to the next charge when applied immediately. */
  prorated_amount: z.number(),
  immediate_effective_date: z.string(),
  feature_gains: z.array(z.string()),
  feature_losses: z.array(z.string()),
  limit_changes: z.record(z.string(), LimitChangeSchema),
  payment_method_required: z.boolean(),
});
export type PlanChangePreview = z.infer<typeof PlanChangePreviewSchema>;

export const PlanChangeConfirmationSchema = z.object({
  new_plan: PlanSummarySchema,
  new_monthly_cost: z.number(),
  change_id: z.number().int(),
  /** ISO date-time the change takes (or took) effect. */
  effective_date: z.string(),
  /** 'applied' (now) or 'scheduled' (next billing cycle). */
  status: z.enum(['applied', 'scheduled']),
  next_billing_date: z.string().nullable(),
  prorated_amount: z.number(),
  payment_update_required: z.boolean(),
  billing_cycle: BillingCycleSchema,
  message: z.string(),
});
export type PlanChangeConfirmation = z.infer<typeof PlanChangeConfirmationSchema>;

export const SubscriptionSchema = z.object({
  id: z.number().int(),
  firm_id: z.number().int(),
  status: SubscriptionStatusSchema,
  plan_id: z.number().int(),
  plan: PlanSummarySchema,
  billing_cycle: BillingCycleSchema,
  /** Price of one billing cycle. */
  amount: z.string(),
  start_date: z.string().nullable(),
  /** End of the current billing period = next billing date (null: open-ended). */
  end_date: z.string().nullable(),
  /** Only while status is trial (null afterwards, so 'active' is judged on end_date). */
  trial_end_date: z.string().nullable(),
  access_ends_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancellation_reason: z.string().nullable(),
  data_retained_until: z.string().nullable(),
  current_period_start: z.string().nullable(),
  next_billing_date: z.string().nullable(),
  /** What the next charge will be (price + carried prorations), null when nothing is due. */
  next_charge_amount: z.string().nullable(),
  /** Spec 9: status active|trial and its trial/end date not passed. */
  is_active: z.boolean(),
  /** What the server's gate says: is_active, or cancelled with access_ends_at still ahead. */
  has_access: z.boolean(),
  has_payment_method: z.boolean(),
  pending_change: z
    .object({
      plan: PlanSummarySchema,
      billing_cycle: BillingCycleSchema,
      effective_date: z.string().nullable(),
    })
    .nullable(),
  current_digital_services: z.number().int(),
  current_users: z.number().int(),
  current_storage_mb: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const UsageSchema = z.object({
  subscription_id: z.number().int(),
  plan_id: z.number().int(),
  digital_services_used: z.number().int(),
  /** null when unlimited (spec 9: a null limit shows ∞). */
  digital_services_limit: z.number().int().nullable(),
  users_count: z.number().int(),
  /** null when unlimited. */
  users_limit: z.number().int().nullable(),
  branches_count: z.number().int(),
  branches_limit: z.number().int(),
  storage_used_mb: z.number(),
  storage_limit_mb: z.number().int(),
  current_period_start: z.string(),
  current_period_end: z.string(),
});
export type Usage = z.infer<typeof UsageSchema>;

export const SalesContactInputSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(200, 'Name is too long'),
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .regex(EMAIL_PATTERN, 'Please enter a valid email address'),
  phone: OptionalTextSchema.optional(),
  firm_name: OptionalTextSchema.optional(),
  plan_id: IdSchema.nullish(),
  message: z.string().trim().max(2000, 'Message is too long').nullish(),
});
export type SalesContactInput = z.infer<typeof SalesContactInputSchema>;
export const SalesContactResultSchema = z.object({ id: z.number().int(), message: z.string() });

/** Error catalogue of the subscription calls; messages are spec 8's words where it has them. */
export const SubscriptionErrors = defineErrors({
  /** A firm role calls a feature route while the firm has no active or trial subscription (the server's gate). */
  SUBSCRIPTION_REQUIRED: {
    status: 402,
    message:
      'Your firm needs an active subscription to access this feature. Please choose a subscription plan.',
  },
  /** A plan id that does not exist (or was deleted). */
  PLAN_NOT_FOUND: { status: 404, message: 'Subscription plan not found.' },
  /** select-plan with an unknown or inactive plan. */
  INVALID_PLAN_SELECTION: {
    status: 400,
    message: 'Invalid plan selection. Please check your plan and billing cycle.',
  },
  /** select-plan for a plan with no price (Contact Us). */
  PLAN_CONTACT_SALES: {
    status: 400,
    message: 'Plan selection is not available at this time. Please contact sales.',
  },
  /** select-plan while the firm has an active or trial subscription. */
  ALREADY_SUBSCRIBED: {
    status: 409,
    message: 'You already have an active subscription. Please cancel or upgrade your current plan.',
  },
  /** my-subscription / usage when the firm has no subscription giving access. */
  NO_ACTIVE_SUBSCRIPTION: {
    status: 404,
    message: 'No active subscription found. Please select a subscription plan.',
  },
  /** A subscription id that is unknown or belongs to another firm. */
  SUBSCRIPTION_NOT_FOUND: { status: 404, message: 'No active subscription found' },
  /** upgrade to a plan that is not more expensive. */
  UPGRADE_NOT_HIGHER: {
    status: 409,
    message: 'Cannot upgrade to the same or lower plan. Please select a higher tier.',
  },
  /** change-plan to the same plan, an unusable plan, or immediately when the preview does not allow it. */
  INVALID_PLAN_CHANGE: { status: 409, message: 'Cannot change to the same plan or invalid plan transition.' },
  /** A change that raises the price while no payment card is on file. */
  PAYMENT_METHOD_REQUIRED: { status: 402, message: 'Payment method update required before changing plans.' },
  /** Cancel when the subscription is not active or trial. */
  SUBSCRIPTION_NOT_CANCELLABLE: {
    status: 409,
    message: 'This subscription cannot be cancelled at this time.',
  },
  /** The payment provider refused or could not be reached while cancelling. */
  CANCEL_FAILED: { status: 502, message: 'Failed to cancel subscription' },
  /** A firm role other than firm_admin tries to change the subscription. */
  MANAGE_FORBIDDEN: {
    status: 403,
    message: "Only your firm administrator can choose or change the firm's subscription plan.",
  },
  /** A plan limit (users, branches, digital services, storage) is reached; the message names the limit. */
  SUBSCRIPTION_LIMIT_REACHED: {
    status: 403,
    message: 'Your plan limit has been reached. Upgrade your plan to continue.',
  },
});
