import {
  MONTHLY_PRICE_REQUIRED,
  type CreatePlanInput,
  type UpdatePlanInput,
} from '@lexserve/contracts/admin';
import {
  PLAN_FEATURE_FLAGS,
  PLAN_TYPES,
  type Plan,
  type PlanFeatureFlag,
  type PlanType,
} from '@lexserve/contracts/subscriptions';
import { z } from 'zod';

export const PLAN_TYPE_LABELS: Record<PlanType, string> = {
  small_practice: 'Small Practice',
  medium_large_firm: 'Medium / Large Firm',
  enterprise: 'Enterprise',
  custom: 'Custom',
};

/** Empty input → undefined; otherwise a number (NaN for text, which the rules then refuse). */
const optionalNumber = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
  z.number().optional(),
);

const wholeNumber = (min: number, message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? NaN : Number(v)),
    z.number({ error: message }).int(message).min(min, message),
  );

/**
 * The admin plan form (spec 3 and 5): display name, plan type and monthly price are required;
 * users and digital services ≥ 0 (0 = unlimited), branches ≥ 1, storage ≥ 1 GB, trial days ≥ 0.
 * The monthly price may stay empty only when editing a plan that has none ('Contact Us').
 */
export const makePlanFormSchema = (options: { priceOptional?: boolean } = {}) =>
  z.object({
    plan_type: z.enum(PLAN_TYPES, { error: 'Plan type is required' }),
    display_name: z.string().trim().min(1, 'Display name is required').max(200, 'Display name is too long'),
    description: z.string().max(2000, 'Description is too long'),
    monthly_price: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
      options.priceOptional
        ? z.number({ error: MONTHLY_PRICE_REQUIRED }).gt(0, MONTHLY_PRICE_REQUIRED).optional()
        : z.number({ error: MONTHLY_PRICE_REQUIRED }).gt(0, MONTHLY_PRICE_REQUIRED),
    ),
    quarterly_price: optionalNumber.refine(
      (v) => v === undefined || (Number.isFinite(v) && v >= 0),
      'Price must be 0 or more',
    ),
    annual_price: optionalNumber.refine(
      (v) => v === undefined || (Number.isFinite(v) && v >= 0),
      'Price must be 0 or more',
    ),
    max_digital_services: wholeNumber(0, 'Maximum digital services must be 0 (unlimited) or more'),
    max_users: wholeNumber(0, 'Maximum users must be 0 (unlimited) or more'),
    max_branches: wholeNumber(1, 'Maximum branches must be at least 1'),
    max_storage_gb: wholeNumber(1, 'Maximum storage must be at least 1 GB'),
    trial_days: wholeNumber(0, 'Trial days must be 0 or more'),
    is_active: z.boolean(),
    is_featured: z.boolean(),
    features: z.record(z.string(), z.boolean()),
  });

export type PlanFormValues = z.input<ReturnType<typeof makePlanFormSchema>>;
export type PlanFormOutput = z.output<ReturnType<typeof makePlanFormSchema>>;

const noFeatures = (): Record<PlanFeatureFlag, boolean> =>
  Object.fromEntries(PLAN_FEATURE_FLAGS.map((flag) => [flag, false])) as Record<PlanFeatureFlag, boolean>;

/** Spec 9's defaults: custom, branches 1, storage 10 GB, no trial, active, not featured. */
export const DEFAULT_PLAN_FORM: PlanFormValues = {
  plan_type: 'custom',
  display_name: '',
  description: '',
  monthly_price: '',
  quarterly_price: '',
  annual_price: '',
  max_digital_services: 0,
  max_users: 0,
  max_branches: 1,
  max_storage_gb: 10,
  trial_days: 0,
  is_active: true,
  is_featured: false,
  features: noFeatures(),
};

/** An unlimited limit (-1 from the API) shows as 0 in the form. */
const limitToForm = (value: number | null | undefined): number =>
  value === null || value === undefined || value < 0 ? 0 : value;

