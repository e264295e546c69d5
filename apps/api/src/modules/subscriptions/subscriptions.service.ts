import type {
  ChangePlanInput,
  PlanChangeConfirmation,
  PlanChangePreview,
  SelectPlanInput,
} from '@lexserve/contracts/subscriptions';
import { SubscriptionErrors } from '@lexserve/contracts/subscriptions';
import type { Db, DbOrTx } from '../../db/client';
import { can } from '../../lib/access';
import { AppError, isUniqueViolation } from '../../lib/app-error';
import { inTransaction, type Ctx } from '../../lib/context';
import { meteringWindow } from './limits';
import * as lifecycle from './lifecycle.service';
import { addDays, centsToDecimal, centsToRand, cyclePriceCents, sastDate } from '../../lib/money';
import { computePlanChange, type ChangeUsage } from './plan-change';
import { toPlanSummary, type PlanRow } from './plans.mapper';
import * as plans from './plans.repository';
import { hasAccessNow, hasPaymentMethod, nextChargeCents, toSubscriptionDto } from './subscriptions.mapper';
import * as repo from './subscriptions.repository';
import type { SubscriptionRow } from './subscriptions.repository';
import {
  countActiveBranches,
  countActiveUsers,
  countServedDocuments,
  sumStorageBytes,
} from './usage.repository';

/**
 * The firm's own subscription: every call is scoped to the actor's firm. Reading is open to the firm's roles;
 * choosing, changing and cancelling is the firm administrator's (spec 6).
 */

const firmOf = (ctx: Ctx): number => {
  if (!ctx.actor.firmId || !can(ctx.actor, 'subscription:read'))
    throw new AppError(SubscriptionErrors.NO_ACTIVE_SUBSCRIPTION);
  return ctx.actor.firmId;
};

export const managedFirmOf = (ctx: Ctx): number => {
  if (!ctx.actor.firmId || !can(ctx.actor, 'subscription:manage'))
    throw new AppError(SubscriptionErrors.MANAGE_FORBIDDEN);
  return ctx.actor.firmId;
};

/** Usage figures of the firm now: active users and branches, documents served this month, bytes stored. */
export async function measureUsage(db: DbOrTx, firmId: number, sub: SubscriptionRow | undefined, now: Date) {
  const window = meteringWindow(sub, now);
  const [users, branches, digitalServices, storageBytes] = await Promise.all([
    countActiveUsers(db, firmId),
    countActiveBranches(db, firmId),
    countServedDocuments(db, firmId, window.start, window.end),
    sumStorageBytes(db, firmId),
  ]);
  return { users, branches, digitalServices, storageBytes, window } satisfies ChangeUsage &
    Record<string, unknown>;
}

async function requirePlan(db: DbOrTx, id: number): Promise<PlanRow> {
  const plan = await plans.findPlanByIdAnyState(db, id);
  if (!plan) throw new AppError(SubscriptionErrors.PLAN_NOT_FOUND);
  return plan;
}

/** DTO of a subscription with its plan, pending plan and usage. */
async function describeSubscription(db: Db, sub: SubscriptionRow, now: Date) {
  const [plan, pendingPlan, usage] = await Promise.all([
    requirePlan(db, sub.planId),
    sub.pendingPlanId ? plans.findPlanByIdAnyState(db, sub.pendingPlanId) : Promise.resolve(undefined),
    measureUsage(db, sub.firmId, sub, now),
  ]);
  return toSubscriptionDto(sub, plan, { pendingPlan, usage, now });
}

/** GET /subscriptions/my-subscription: the subscription giving the firm access (404 when none). */
export async function getMySubscription(ctx: Ctx, now = ctx.deps.clock.now()) {
  const sub = await repo.findAccessSubscription(ctx.db, firmOf(ctx), now);
  if (!sub) throw new AppError(SubscriptionErrors.NO_ACTIVE_SUBSCRIPTION);
  return describeSubscription(ctx.db, sub, now);
}

