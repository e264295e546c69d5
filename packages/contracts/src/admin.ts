import { z } from 'zod';
import { IdSchema, QueryBooleanSchema, RoleSchema } from './common';
import { defineErrors } from './errors';
import { FirmSchema } from './firms';
import { PaymentSchema } from './payments';
import {
  BillingCycleSchema,
  PLAN_FEATURE_FLAGS,
  PlanSummarySchema,
  PlanTypeSchema,
  SubscriptionStatusSchema,
  type PlanFeatureFlag,
} from './subscriptions';
import { UserSchema } from './users';

// ---- Plans (admin form, spec 3 and 5) ---------------------------------------------------------------------

export const PLAN_NAMES_REQUIRED = 'Plan name and display name are required';
export const MONTHLY_PRICE_REQUIRED = 'Valid monthly price is required';

/** Prices arrive as numbers (or numeric strings from forms). */
const money = (msg: string) =>
  z.coerce
    .number({ error: msg })
    .refine((v) => Number.isFinite(v) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, msg);
const optionalMoney = z.coerce
  .number({ error: 'Price must be a number' })
  .min(0, 'Price must be 0 or more')
  .nullish();
/** 0 (or absent) means unlimited for users and digital services (spec 5). */
const optionalLimit = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .int()
    .min(0, `${field} must be 0 or more`)
    .nullish();

/** Features: the object of flags, or a list of flag keys / labels (both forms occur, spec 3). */
export const PlanFeaturesInputSchema = z.union([z.record(z.string(), z.boolean()), z.array(z.string())]);

const planFields = {
  description: z.string().trim().max(2000).nullish(),
  plan_type: PlanTypeSchema.optional(),
  quarterly_price: optionalMoney,
  annual_price: optionalMoney,
  yearly_price: optionalMoney,
  currency: z.literal('ZAR', { error: 'Currency must be ZAR' }).optional(),
  max_digital_services: optionalLimit('Maximum digital services'),
  max_users: optionalLimit('Maximum users'),
  max_branches: z.coerce.number().int().min(1, 'Maximum branches must be at least 1').optional(),
  max_storage_gb: z.coerce.number().int().min(1, 'Maximum storage must be at least 1 GB').optional(),
  max_cases: optionalLimit('Maximum cases'),
  trial_days: z.coerce.number().int().min(0, 'Trial days must be 0 or more').optional(),
  is_active: z.boolean().optional(),
  is_featured: z.boolean().optional(),
  features: PlanFeaturesInputSchema.optional(),
};

export const CreatePlanInputSchema = z.object({
  name: z
    .string({ error: PLAN_NAMES_REQUIRED })
    .trim()
    .min(1, PLAN_NAMES_REQUIRED)
    .max(100, 'Plan name is too long'),
  display_name: z
    .string({ error: PLAN_NAMES_REQUIRED })
    .trim()
    .min(1, PLAN_NAMES_REQUIRED)
    .max(200, 'Display name is too long'),
  monthly_price: money(MONTHLY_PRICE_REQUIRED).refine((v) => v > 0, MONTHLY_PRICE_REQUIRED),
  ...planFields,
});
export type CreatePlanInput = z.infer<typeof CreatePlanInputSchema>;

/** Update: only the fields sent change (the client drops null and empty values). */
export const UpdatePlanInputSchema = z.object({
  name: z.string().trim().min(1, PLAN_NAMES_REQUIRED).max(100).optional(),
  display_name: z.string().trim().min(1, PLAN_NAMES_REQUIRED).max(200).optional(),
  monthly_price: money(MONTHLY_PRICE_REQUIRED)
    .refine((v) => v > 0, MONTHLY_PRICE_REQUIRED)
    .optional(),
  ...planFields,
});
export type UpdatePlanInput = z.infer<typeof UpdatePlanInputSchema>;

/** Turns either features form into the stored flag object (unknown labels are ignored). */
export function normaliseFeatures(
  input: z.infer<typeof PlanFeaturesInputSchema> | undefined,
  labels: Record<PlanFeatureFlag, string>,
): Record<PlanFeatureFlag, boolean> {
  const out = Object.fromEntries(PLAN_FEATURE_FLAGS.map((f) => [f, false])) as Record<
    PlanFeatureFlag,
    boolean
  >;
  if (!input) return out;
  if (Array.isArray(input)) {
    const wanted = new Set(input.map((s) => s.trim().toLowerCase()));
    for (const f of PLAN_FEATURE_FLAGS)
      if (wanted.has(f) || wanted.has(labels[f].toLowerCase())) out[f] = true;
    return out;
  }
  for (const f of PLAN_FEATURE_FLAGS) if (input[f] === true) out[f] = true;
  return out;
}

