import type { z } from 'zod';
import {
  AdminErrors,
  type AdminCancelInputSchema,
  type AdminChangePlanInputSchema,
  type FirmSubscription,
} from '@lexserve/contracts/admin';
import { CommonErrors } from '@lexserve/contracts/errors';
import { SUBSCRIPTION_CONSTANTS, SubscriptionErrors } from '@lexserve/contracts/subscriptions';
import { eq } from 'drizzle-orm';
import { payments as paymentsTable } from '../../db/schema/index';
import { assertCan } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import { inTransaction, type Ctx } from '../../lib/context';
import { getFirm } from '../firms/firms.service';
import { toPaymentDto } from '../payments/payments.service';
import * as lifecycle from '../subscriptions/lifecycle.service';
import { centsOrNull, centsToDecimal } from '../../lib/money';
import {
  cleanupExpired,
  findOpenSubscription,
  findPlanById,
  findSubscriptionById,
  hasPaymentMethod,
  nextChargeCents,
  toPlanSummary,
} from '../subscriptions/subscription-records.service';
import * as repo from './admin.repository';

/**
 * The system administrator's subscription management: firm subscriptions (list, detail, change plan, suspend or cancel,
 * reactivate). Routes are gated with requireRole('system_admin'); services check again.
 */

export const assertAdmin = (ctx: Ctx) => assertCan(ctx.actor, 'admin:access', CommonErrors.ADMIN_REQUIRED);
const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
const EXPIRING_DAYS = 7;

