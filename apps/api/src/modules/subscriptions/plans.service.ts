import type { CreatePlanInput, UpdatePlanInput } from '@lexserve/contracts/admin';
import { AdminErrors, normaliseFeatures } from '@lexserve/contracts/admin';
import { PLAN_FEATURE_LABELS } from '@lexserve/contracts/subscriptions';
import { SubscriptionErrors } from '@lexserve/contracts/subscriptions';
import { CommonErrors } from '@lexserve/contracts/errors';
import type { Db, DbOrTx } from '../../db/client';
import { assertCan } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import type { Ctx } from '../../lib/context';
import { DEFAULT_PLANS } from './default-plans';
import { randToCents } from '../../lib/money';
import { toPlanDto } from './plans.mapper';
import * as repo from './plans.repository';

/** Public plans (visitors and signed-in users): active plans, cheapest first, 'Contact Us' plans last. */
export async function listPublicPlans(db: Db, opts: { featuredOnly?: boolean } = {}) {
  const rows = await repo.listPlans(db, { activeOnly: true, featuredOnly: opts.featuredOnly });
  return { plans: rows.map(toPlanDto), total: rows.length };
}

const assertAdmin = (ctx: Ctx) => assertCan(ctx.actor, 'admin:access', CommonErrors.ADMIN_REQUIRED);

export async function listAllPlans(ctx: Ctx) {
  assertAdmin(ctx);
  const rows = await repo.listPlans(ctx.db, { activeOnly: false });
  return { plans: rows.map(toPlanDto), total: rows.length };
}

export async function getPlan(ctx: Ctx, id: number) {
  assertAdmin(ctx);
  const plan = await repo.findPlanById(ctx.db, id);
  if (!plan) throw new AppError(SubscriptionErrors.PLAN_NOT_FOUND);
  return toPlanDto(plan);
}

/** 0 or absent means unlimited for users and digital services (spec 5); stored as null. */
const limitOrNull = (v: number | null | undefined) => (v ? v : null);
const centsOrNullInput = (v: number | null | undefined) =>
  v === null || v === undefined ? null : randToCents(v);

export async function createPlan(ctx: Ctx, input: CreatePlanInput) {
  assertAdmin(ctx);
  const plan = await repo.insertPlan(ctx.db, {
    name: input.name,
    displayName: input.display_name,
    description: input.description ?? null,
    planType: input.plan_type ?? 'custom',
    monthlyPriceCents: randToCents(input.monthly_price),
    quarterlyPriceCents: centsOrNullInput(input.quarterly_price),
    annualPriceCents: centsOrNullInput(input.annual_price ?? input.yearly_price),
    maxDigitalServices: limitOrNull(input.max_digital_services),
    maxUsers: limitOrNull(input.max_users),
    maxBranches: input.max_branches ?? 1,
    maxStorageGb: input.max_storage_gb ?? 10,
    maxCases: limitOrNull(input.max_cases),
    trialDays: input.trial_days ?? 0,
    isActive: input.is_active ?? true,
    isFeatured: input.is_featured ?? false,
    features: normaliseFeatures(input.features, PLAN_FEATURE_LABELS),
  });
  return toPlanDto(plan);
}

export async function updatePlan(ctx: Ctx, id: number, input: UpdatePlanInput) {
  assertAdmin(ctx);
  if (!(await repo.findPlanById(ctx.db, id))) throw new AppError(SubscriptionErrors.PLAN_NOT_FOUND);
  const has = (k: keyof UpdatePlanInput) =>
    Object.prototype.hasOwnProperty.call(input, k) && input[k] !== undefined;
  const annual = has('annual_price') ? input.annual_price : input.yearly_price;
  const plan = await repo.updatePlan(ctx.db, id, {
    name: input.name,
    displayName: input.display_name,
    description: has('description') ? (input.description ?? null) : undefined,
    planType: input.plan_type,
    monthlyPriceCents: input.monthly_price === undefined ? undefined : randToCents(input.monthly_price),
    quarterlyPriceCents: has('quarterly_price') ? centsOrNullInput(input.quarterly_price) : undefined,
    annualPriceCents: has('annual_price') || has('yearly_price') ? centsOrNullInput(annual) : undefined,
    maxDigitalServices: has('max_digital_services') ? limitOrNull(input.max_digital_services) : undefined,
    maxUsers: has('max_users') ? limitOrNull(input.max_users) : undefined,
    maxBranches: input.max_branches,
    maxStorageGb: input.max_storage_gb,
    maxCases: has('max_cases') ? limitOrNull(input.max_cases) : undefined,
    trialDays: input.trial_days,
    isActive: input.is_active,
    isFeatured: input.is_featured,
    features:
      input.features === undefined ? undefined : normaliseFeatures(input.features, PLAN_FEATURE_LABELS),
  });
  return toPlanDto(plan!);
}

/**
 * Refused (409) while any subscription uses the plan or has it as its next plan. A plan that only history refers to
 * (cancelled or expired subscriptions) is archived instead of deleted, so that history keeps its plan.
 */
export async function deletePlan(ctx: Ctx, id: number) {
  assertAdmin(ctx);
  const plan = await repo.findPlanById(ctx.db, id);
  if (!plan) throw new AppError(SubscriptionErrors.PLAN_NOT_FOUND);
  const use = await repo.countPlanUse(ctx.db, id, new Date());
  if (use.open > 0) throw new AppError(AdminErrors.PLAN_IN_USE);
  if (use.total > 0)
    await repo.updatePlan(ctx.db, id, { deletedAt: new Date(), isActive: false, isFeatured: false });
  else await repo.deletePlanRow(ctx.db, id);
}

/** Creates the default plans that are missing (by name); idempotent. */
export async function ensureDefaultPlans(db: DbOrTx) {
  const created = [];
  for (const def of DEFAULT_PLANS) {
    if (await repo.findPlanByName(db, def.name)) continue;
    created.push(await repo.insertPlan(db, def));
  }
  return created;
}

export async function createDefaultPlans(ctx: Ctx) {
  assertAdmin(ctx);
  const created = await ensureDefaultPlans(ctx.db);
  const { plans } = await listAllPlans(ctx);
  return {
    created: created.map(toPlanDto),
    plans,
    message: created.length
      ? `${created.length} default plan${created.length === 1 ? '' : 's'} created`
      : 'Default plans already exist',
  };
}