// ---- Firm subscriptions ------------------------------------------------------------------------------------

export const FirmSubscriptionSchema = z.object({
  id: z.number().int(),
  firm_id: z.number().int(),
  firm: z.object({ id: z.number().int(), name: z.string() }),
  plan_id: z.number().int(),
  plan: PlanSummarySchema,
  status: SubscriptionStatusSchema,
  billing_cycle: BillingCycleSchema,
  amount: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  trial_end_date: z.string().nullable(),
  /** Same as trial_end_date (both names are read). */
  trial_ends_at: z.string().nullable(),
  access_ends_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancellation_reason: z.string().nullable(),
  provider: z.string(),
  has_payment_method: z.boolean(),
  /** Active and ending within 7 days. */
  expires_soon: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FirmSubscription = z.infer<typeof FirmSubscriptionSchema>;

export const FIRM_SUBSCRIPTION_FILTERS = [
  'all',
  'pending',
  'trial',
  'active',
  'cancelled',
  'expired',
  'expiring',
] as const;
export const FirmSubscriptionListQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  status: z.enum(FIRM_SUBSCRIPTION_FILTERS).default('all'),
  search: z.string().trim().max(200).optional(),
});

const CountsSchema = z.object({
  all: z.number().int(),
  pending: z.number().int(),
  trial: z.number().int(),
  active: z.number().int(),
  cancelled: z.number().int(),
  expired: z.number().int(),
  expiring: z.number().int(),
});
export const FirmSubscriptionListSchema = z.object({
  subscriptions: z.array(FirmSubscriptionSchema),
  total: z.number().int(),
  counts: CountsSchema,
});

export const SubscriptionChangeSchema = z.object({
  id: z.number().int(),
  subscription_id: z.number().int(),
  change_type: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  from_plan: z.string().nullable(),
  to_plan: z.string().nullable(),
  amount: z.string().nullable(),
  reason: z.string().nullable(),
  feedback: z.string().nullable(),
  performed_by: z.string().nullable(),
  effective_at: z.string(),
  created_at: z.string(),
});

export const FirmSubscriptionDetailSchema = FirmSubscriptionSchema.extend({
  payments: z.array(PaymentSchema),
  history: z.array(SubscriptionChangeSchema),
});

export const AdminChangePlanInputSchema = z.object({
  new_plan_id: z.coerce
    .number({ error: 'New plan ID is required' })
    .int()
    .positive('New plan ID is required'),
  billing_cycle: BillingCycleSchema.optional(),
});

/** Suspend sends {reason, immediate: true}; a plain cancel keeps access to the end of the period. */
export const AdminCancelInputSchema = z
  .object({
    reason: z.string().trim().max(500).nullish(),
    immediate: z.boolean().optional(),
    feedback: z.string().trim().max(2000).nullish(),
  })
  .nullish();

// ---- Analytics, health, reports ------------------------------------------------------------------------------

export const AnalyticsOverviewSchema = z.object({
  total_subscriptions: z.number().int(),
  active_subscriptions: z.number().int(),
  trial_subscriptions: z.number().int(),
  pending_subscriptions: z.number().int(),
  cancelled_subscriptions: z.number().int(),
  expired_subscriptions: z.number().int(),
  /** Active (active + trial) as a % of all subscriptions, one decimal. */
  active_percentage: z.number(),
  /** Monthly recurring revenue of paying active subscriptions, in rand. */
  monthly_revenue: z.number(),
  /** Completed payments this calendar month, in rand. */
  revenue_this_month: z.number(),
  total_revenue: z.number(),
  total_users: z.number().int(),
  active_users: z.number().int(),
  total_firms: z.number().int(),
  active_firms: z.number().int(),
  firms_without_subscription: z.number().int(),
  health_score: z.number().int(),
  plans: z.array(
    z.object({ plan_id: z.number().int(), name: z.string(), active_subscriptions: z.number().int() }),
  ),
  generated_at: z.string(),
});

export const TrendsQuerySchema = z.object({ months: z.coerce.number().int().min(1).max(36).default(12) });
export const TrendsSchema = z.object({
  months: z.array(
    z.object({
      month: z.string(),
      new_subscriptions: z.number().int(),
      trials_started: z.number().int(),
      cancellations: z.number().int(),
      expirations: z.number().int(),
      active_at_month_end: z.number().int(),
      revenue: z.number(),
      payments: z.number().int(),
    }),
  ),
});