function toFirmSubscriptionDto(j: repo.FirmSubscriptionJoined, now: Date): FirmSubscription {
  const s = j.sub;
  const trialEnd = iso(s.trialEndDate);
  return {
    id: s.id,
    firm_id: s.firmId,
    firm: { id: s.firmId, name: j.firmName },
    plan_id: s.planId,
    plan: toPlanSummary(j.plan),
    status: s.status,
    billing_cycle: s.billingCycle,
    amount: centsToDecimal(s.amountCents),
    start_date: iso(s.startDate),
    end_date: iso(s.endDate),
    trial_end_date: trialEnd,
    trial_ends_at: trialEnd,
    access_ends_at: iso(s.accessEndsAt),
    cancelled_at: iso(s.cancelledAt),
    cancellation_reason: s.cancellationReason,
    provider: s.provider,
    has_payment_method: hasPaymentMethod(s),
    expires_soon:
      s.status === 'active' &&
      !!s.endDate &&
      s.endDate >= now &&
      s.endDate.getTime() < now.getTime() + EXPIRING_DAYS * 86_400_000,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

type ChangeRow = Awaited<ReturnType<typeof repo.listChanges>>[number];
export const toChangeDto = (r: ChangeRow) => ({
  id: r.change.id,
  subscription_id: r.change.subscriptionId,
  change_type: r.change.changeType,
  from_status: r.change.fromStatus,
  to_status: r.change.toStatus,
  from_plan: r.fromPlan,
  to_plan: r.toPlan,
  amount: centsOrNull(r.change.amountCents),
  reason: r.change.reason,
  feedback: r.change.feedback,
  performed_by: r.performedBy,
  effective_at: r.change.effectiveAt.toISOString(),
  created_at: r.change.createdAt.toISOString(),
});

type PaymentJoined = Awaited<ReturnType<typeof repo.paymentsWhere>>[number];
const toPaymentListDto = (r: PaymentJoined) =>
  toPaymentDto(r.payment, { planId: r.planId, planName: r.planName, billingCycle: r.billingCycle });

export async function listFirmSubscriptions(
  ctx: Ctx,
  query: { skip: number; limit: number; status: repo.FirmSubscriptionFilter; search?: string },
  now = ctx.deps.clock.now(),
) {
  assertAdmin(ctx);
  const { rows, total, counts } = await repo.listFirmSubscriptions(ctx.db, { ...query, now });
  return { subscriptions: rows.map((r) => toFirmSubscriptionDto(r, now)), total, counts };
}

async function getJoined(ctx: Ctx, id: number) {
  const row = await repo.findFirmSubscription(ctx.db, id);
  if (!row) throw new AppError(AdminErrors.FIRM_SUBSCRIPTION_NOT_FOUND);
  return row;
}

export async function getFirmSubscription(ctx: Ctx, id: number, now = ctx.deps.clock.now()) {
  assertAdmin(ctx);
  const row = await getJoined(ctx, id);
  const [history, payments] = await Promise.all([
    repo.changesOfSubscription(ctx.db, id),
    repo.paymentsWhere(ctx.db, eq(paymentsTable.subscriptionId, id)),
  ]);
  return {
    ...toFirmSubscriptionDto(row, now),
    payments: payments.map(toPaymentListDto),
    history: history.map(toChangeDto),
  };
}

/** Admin plan change: applied now, without proration or a card check (an administrative decision). */
export async function changeFirmPlan(
  ctx: Ctx,
  id: number,
  input: z.infer<typeof AdminChangePlanInputSchema>,
  now = ctx.deps.clock.now(),
) {
  assertAdmin(ctx);
  const provider = ctx.deps.payments;
  await inTransaction(ctx, async (tx) => {
    const sub = await findSubscriptionById(tx, id, { lock: true });
    if (!sub) throw new AppError(AdminErrors.FIRM_SUBSCRIPTION_NOT_FOUND);
    const plan = await findPlanById(tx, input.new_plan_id);
    const cycle = input.billing_cycle ?? sub.billingCycle;
    if (!plan) throw new AppError(SubscriptionErrors.PLAN_NOT_FOUND);
    if (plan.id === sub.planId && cycle === sub.billingCycle)
      throw new AppError(SubscriptionErrors.INVALID_PLAN_CHANGE);
    const { sub: updated } = await lifecycle.applyPlanNow(tx, sub, {
      plan,
      cycle,
      proratedCents: 0,
      byUserId: ctx.actor.id,
      now,
      source: 'admin',
    });
    const live = updated.status === 'active' || updated.status === 'trial';
    if (
      live &&
      updated.providerToken &&
      updated.provider === provider.name &&
      nextChargeCents(updated) !== nextChargeCents(sub)
    ) {
      await provider.updateRecurringAmount(updated.providerToken, nextChargeCents(updated)).catch((err) => {
        ctx.log.warn({ err, subscriptionId: id }, 'provider did not take the new recurring amount');
      });
    }
  });
  return getFirmSubscription(ctx, id, now);
}

/**
 * Cancel (access to the end of the paid period) or suspend ({immediate: true}: access ends now, reason
 * 'Administrative suspension'). Stops charges at the provider.
 */
export async function cancelFirmSubscription(
  ctx: Ctx,
  id: number,
  input: z.infer<typeof AdminCancelInputSchema>,
  now = ctx.deps.clock.now(),
) {
  assertAdmin(ctx);
  const immediate = input?.immediate === true;
  const provider = ctx.deps.payments;
  await inTransaction(ctx, async (tx) => {
    const sub = await findSubscriptionById(tx, id, { lock: true });
    if (!sub) throw new AppError(AdminErrors.FIRM_SUBSCRIPTION_NOT_FOUND);
    if (immediate && sub.status !== 'active' && sub.status !== 'trial')
      throw new AppError(AdminErrors.SUSPEND_NOT_ALLOWED);
    if (!['pending', 'trial', 'active'].includes(sub.status))
      throw new AppError(AdminErrors.CANCEL_NOT_ALLOWED);
    await lifecycle.cancel(tx, sub, {
      now,
      byUserId: ctx.actor.id,
      reason:
        input?.reason?.trim() ||
        (immediate ? SUBSCRIPTION_CONSTANTS.adminSuspendReason : 'Cancelled by administrator'),
      feedback: input?.feedback?.trim() || null,
      immediate: immediate || sub.status === 'pending',
      source: 'admin',
    });
    if (sub.providerToken && sub.provider === provider.name && sub.status !== 'pending') {
      try {
        await provider.cancelSubscription(sub.providerToken);
      } catch (err) {
        throw new AppError(SubscriptionErrors.CANCEL_FAILED, { cause: err });
      }
    }
  });
  return {
    data: await getFirmSubscription(ctx, id, now),
    message: immediate ? 'Subscription suspended successfully' : 'Subscription cancelled successfully',
  };
}

/** Reactivates a cancelled or expired subscription (refused while the firm has another open one). */
export async function reactivateFirmSubscription(ctx: Ctx, id: number, now = ctx.deps.clock.now()) {
  assertAdmin(ctx);
  await inTransaction(ctx, async (tx) => {
    const sub = await findSubscriptionById(tx, id, { lock: true });
    if (!sub) throw new AppError(AdminErrors.FIRM_SUBSCRIPTION_NOT_FOUND);
    if (sub.status !== 'cancelled' && sub.status !== 'expired')
      throw new AppError(AdminErrors.REACTIVATE_NOT_ALLOWED);
    const open = await findOpenSubscription(tx, sub.firmId, { lock: true });
    if (open) throw new AppError(AdminErrors.FIRM_HAS_OPEN_SUBSCRIPTION);
    // A cancellation also cancelled the token at the provider; an expiry did not.
    await lifecycle.reactivate(tx, sub, {
      now,
      byUserId: ctx.actor.id,
      tokenLive: sub.status === 'expired' && sub.provider !== 'manual',
    });
  });
  return { data: await getFirmSubscription(ctx, id, now), message: 'Subscription reactivated successfully' };
}

/** POST /admin/subscriptions/system/cleanup-expired-trials. */
export async function cleanupExpiredTrials(ctx: Ctx, now = ctx.deps.clock.now()) {
  assertAdmin(ctx);
  const ids = await cleanupExpired(ctx.deps.database, now);
  ctx.deps.events.kick();
  return {
    status: 'success' as const,
    message: ids.length
      ? `${ids.length} lapsed subscription${ids.length === 1 ? '' : 's'} expired`
      : 'No lapsed trials or subscriptions found',
    data: { expired_count: ids.length, subscription_ids: ids },
  };
}

/** GET /admin/subscriptions/firms/{firmId}/subscription-history: every subscription, change and payment of a firm. */
export async function firmSubscriptionHistory(ctx: Ctx, firmId: number, now = ctx.deps.clock.now()) {
  assertAdmin(ctx);
  const firm = await getFirm(ctx, firmId);
  const [subs, history, payments] = await Promise.all([
    repo.firmSubscriptionsOf(ctx.db, firmId),
    repo.changesOfFirm(ctx.db, firmId),
    repo.paymentsWhere(ctx.db, eq(paymentsTable.firmId, firmId)),
  ]);
  return {
    firm_id: firmId,
    firm_name: firm.name,
    subscriptions: subs.map((s) => toFirmSubscriptionDto(s, now)),
    history: history.map(toChangeDto),
    payments: payments.map(toPaymentListDto),
  };
}