/** A plan as form values, for editing. */
export const planToForm = (plan: Plan): PlanFormValues => ({
  plan_type: plan.plan_type,
  display_name: plan.display_name,
  description: plan.description ?? '',
  monthly_price: plan.monthly_price ?? '',
  quarterly_price: plan.quarterly_price ?? '',
  annual_price: plan.annual_price ?? plan.yearly_price ?? '',
  max_digital_services: plan.is_unlimited_services ? 0 : limitToForm(plan.max_digital_services),
  max_users: limitToForm(plan.max_users),
  max_branches: plan.max_branches,
  max_storage_gb: plan.max_storage_gb,
  trial_days: plan.trial_days,
  is_active: plan.is_active,
  is_featured: plan.is_featured,
  features: { ...noFeatures(), ...plan.features },
});

/**
 * The create payload: the name is the plan type; currency is ZAR; a users or digital services limit
 * of 0 is left out (unlimited, spec 5); empty optional prices are left out.
 */
export const toCreatePlanPayload = (values: PlanFormOutput): CreatePlanInput => {
  const payload: CreatePlanInput = {
    name: values.plan_type,
    display_name: values.display_name.trim(),
    plan_type: values.plan_type,
    monthly_price: values.monthly_price as number,
    currency: 'ZAR',
    max_branches: values.max_branches,
    max_storage_gb: values.max_storage_gb,
    trial_days: values.trial_days,
    is_active: values.is_active,
    is_featured: values.is_featured,
    features: { ...noFeatures(), ...values.features },
  };
  if (values.description.trim()) payload.description = values.description.trim();
  if (values.quarterly_price !== undefined) payload.quarterly_price = values.quarterly_price;
  if (values.annual_price !== undefined) payload.annual_price = values.annual_price;
  if (values.max_users > 0) payload.max_users = values.max_users;
  if (values.max_digital_services > 0) payload.max_digital_services = values.max_digital_services;
  return payload;
};

/**
 * The update payload: like create, without null or empty fields (spec 5: "update calls drop null and
 * empty-string fields"). A limit of 0 is left out as on create, except when it turns a limited plan
 * unlimited: leaving it out would keep the old limit, so 0 (unlimited) is sent.
 */
export const toUpdatePlanPayload = (values: PlanFormOutput, original: Plan): UpdatePlanInput => {
  const { monthly_price, ...rest } = toCreatePlanPayload({
    ...values,
    monthly_price: values.monthly_price ?? 0,
  });
  const payload: UpdatePlanInput = { ...rest };
  if (values.monthly_price !== undefined) payload.monthly_price = monthly_price;
  if (!values.description.trim() && original.description) payload.description = null;
  if (values.max_users === 0 && original.max_users > 0) payload.max_users = 0;
  if (
    values.max_digital_services === 0 &&
    !original.is_unlimited_services &&
    original.max_digital_services > 0
  )
    payload.max_digital_services = 0;
  return Object.fromEntries(
    Object.entries(payload).filter(
      ([key, value]) => value !== '' && (value !== null || key === 'description'),
    ),
  ) as UpdatePlanInput;
};

/** Admin card saving (spec 9): 12 × monthly − yearly, when positive. */
export const yearlySaving = (
  monthly: string | number | null | undefined,
  yearly: string | number | null | undefined,
): number | null => {
  const m = monthly === null || monthly === undefined || monthly === '' ? NaN : Number(monthly);
  const y = yearly === null || yearly === undefined || yearly === '' ? NaN : Number(yearly);
  if (!Number.isFinite(m) || !Number.isFinite(y)) return null;
  const saving = Math.round((12 * m - y) * 100) / 100;
  return saving > 0 ? saving : null;
};

/** The admin card's features: at most 4, then '+N more features' (spec 9). */
export const cardFeatures = (labels: readonly string[], max = 4): { shown: string[]; more: number } => ({
  shown: labels.slice(0, max),
  more: Math.max(0, labels.length - max),
});
