import {
  PLAN_FEATURE_FLAGS,
  PLAN_FEATURE_LABELS,
  UNLIMITED,
  type Plan,
  type PlanFeatures,
  type PlanSummary,
} from '@lexserve/contracts/subscriptions';
import type { subscriptionPlans } from '../../db/schema/index';
import { centsOrNull, cyclePriceCents } from '../../lib/money';

export type PlanRow = typeof subscriptionPlans.$inferSelect;

/** Every flag present (false when the stored object lacks it). */
export const fullFeatures = (features: Partial<PlanFeatures> | null | undefined): PlanFeatures =>
  Object.fromEntries(PLAN_FEATURE_FLAGS.map((f) => [f, features?.[f] === true])) as PlanFeatures;

const featureLabels = (features: Partial<PlanFeatures> | null | undefined): string[] =>
  PLAN_FEATURE_FLAGS.filter((f) => features?.[f] === true).map((f) => PLAN_FEATURE_LABELS[f]);

const limit = (v: number | null) => v ?? UNLIMITED;

/** The one place a plan row becomes the API's plan: limits as -1 when unlimited, prices as decimal strings. */
export function toPlanDto(p: PlanRow): Plan {
  const annual = centsOrNull(cyclePriceCents(p, 'annual'));
  return {
    id: p.id,
    name: p.name,
    display_name: p.displayName,
    description: p.description,
    plan_type: p.planType,
    monthly_price: centsOrNull(p.monthlyPriceCents),
    quarterly_price: centsOrNull(cyclePriceCents(p, 'quarterly')),
    annual_price: annual,
    yearly_price: annual,
    currency: 'ZAR',
    is_contact_sales: p.monthlyPriceCents === null,
    max_digital_services: limit(p.maxDigitalServices),
    is_unlimited_services: p.maxDigitalServices === null,
    max_users: limit(p.maxUsers),
    max_branches: p.maxBranches,
    max_storage_gb: p.maxStorageGb,
    max_cases: limit(p.maxCases),
    trial_days: p.trialDays,
    is_active: p.isActive,
    is_featured: p.isFeatured,
    features: fullFeatures(p.features),
    feature_list: featureLabels(p.features),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

export const toPlanSummary = (
  p: Pick<PlanRow, 'id' | 'name' | 'displayName' | 'description' | 'monthlyPriceCents'>,
): PlanSummary => ({
  id: p.id,
  name: p.name,
  display_name: p.displayName,
  description: p.description,
  monthly_price: centsOrNull(p.monthlyPriceCents),
});
