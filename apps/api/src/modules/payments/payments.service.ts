import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { PaymentCancelFeedbackInputSchema, PaymentInit } from '@lexserve/contracts/payments';
import { PaymentErrors } from '@lexserve/contracts/payments';
import { SubscriptionErrors } from '@lexserve/contracts/subscriptions';
import type { Env } from '../../config/env';
import type { DbOrTx } from '../../db/client';
import type { PaymentProvider } from '../../lib/payment-provider';
import { AppError } from '../../lib/app-error';
import { inTransaction, type Ctx } from '../../lib/context';
import { getFirm } from '../firms/firms.service';
import {
  addDays,
  centsOrNull,
  centsToDecimal,
  cyclePriceCents,
  PAYFAST_FREQUENCY,
  sastDate,
} from '../../lib/money';
import {
  findSubscriptionById,
  hasPaymentMethod,
  nextBillingDate,
  nextChargeCents,
  planOf,
  toPlanSummary,
} from '../subscriptions/subscription-records.service';
import { managedFirmOf } from '../subscriptions/subscriptions.service';
import { checkoutSignature } from './payfast';
import { toPaymentDto } from './payments.mapper';
import * as repo from './payments.repository';
import { paymentProvider } from './provider';
import { chargeRenewal } from './simulator';

/** The app's payment provider (PayFast or the simulator), built once into `Deps`. */
export const createPaymentProvider = (env: Env, app: FastifyInstance): PaymentProvider =>
  paymentProvider(env, (provider, charge) => chargeRenewal(app, provider, charge));

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** LS-20250131-7K3M9QXD: readable, unique (40 random bits per day). */
export function newPaymentReference(now = new Date()): string {
  const bytes = randomBytes(8);
  const code = Array.from(bytes, (b) => CROCKFORD[b % 32]).join('');
  return `LS-${sastDate(now).replace(/-/g, '')}-${code}`;
}

const CYCLE_LABEL = { monthly: 'Monthly', quarterly: 'Quarterly', annual: 'Annual' } as const;

const readFirmOf = (ctx: Ctx): number => {
  if (!ctx.actor.firmId) throw new AppError(PaymentErrors.PAYMENT_NOT_FOUND);
  return ctx.actor.firmId;
};

async function describePayment(db: DbOrTx, payment: repo.PaymentRow) {
  return toPaymentDto(payment, await repo.paymentContext(db, payment.subscriptionId));
}

/**
 * POST /payments/generate-signature: stores a pending payment for the firm's pending subscription and answers the
 * provider's form address with the signed form fields (monthly recurring billing, PayFast's field order). With a
 * trial the first amount is R0.00 and the first recurring charge falls on the day the trial ends.
 */
export async function generateSignature(
  ctx: Ctx,
  subscriptionId: number,
  now = ctx.deps.clock.now(),
): Promise<PaymentInit> {
  const firmId = managedFirmOf(ctx);
  const provider = ctx.deps.payments;
  if (!provider.configured) {
    ctx.log.error('PayFast merchant id and key are not configured');
    throw new AppError(PaymentErrors.PAYMENT_INIT_FAILED);
  }
  const firm = await getFirm(ctx, firmId);
  const base = ctx.deps.env.PUBLIC_URL.replace(/\/$/, '');
  return inTransaction(ctx, async (tx) => {
    const sub = await findSubscriptionById(tx, subscriptionId, { lock: true });
    if (!sub || sub.firmId !== firmId) throw new AppError(SubscriptionErrors.SUBSCRIPTION_NOT_FOUND);
    if (sub.status !== 'pending') throw new AppError(PaymentErrors.SUBSCRIPTION_NOT_PAYABLE);
    const plan = await planOf(tx, sub.planId);
    const recurring = plan ? cyclePriceCents(plan, sub.billingCycle) : null;
    if (!plan || recurring === null) throw new AppError(SubscriptionErrors.PLAN_CONTACT_SALES);
    const amountNow = sub.trialDays > 0 ? 0 : recurring;
    const itemName = `LexServe ${plan.displayName}`.slice(0, 100);
    const payment = await repo.insertPayment(tx, {
      firmId,
      subscriptionId: sub.id,
      userId: ctx.actor.id,
      kind: 'initial',
      amountCents: amountNow,
      paymentReference: newPaymentReference(now),
      provider: provider.name,
      itemName,
    });
    const [first, ...rest] = ctx.actor.fullName.trim().split(/\s+/);
    const fields: Record<string, string> = {
      merchant_id: provider.merchantId,
      merchant_key: provider.merchantKey,
      return_url: `${base}/app/payment/success`,
      cancel_url: `${base}/app/payment/cancel`,
      notify_url: `${base}/api/v1/payments/notify`,
      name_first: (first ?? '').slice(0, 100),
      name_last: rest.join(' ').slice(0, 100),
      email_address: ctx.actor.email.slice(0, 100),
      m_payment_id: payment.paymentReference,
      amount: centsToDecimal(amountNow),
      item_name: itemName,
      item_description: `${CYCLE_LABEL[sub.billingCycle]} subscription for ${firm.name}`.slice(0, 255),
      custom_int1: String(payment.id),
      custom_int2: String(sub.id),
      custom_str1: 'lexserve-subscription',
      subscription_type: '1',
      billing_date: sastDate(addDays(now, sub.trialDays)),
      recurring_amount: centsToDecimal(recurring),
      frequency: PAYFAST_FREQUENCY[sub.billingCycle],
      cycles: '0',
    };
    const signature = checkoutSignature(fields, provider.passphrase);
    await repo.updatePayment(tx, payment.id, { signature });
    // Only non-empty fields, trimmed: what the browser posts and the signature covers.
    const formData = Object.fromEntries(
      Object.entries({ ...fields, signature })
        .filter(([, v]) => v.trim() !== '')
        .map(([k, v]) => [k, v.trim()]),
    );
    return {
      payfast_url: provider.processUrl,
      form_data: formData,
      payment_id: payment.id,
      payment_reference: payment.paymentReference,
      signature,
      amount: centsToDecimal(amountNow),
    };
  });
}