/** GET /subscriptions/usage: usage against the plan's limits (-1 = unlimited). */
export async function getUsage(ctx: Ctx, now = ctx.deps.clock.now()) {
  const firmId = firmOf(ctx);
  const sub = await repo.findAccessSubscription(ctx.db, firmId, now);
  if (!sub) throw new AppError(SubscriptionErrors.NO_ACTIVE_SUBSCRIPTION);
  const [plan, usage] = await Promise.all([
    requirePlan(ctx.db, sub.planId),
    measureUsage(ctx.db, firmId, sub, now),
  ]);
  return {
    subscription_id: sub.id,
    plan_id: plan.id,
    digital_services_used: usage.digitalServices,
    digital_services_limit: plan.maxDigitalServices,
    users_count: usage.users,
    users_limit: plan.maxUsers,
    branches_count: usage.branches,
    branches_limit: plan.maxBranches,
    storage_used_mb: Math.round((usage.storageBytes / 1024 ** 2) * 100) / 100,
    storage_limit_mb: plan.maxStorageGb * 1024,
    current_period_start: usage.window.start.toISOString(),
    current_period_end: usage.window.end.toISOString(),
  };
}

/**
 * POST /subscriptions/select-plan: a pending subscription awaiting its first payment (an existing pending one is
 * re-pointed at the new choice). 409 while the firm has an active or trial subscription. A firm gets one free trial.
 */
export async function selectPlan(ctx: Ctx, input: SelectPlanInput, now = ctx.deps.clock.now()) {
  const firmId = managedFirmOf(ctx);
  const plan = await plans.findPlanById(ctx.db, input.plan_id);
  if (!plan || !plan.isActive) throw new AppError(SubscriptionErrors.INVALID_PLAN_SELECTION);
  const amount = cyclePriceCents(plan, input.billing_cycle);
  if (plan.monthlyPriceCents === null || amount === null)
    throw new AppError(SubscriptionErrors.PLAN_CONTACT_SALES);

  // Two choices at once both find no open subscription; the database keeps one open per firm, so the loser of the
  // race inserts nothing and, tried again, re-points the winner's pending subscription.
  const choose = () =>
    inTransaction(ctx, async (tx) => {
      const open = await repo.findOpenSubscription(tx, firmId, { lock: true });
      if (open && open.status !== 'pending') {
        if (hasAccessNow(open, now)) throw new AppError(SubscriptionErrors.ALREADY_SUBSCRIBED);
        // Lapsed without the job having run yet: close it so the firm can choose again.
        await lifecycle.expire(tx, open, { now, reason: 'Period ended without payment' });
      }
      const trialDays = plan.trialDays > 0 && !(await repo.firmHadTrial(tx, firmId)) ? plan.trialDays : 0;
      const values = {
        planId: plan.id,
        billingCycle: input.billing_cycle,
        amountCents: amount,
        trialDays,
        createdById: ctx.actor.id,
      };
      if (open?.status === 'pending') return repo.updateSubscription(tx, open.id, values);
      const created = await repo.insertSubscription(tx, {
        ...values,
        firmId,
        status: 'pending',
        provider: ctx.deps.payments.name,
      });
      await repo.insertChange(tx, {
        subscriptionId: created.id,
        firmId,
        changeType: 'created',
        toStatus: 'pending',
        toPlanId: plan.id,
        performedById: ctx.actor.id,
        effectiveAt: now,
      });
      return created;
    });
  const sub = await choose().catch((err) => {
    if (isUniqueViolation(err, 'firm_subscriptions_one_open')) return choose();
    throw err;
  });
  return {
    subscription_id: sub.id,
    id: sub.id,
    plan_id: sub.planId,
    billing_cycle: sub.billingCycle,
    status: sub.status,
    amount: centsToDecimal(sub.amountCents),
    trial_days: sub.trialDays,
    first_charge_date: sastDate(addDays(now, sub.trialDays)),
  };
}

type ChangeContext = {
  sub: SubscriptionRow;
  currentPlan: PlanRow;
  newPlan: PlanRow;
  computation: ReturnType<typeof computePlanChange>;
  newCycle: NonNullable<ChangePlanInput['billing_cycle']>;
};