export const ExpiringSoonQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(365).default(7) });
export const ExpiringSoonSchema = z.object({
  days: z.number().int(),
  total: z.number().int(),
  subscriptions: z.array(
    z.object({
      subscription_id: z.number().int(),
      firm_id: z.number().int(),
      firm_name: z.string(),
      plan_name: z.string(),
      status: SubscriptionStatusSchema,
      ends_at: z.string(),
      days_left: z.number().int(),
      kind: z.enum(['trial_end', 'period_end', 'access_end']),
      has_payment_method: z.boolean(),
    }),
  ),
});

const UsageFigureSchema = z.object({ used: z.number(), limit: z.number(), percent: z.number().nullable() });
export const UsageLimitsQuerySchema = z.object({
  threshold: z.coerce.number().min(0).max(100).default(80),
  all: QueryBooleanSchema.optional(),
});
export const UsageLimitsSchema = z.object({
  threshold: z.number(),
  firms: z.array(
    z.object({
      firm_id: z.number().int(),
      firm_name: z.string(),
      subscription_id: z.number().int(),
      plan_name: z.string(),
      users: UsageFigureSchema,
      branches: UsageFigureSchema,
      digital_services: UsageFigureSchema,
      storage_mb: UsageFigureSchema,
      near_limit: z.boolean(),
      over_limit: z.boolean(),
    }),
  ),
});

export const HealthSchema = z.object({
  status: z.enum(['healthy', 'degraded', 'unhealthy']),
  health_score: z.number().int(),
  database: z.object({ ok: z.boolean(), kind: z.string(), latency_ms: z.number() }),
  payment_provider: z.string(),
  payfast_mode: z.string(),
  checks: z.object({
    jobs_pending: z.number().int(),
    jobs_overdue: z.number().int(),
    jobs_failed: z.number().int(),
    events_pending: z.number().int(),
    events_failed: z.number().int(),
    mail_kept: z.number().int(),
    mail_failed: z.number().int(),
    payments_pending_stale: z.number().int(),
    notifications_rejected_24h: z.number().int(),
    subscriptions_past_end: z.number().int(),
  }),
  issues: z.array(z.string()),
  generated_at: z.string(),
});

export const MonthlySummaryQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
});
const ReasonCountSchema = z.object({ reason: z.string(), count: z.number().int() });
export const MonthlySummarySchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  period_start: z.string(),
  period_end: z.string(),
  new_subscriptions: z.number().int(),
  trials_started: z.number().int(),
  activations: z.number().int(),
  renewals: z.number().int(),
  plan_changes: z.number().int(),
  cancellations: z.number().int(),
  expirations: z.number().int(),
  active_at_month_end: z.number().int(),
  revenue: z.number(),
  payments_count: z.number().int(),
  failed_payments: z.number().int(),
  cancelled_payments: z.number().int(),
  revenue_by_plan: z.array(
    z.object({
      plan_id: z.number().int(),
      name: z.string(),
      revenue: z.number(),
      payments: z.number().int(),
    }),
  ),
  cancellation_reasons: z.array(ReasonCountSchema),
  payment_cancel_reasons: z.array(ReasonCountSchema),
});

export const CancellationReportQuerySchema = z.object({
  from: z.string().optional(),
  to: z.string().optional(),
});
export const CancellationReportSchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  reasons: z.array(ReasonCountSchema),
  cancellations: z.array(
    z.object({
      subscription_id: z.number().int(),
      firm_id: z.number().int(),
      firm_name: z.string(),
      plan_name: z.string().nullable(),
      reason: z.string().nullable(),
      feedback: z.string().nullable(),
      by: z.string().nullable(),
      at: z.string(),
    }),
  ),
  payment_cancel_reasons: z.array(ReasonCountSchema),
  payment_feedback: z.array(
    z.object({
      id: z.number().int(),
      firm_name: z.string().nullable(),
      user: z.string().nullable(),
      payment_id: z.number().int().nullable(),
      reason: z.string(),
      feedback: z.string().nullable(),
      at: z.string(),
    }),
  ),
});

export const SubscriptionHistorySchema = z.object({
  firm_id: z.number().int(),
  firm_name: z.string(),
  subscriptions: z.array(FirmSubscriptionSchema),
  history: z.array(SubscriptionChangeSchema),
  payments: z.array(PaymentSchema),
});

export const CleanupResultSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ expired_count: z.number().int(), subscription_ids: z.array(z.number().int()) }),
});

// ---- Mail outbox, sales contacts, users and firms ------------------------------------------------------------

/**
 * The outbox keeps every e-mail ever sent, so its list counts matches only this far past the page asked for: the
 * total stops at `skip + MAIL_OUTBOX_COUNT_AHEAD` (`count_limit`), the cost of one page at any history's size.
 */
