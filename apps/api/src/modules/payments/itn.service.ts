import type { FastifyBaseLogger } from 'fastify';
import { PaymentErrors } from '@lexserve/contracts/payments';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { PublicCtx } from '../../lib/context';
import * as lifecycle from '../subscriptions/lifecycle.service';
import { decimalToCents } from '../../lib/money';
import {
  findSubscriptionById,
  findSubscriptionByToken,
  type SubscriptionRow,
  nextChargeCents,
} from '../subscriptions/subscription-records.service';
import {
  itnParamString,
  itnSignature,
  parseFormBody,
  sameSignature,
  signedItn,
  type ItnPairs,
} from './payfast';
import * as repo from './payments.repository';
import { newPaymentReference } from './payments.service';

export type ItnOutcome = 'processed' | 'duplicate' | 'ignored';

const reject = (def: (typeof PaymentErrors)[keyof typeof PaymentErrors], message?: string) =>
  new AppError(def, { message });

/** A rejected call is stored as a summary: at most this many fields, names and values cut to these lengths. */
const SUMMARY_FIELDS = 30;
const SUMMARY_NAME = 40;
const SUMMARY_VALUE = 100;
const cut = (s: string | undefined, n: number) =>
  s === undefined ? undefined : s.length > n ? `${s.slice(0, n)}…` : s;

/** What is kept of a rejected call: its first fields, cut short, the number of fields and the size of the body. */
function summaryOf(pairs: ItnPairs, raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of pairs.filter(([k]) => k !== 'signature').slice(0, SUMMARY_FIELDS))
    out[cut(k, SUMMARY_NAME)!] ??= cut(v, SUMMARY_VALUE)!;
  out._fields = String(pairs.length);
  out._bytes = String(Buffer.byteLength(raw));
  return out;
}

/**
 * POST /payments/notify (PayFast's ITN). Checks, in PayFast's order: the shape (a notification's own fields, signed;
 * nothing twice; fields after `signature` are ignored), the signature (over the signed fields as posted, with the
 * passphrase), the source address (PayFast's ranges; not for the simulator), the merchant, the amount against the
 * stored payment or the subscription's next charge, and in PayFast mode the validate call. Then, in one transaction:
 * claims the notification (a replay of a processed one changes nothing), records the payment and activates, renews or
 * cancels the subscription. Every notification is logged with its outcome; a rejected one only as a short summary.
 */
export async function handleItn(
  ctx: PublicCtx,
  raw: string,
  remoteIp: string,
  now = ctx.deps.clock.now(),
): Promise<ItnOutcome> {
  const provider = ctx.deps.payments;
  let pairs: ItnPairs = [];
  let f: Record<string, string | undefined> = {};
  const log = (outcome: 'rejected' | 'duplicate', error?: string) =>
    repo
      .logNotification(ctx.db, {
        provider: provider.name,
        pfPaymentId: cut(f.pf_payment_id, SUMMARY_VALUE) ?? null,
        mPaymentId: cut(f.m_payment_id, SUMMARY_VALUE) ?? null,
        paymentStatus: cut(f.payment_status, SUMMARY_VALUE) ?? null,
        outcome,
        error: cut(error, 500),
        remoteIp: cut(remoteIp, SUMMARY_VALUE),
        payload:
          outcome === 'rejected'
            ? summaryOf(pairs, raw)
            : Object.fromEntries(pairs.filter(([k]) => k !== 'signature')),
      })
      .catch((err) => ctx.log.error({ err }, 'could not log a payment notification'));

  try {
    try {
      pairs = parseFormBody(raw);
    } catch {
      throw reject(PaymentErrors.ITN_MALFORMED);
    }
    const itn = signedItn(pairs);
    if ('problem' in itn) {
      // For the log's columns only: each field's first value.
      f = Object.fromEntries([...pairs].reverse());
      throw reject(
        PaymentErrors.ITN_MALFORMED,
        `${PaymentErrors.ITN_MALFORMED.message} (${itn.problem.replace('_', ' ')})`,
      );
    }
    // From here on only the signed fields are read: what follows the signature is not PayFast's word.
    pairs = itn.signed;
    f = Object.fromEntries(pairs);
    if (!sameSignature(itn.signature, itnSignature(pairs, provider.passphrase)))
      throw reject(PaymentErrors.ITN_INVALID_SIGNATURE);
    if (!provider.isTrustedSource(remoteIp)) throw reject(PaymentErrors.ITN_INVALID_SOURCE);
    if (f.merchant_id !== provider.merchantId) throw reject(PaymentErrors.ITN_MERCHANT_MISMATCH);
    if (!f.pf_payment_id || !f.payment_status) throw reject(PaymentErrors.ITN_MALFORMED);
    if (!(await provider.validateItn(itnParamString(pairs)))) throw reject(PaymentErrors.ITN_NOT_VALIDATED);

    const outcome = await ctx.db.transaction(async (tx) => {
      const claimed = await repo.claimNotification(tx, {
        provider: provider.name,
        pfPaymentId: f.pf_payment_id!,
        mPaymentId: f.m_payment_id ?? null,
        paymentStatus: f.payment_status!,
        remoteIp,
        payload: Object.fromEntries(pairs),
      });
      if (!claimed) return 'duplicate' as const;
      const paymentId = await apply(tx, provider.name, f, now, ctx.log);
      if (paymentId) await repo.setNotificationPayment(tx, claimed, paymentId);
      return paymentId === undefined ? ('ignored' as const) : ('processed' as const);
    });
    ctx.deps.events.kick();
    if (outcome === 'duplicate') await log('duplicate');
    return outcome;
  } catch (err) {
    await log('rejected', err instanceof AppError ? `${err.code}: ${err.detail}` : (err as Error).message);
    throw err;
  }
}