async function evaluateChange(
  db: DbOrTx,
  firmId: number,
  input: Pick<ChangePlanInput, 'new_plan_id' | 'billing_cycle'>,
  now: Date,
  lock = false,
): Promise<ChangeContext> {
  const sub = await repo.findOpenSubscription(db, firmId, { lock });
  if (!sub || sub.status === 'pending' || !hasAccessNow(sub, now))
    throw new AppError(SubscriptionErrors.NO_ACTIVE_SUBSCRIPTION);
  const newPlan = await plans.findPlanById(db, input.new_plan_id);
  if (!newPlan || !newPlan.isActive || newPlan.monthlyPriceCents === null)
    throw new AppError(SubscriptionErrors.INVALID_PLAN_CHANGE);
  const currentPlan = await requirePlan(db, sub.planId);
  const newCycle = input.billing_cycle ?? sub.billingCycle;
  if (newPlan.id === currentPlan.id && newCycle === sub.billingCycle)
    throw new AppError(SubscriptionErrors.INVALID_PLAN_CHANGE);
  const usage = await measureUsage(db, firmId, sub, now);
  const computation = computePlanChange({
    status: sub.status,
    currentPlan,
    currentCycle: sub.billingCycle,
    periodStart: sub.currentPeriodStart,
    periodEnd: sub.endDate,
    trialEnd: sub.trialEndDate,
    hasPaymentMethod: hasPaymentMethod(sub),
    newPlan,
    newCycle,
    usage,
    now,
  });
  return { sub, currentPlan, newPlan, computation, newCycle };
}

function toPreview(c: ChangeContext, now: Date): PlanChangePreview {
  const x = c.computation;
  return {
    change_type: x.changeType,
    warnings: x.warnings,
    current_plan: toPlanSummary(c.currentPlan),
    new_plan: toPlanSummary(c.newPlan),
    current_billing_cycle: c.sub.billingCycle,
    billing_cycle: c.newCycle,
    current_monthly_cost: centsToRand(x.currentMonthlyCents),
    new_monthly_cost: centsToRand(x.newMonthlyCents),
    monthly_difference: centsToRand(x.newMonthlyCents - x.currentMonthlyCents),
    current_cycle_cost: centsToRand(x.currentCycleCents),
    new_cycle_cost: centsToRand(x.newCycleCents),
    can_apply_immediately: x.canApplyImmediately,
    next_billing_cycle_date: x.nextBillingDate?.toISOString() ?? null,
    days_remaining_in_period: x.daysRemaining,
    days_in_period: x.daysInPeriod,
    prorated_credit: centsToRand(x.proratedCreditCents),
    prorated_charge: centsToRand(x.proratedChargeCents),
    prorated_amount: centsToRand(x.proratedAmountCents),
    immediate_effective_date: now.toISOString(),
    feature_gains: x.featureGains,
    feature_losses: x.featureLosses,
    limit_changes: x.limitChanges,
    payment_method_required: x.paymentMethodRequired,
  };
}

/** POST /subscriptions/change-plan/preview. */
export async function previewPlanChange(ctx: Ctx, input: ChangePlanInput, now = ctx.deps.clock.now()) {
  const firmId = firmOf(ctx);
  return toPreview(await evaluateChange(ctx.db, firmId, input, now), now);
}

/**
 * POST /subscriptions/change-plan: applies now (immediate, when the preview allows it; the prorated difference is added
 * to the next charge) or at the next billing date. A change that raises the price needs a card on file (402).
 */