export const MAIL_OUTBOX_COUNT_AHEAD = 1000;
export const MailOutboxQuerySchema = z.object({
  // skip + MAIL_OUTBOX_COUNT_AHEAD (the answer's count_limit) stays a safe integer.
  skip: z.coerce
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER - MAIL_OUTBOX_COUNT_AHEAD)
    .default(0),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  status: z.enum(['kept', 'sent', 'failed']).optional(),
  search: z.string().trim().max(200).optional(),
});
export const MailMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  status: z.enum(['kept', 'sent', 'failed']),
  error: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export const MailOutboxListSchema = z.object({
  messages: z.array(MailMessageSchema),
  /** The e-mails matching, up to `count_limit` (a total equal to it means at least that many). */
  total: z.number().int(),
  count_limit: z.number().int(),
});

export const SalesContactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  firm_name: z.string().nullable(),
  firm_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  plan: PlanSummarySchema.nullable(),
  message: z.string().nullable(),
  status: z.enum(['new', 'contacted', 'closed']),
  created_at: z.string(),
});
export const SalesContactListSchema = z.object({
  requests: z.array(SalesContactSchema),
  total: z.number().int(),
});
export const UpdateSalesContactInputSchema = z.object({ status: z.enum(['new', 'contacted', 'closed']) });

export const AdminUserListQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  search: z.string().trim().max(200).optional(),
  role: RoleSchema.optional(),
  firm_id: IdSchema.optional(),
  is_active: QueryBooleanSchema.optional(),
});
export const AdminUserListSchema = z.object({
  users: z.array(UserSchema.extend({ firm_name: z.string().nullable() })),
  total: z.number().int(),
});

export const AdminFirmListQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  search: z.string().trim().max(200).optional(),
  is_active: QueryBooleanSchema.optional(),
  subscription_status: z.enum(['none', ...SubscriptionStatusSchema.options]).optional(),
});
export const AdminFirmListSchema = z.object({
  firms: z.array(
    FirmSchema.extend({
      users_count: z.number().int(),
      branches_count: z.number().int(),
      subscription: z
        .object({
          id: z.number().int(),
          status: SubscriptionStatusSchema,
          plan_name: z.string(),
          end_date: z.string().nullable(),
        })
        .nullable(),
    }),
  ),
  total: z.number().int(),
});

/** Client-side words of spec 8 for the admin screens. */
export const AdminMessages = {
  createPlanFailed: 'Failed to create subscription plan',
  updatePlanFailed: 'Failed to update subscription plan',
  deletePlanFailed: 'Failed to delete subscription plan',
  loadPlansFailed: 'Failed to load subscription plans',
  updateFirmSubscriptionFailed: 'Failed to update firm subscription',
  suspendFailed: 'Failed to suspend firm subscription',
  reactivateFailed: 'Failed to reactivate firm subscription',
  loadFirmSubscriptionsFailed: 'Failed to load firm subscriptions',
  deletePlanConfirm: (displayName: string) =>
    `Are you sure you want to delete the plan "${displayName}"? This action cannot be undone.`,
} as const;

export const AdminErrors = defineErrors({
  /** Plan create/update with a name another plan has. */
  PLAN_NAME_TAKEN: { status: 409, message: 'A plan with this name already exists.' },
  /** Plan delete while subscriptions use it. */
  PLAN_IN_USE: { status: 409, message: 'Cannot delete plan with active subscriptions.' },
  /** A firm subscription id that does not exist. */
  FIRM_SUBSCRIPTION_NOT_FOUND: { status: 404, message: 'Firm subscription not found.' },
  /** Suspend (immediate cancel) of a subscription that is not active. */
  SUSPEND_NOT_ALLOWED: { status: 409, message: 'Only active subscriptions can be suspended.' },
  /** Cancel of a subscription that is already cancelled or expired. */
  CANCEL_NOT_ALLOWED: { status: 409, message: 'This subscription cannot be cancelled at this time.' },
  /** Reactivate of a subscription that is not cancelled or expired. */
  REACTIVATE_NOT_ALLOWED: {
    status: 409,
    message: 'Only cancelled or expired subscriptions can be reactivated.',
  },
  /** Reactivate while the firm has another open subscription. */
  FIRM_HAS_OPEN_SUBSCRIPTION: {
    status: 409,
    message: 'This firm already has another active or pending subscription.',
  },
  /** Unknown mail or sales-contact id. */
  ADMIN_ITEM_NOT_FOUND: { status: 404, message: 'Not found.' },
});