type Fields = Record<string, string | undefined>;

/** Applies a verified notification; answers the payment it concerned (undefined: nothing to do). */
async function apply(
  tx: DbOrTx,
  provider: 'simulator' | 'payfast',
  f: Fields,
  now: Date,
  log: FastifyBaseLogger,
) {
  const status = f.payment_status!.toUpperCase();
  const gross = decimalToCents(f.amount_gross ?? '');
  const payment = f.m_payment_id
    ? await repo.findPaymentByReference(tx, f.m_payment_id, { lock: true })
    : undefined;
  const token = f.token?.trim() || null;
  const sub = await locateSubscription(tx, payment, token);
  if (!sub) throw reject(PaymentErrors.ITN_UNKNOWN_PAYMENT);

  if (status === 'CANCELLED') {
    if (sub.status === 'active' || sub.status === 'trial')
      await lifecycle.cancel(tx, sub, {
        now,
        byUserId: null,
        reason: 'Cancelled at the payment provider',
        immediate: false,
        source: 'provider',
      });
    return payment?.id ?? null;
  }

  if (status !== 'COMPLETE') {
    // FAILED (or an unknown status): the pending payment did not go through.
    if (payment && payment.status === 'pending')
      await repo.updatePayment(tx, payment.id, { status: 'failed' });
    return payment?.id ?? null;
  }

  if (gross === undefined) throw reject(PaymentErrors.ITN_MALFORMED);
  const fees = {
    providerPaymentId: f.pf_payment_id!,
    amountFeeCents: f.amount_fee ? (decimalToCents(f.amount_fee) ?? null) : null,
    amountNetCents: f.amount_net ? (decimalToCents(f.amount_net) ?? null) : null,
    paidAt: now,
  };

  // The first payment of a subscription: the stored pending payment.
  if (payment && payment.kind === 'initial' && payment.status !== 'completed' && sub.status === 'pending') {
    if (gross !== payment.amountCents) throw reject(PaymentErrors.ITN_AMOUNT_MISMATCH);
    await repo.updatePayment(tx, payment.id, { status: 'completed', ...fees });
    await lifecycle.activateAfterFirstPayment(tx, sub, {
      provider,
      token,
      paymentId: payment.id,
      amountCents: gross,
      now,
    });
    return payment.id;
  }

  // A recurring charge: PayFast repeats the first payment's m_payment_id with a new pf_payment_id and the token.
  if (await repo.findPaymentByProviderId(tx, provider, f.pf_payment_id!)) return undefined;
  const expected = nextChargeCents(sub);
  if (gross !== expected) throw reject(PaymentErrors.ITN_AMOUNT_MISMATCH);
  const renewal = await repo.insertPayment(tx, {
    firmId: sub.firmId,
    subscriptionId: sub.id,
    kind: 'renewal',
    status: 'completed',
    amountCents: gross,
    paymentReference: newPaymentReference(now),
    provider,
    itemName: f.item_name ?? null,
    ...fees,
  });
  if (sub.status === 'cancelled') {
    // Charged although cancelled here (e.g. the cancel call reached PayFast late): keep the record for a refund.
    log.warn(
      { subscriptionId: sub.id, paymentId: renewal.id },
      'recurring charge received for a cancelled subscription',
    );
    return renewal.id;
  }
  await lifecycle.renewAfterPayment(tx, sub, { paymentId: renewal.id, amountCents: gross, now });
  return renewal.id;
}

async function locateSubscription(tx: DbOrTx, payment: repo.PaymentRow | undefined, token: string | null) {
  let sub: SubscriptionRow | undefined;
  if (payment) sub = await findSubscriptionById(tx, payment.subscriptionId, { lock: true });
  if (!sub && token) sub = await findSubscriptionByToken(tx, token, { lock: true });
  // A token that does not match the payment's subscription is not trusted.
  if (sub && token && sub.providerToken && sub.providerToken !== token) return undefined;
  return sub;
}