export async function changePlan(
  ctx: Ctx,
  input: ChangePlanInput,
  now = ctx.deps.clock.now(),
): Promise<PlanChangeConfirmation> {
  const firmId = managedFirmOf(ctx);
  const provider = ctx.deps.payments;
  return inTransaction(ctx, async (tx) => {
    const c = await evaluateChange(tx, firmId, input, now, true);
    const x = c.computation;
    if (x.paymentMethodRequired) throw new AppError(SubscriptionErrors.PAYMENT_METHOD_REQUIRED);
    const immediate = input.effective_date === 'immediate';
    if (immediate && !x.canApplyImmediately) throw new AppError(SubscriptionErrors.INVALID_PLAN_CHANGE);
    const nextBilling = x.nextBillingDate;
    if (!immediate && !nextBilling) throw new AppError(SubscriptionErrors.INVALID_PLAN_CHANGE);

    const { sub, change } = immediate
      ? await lifecycle.applyPlanNow(tx, c.sub, {
          plan: c.newPlan,
          cycle: c.newCycle,
          proratedCents: x.proratedAmountCents,
          byUserId: ctx.actor.id,
          now,
          source: 'firm',
        })
      : await lifecycle.schedulePlanChange(tx, c.sub, {
          plan: c.newPlan,
          cycle: c.newCycle,
          byUserId: ctx.actor.id,
          effectiveAt: nextBilling!,
          now,
        });

    // The provider charges the new amount from the next billing date; the call is part of the change (rolled back
    // with it when the provider refuses).
    let paymentUpdateRequired = false;
    if (
      sub.providerToken &&
      sub.provider === provider.name &&
      nextChargeCents(sub) !== nextChargeCents(c.sub)
    ) {
      try {
        await provider.updateRecurringAmount(sub.providerToken, nextChargeCents(sub));
      } catch (err) {
        ctx.log.warn({ err, subscriptionId: sub.id }, 'provider did not take the new recurring amount');
        paymentUpdateRequired = true;
      }
    }
    const newMonthly = centsToRand(c.newPlan.monthlyPriceCents ?? 0);
    return {
      new_plan: toPlanSummary(c.newPlan),
      new_monthly_cost: newMonthly,
      change_id: change.id,
      effective_date: (immediate ? now : nextBilling!).toISOString(),
      status: immediate ? 'applied' : 'scheduled',
      next_billing_date: nextBilling?.toISOString() ?? null,
      prorated_amount: immediate ? centsToRand(x.proratedAmountCents) : 0,
      payment_update_required: paymentUpdateRequired,
      billing_cycle: c.newCycle,
      message: immediate
        ? `Your plan has been changed to ${c.newPlan.displayName}.`
        : `Your plan will change to ${c.newPlan.displayName} on your next billing date.`,
    };
  });
}

/** POST /subscriptions/upgrade: a change to a more expensive plan, applied now when possible. */
export async function upgrade(
  ctx: Ctx,
  input: Pick<ChangePlanInput, 'new_plan_id' | 'billing_cycle'>,
  now = ctx.deps.clock.now(),
) {
  const firmId = managedFirmOf(ctx);
  const c = await evaluateChange(ctx.db, firmId, input, now).catch((err: unknown) => {
    // The same plan, or one that cannot be chosen, is "not a higher tier" for an upgrade.
    if (err instanceof AppError && err.code === SubscriptionErrors.INVALID_PLAN_CHANGE.code)
      throw new AppError(SubscriptionErrors.UPGRADE_NOT_HIGHER, { cause: err });
    throw err;
  });
  if (c.computation.changeType !== 'upgrade') throw new AppError(SubscriptionErrors.UPGRADE_NOT_HIGHER);
  return changePlan(
    ctx,
    { ...input, effective_date: c.computation.canApplyImmediately ? 'immediate' : 'next_billing_cycle' },
    now,
  );
}

/**
 * Cancels the firm's subscription (POST /payments/cancel-subscription/{id}): stops charges at the provider, keeps
 * access to the end of the paid period and the data for 30 days after.
 */
export async function cancelMySubscription(
  ctx: Ctx,
  subscriptionId: number,
  input: { reason?: string | null; feedback?: string | null } | null | undefined,
  now = ctx.deps.clock.now(),
) {
  const firmId = managedFirmOf(ctx);
  const provider = ctx.deps.payments;
  const sub = await inTransaction(ctx, async (tx) => {
    const current = await repo.findSubscriptionById(tx, subscriptionId, { lock: true });
    if (!current || current.firmId !== firmId) throw new AppError(SubscriptionErrors.SUBSCRIPTION_NOT_FOUND);
    if (current.status !== 'active' && current.status !== 'trial')
      throw new AppError(SubscriptionErrors.SUBSCRIPTION_NOT_CANCELLABLE);
    const cancelled = await lifecycle.cancel(tx, current, {
      now,
      byUserId: ctx.actor.id,
      reason: input?.reason?.trim() || null,
      feedback: input?.feedback?.trim() || null,
      immediate: false,
      source: 'firm',
    });
    if (current.providerToken && current.provider === provider.name) {
      try {
        await provider.cancelSubscription(current.providerToken);
      } catch (err) {
        ctx.log.error({ err, subscriptionId }, 'provider refused the cancellation');
        throw new AppError(SubscriptionErrors.CANCEL_FAILED, { cause: err });
      }
    }
    return cancelled;
  });
  return describeSubscription(ctx.db, sub, now);
}