/** GET /payments/payment/by-signature/{signature}: the success page's lookup, within the actor's firm. */
export async function getPaymentBySignature(ctx: Ctx, signature: string) {
  const payment = await repo.findPaymentBySignature(ctx.db, signature, readFirmOf(ctx));
  if (!payment) throw new AppError(PaymentErrors.PAYMENT_NOT_FOUND);
  return describePayment(ctx.db, payment);
}

async function getFirmPayment(ctx: Ctx, id: number) {
  const payment = await repo.findPaymentById(ctx.db, id);
  if (!payment || payment.firmId !== readFirmOf(ctx)) throw new AppError(PaymentErrors.PAYMENT_NOT_FOUND);
  return payment;
}

/** GET /payments/verify/{id}: whether the provider confirmed the payment (its ITN was processed). */
export async function verifyPayment(ctx: Ctx, id: number) {
  const payment = await getFirmPayment(ctx, id);
  const sub = await findSubscriptionById(ctx.db, payment.subscriptionId);
  return {
    payment_id: payment.id,
    status: payment.status,
    verified: payment.status === 'completed',
    payment: await describePayment(ctx.db, payment),
    subscription_status: sub!.status,
  };
}

/** GET /payments/subscription-summary/{subscriptionId}: billing state and payment history of a subscription. */
export async function getSubscriptionSummary(ctx: Ctx, subscriptionId: number) {
  const firmId = readFirmOf(ctx);
  const sub = await findSubscriptionById(ctx.db, subscriptionId);
  if (!sub || sub.firmId !== firmId) throw new AppError(SubscriptionErrors.SUBSCRIPTION_NOT_FOUND);
  const plan = (await planOf(ctx.db, sub.planId))!;
  const rows = await repo.listSubscriptionPayments(ctx.db, sub.id);
  const context = await repo.paymentContext(ctx.db, sub.id);
  const now = ctx.deps.clock.now();
  const list = rows.map((p) => toPaymentDto(p, context, now));
  const completed = rows.filter((p) => p.status === 'completed');
  const next = nextBillingDate(sub);
  return {
    subscription_id: sub.id,
    status: sub.status,
    plan: toPlanSummary(plan),
    billing_cycle: sub.billingCycle,
    amount: centsToDecimal(sub.amountCents),
    start_date: sub.startDate?.toISOString() ?? null,
    end_date: sub.endDate?.toISOString() ?? null,
    trial_end_date: sub.status === 'trial' ? (sub.trialEndDate?.toISOString() ?? null) : null,
    access_ends_at: sub.accessEndsAt?.toISOString() ?? null,
    next_billing_date: next?.toISOString() ?? null,
    next_charge_amount: next ? centsOrNull(nextChargeCents(sub)) : null,
    has_payment_method: hasPaymentMethod(sub),
    total_paid: centsToDecimal(completed.reduce((sum, p) => sum + p.amountCents, 0)),
    payments_count: completed.length,
    last_payment: list.find((p) => p.status === 'completed') ?? null,
    payments: list,
  };
}

/** POST /payments/update-card: the provider's card-update page for the subscription's token. */
export async function getCardUpdateUrl(ctx: Ctx, subscriptionId: number) {
  const firmId = managedFirmOf(ctx);
  const sub = await findSubscriptionById(ctx.db, subscriptionId);
  if (!sub || sub.firmId !== firmId) throw new AppError(SubscriptionErrors.SUBSCRIPTION_NOT_FOUND);
  const provider = ctx.deps.payments;
  if (
    (sub.status !== 'active' && sub.status !== 'trial') ||
    !hasPaymentMethod(sub) ||
    sub.provider !== provider.name
  )
    throw new AppError(PaymentErrors.CARD_UPDATE_UNAVAILABLE);
  const base = ctx.deps.env.PUBLIC_URL.replace(/\/$/, '');
  return {
    update_url: provider.cardUpdateUrl(
      sub.providerToken!,
      `${base}/app/payment/card-update-success?subscription_id=${sub.id}`,
    ),
  };
}

/** POST /payments/cancel-feedback: why a payment was abandoned; marks that payment cancelled while still pending. */
export async function recordPaymentCancelFeedback(
  ctx: Ctx,
  input: z.infer<typeof PaymentCancelFeedbackInputSchema>,
) {
  const firmId = readFirmOf(ctx);
  await inTransaction(ctx, async (tx) => {
    let paymentId: number | null = null;
    if (input.payment_id) {
      const payment = await repo.findPaymentById(tx, input.payment_id);
      if (!payment || payment.firmId !== firmId) throw new AppError(PaymentErrors.PAYMENT_NOT_FOUND);
      paymentId = payment.id;
      if (payment.status === 'pending')
        await repo.updatePayment(tx, payment.id, {
          status: 'cancelled',
          cancelReason: input.reason,
          cancelFeedback: input.feedback?.trim() || null,
        });
    }
    await repo.insertFeedback(tx, {
      firmId,
      userId: ctx.actor.id,
      paymentId,
      reason: input.reason,
      comment: input.feedback?.trim() || null,
    });
  });
  return { message: 'Thank you for your feedback.' };
}

export { toPaymentDto } from './payments.mapper';
