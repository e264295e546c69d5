import { createHmac, randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { centsToDecimal, decimalToCents, mulDivRound } from '../../lib/money';
import { formBody, itnSignature, sameSignature, type ItnPairs } from './payfast';
import type { PaymentProvider, RecurringCharge } from '../../lib/payment-provider';
import { sastDate } from '../../lib/money';
import { findInitialPayment } from './payments.repository';

/**
 * The payment simulator: a stand-in for PayFast's hosted page (PAYMENT_PROVIDER=simulator). It receives the same
 * signed form, shows the amount with Pay and Cancel, and on Pay sends PayFast's ITN (same fields, same signature
 * rules) to the notify URL from the server, then sends the browser to the return URL. It also charges renewals
 * when a billing period ends, as PayFast's recurring billing would.
 */

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6f8;margin:0;padding:32px 16px;color:#1c2430}
main{max-width:440px;margin:0 auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:28px}
h1{font-size:20px;margin:0 0 4px}.muted{color:#5f6b7a;font-size:14px}.amount{font-size:34px;font-weight:700;margin:18px 0 4px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 14px;font-size:14px;margin:18px 0}dt{color:#5f6b7a}dd{margin:0}
.actions{display:flex;gap:12px;margin-top:22px}button{flex:1;font-size:16px;padding:12px;border-radius:8px;border:1px solid #c9d1da;background:#fff;cursor:pointer}
button.primary{background:#1565c0;border-color:#1565c0;color:#fff}.banner{background:#fff4e5;border:1px solid #ffcc80;border-radius:8px;padding:8px 12px;font-size:13px;margin-bottom:16px}
.error{color:#b71c1c}label{display:block;font-size:14px;margin-top:12px}input[type=text]{width:100%;box-sizing:border-box;padding:10px;border:1px solid #c9d1da;border-radius:6px;font-size:15px}
</style></head><body><main>
<div class="banner">Payment simulator: no real card is charged. It stands in for PayFast in this installation.</div>
${body}
</main></body></html>`;
}

const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');

/** The hosted page: what is being paid, and Pay / Cancel. */
export function processPage(fields: Record<string, string>, actionUrl: string): string {
  const amount = `R ${fields.amount ?? '0.00'}`;
  const recurring = fields.subscription_type === '1' && fields.recurring_amount;
  const freq =
    { '3': 'monthly', '4': 'quarterly', '5': 'every six months', '6': 'annually' }[fields.frequency ?? '3'] ??
    'monthly';
  return page(
    'Complete your payment',
    `<h1>Complete your payment</h1><div class="muted">${esc(fields.item_name ?? '')}</div>
<div class="amount">${esc(amount)}</div><div class="muted">${esc(fields.item_description ?? '')}</div>
<dl>
<dt>Reference</dt><dd>${esc(fields.m_payment_id ?? '')}</dd>
${recurring ? `<dt>Then</dt><dd>R ${esc(fields.recurring_amount!)} ${esc(freq)} from ${esc(fields.billing_date ?? 'today')}</dd>` : ''}
<dt>Payer</dt><dd>${esc([fields.name_first, fields.name_last].filter(Boolean).join(' '))} ${esc(fields.email_address ?? '')}</dd>
</dl>
<form method="post" action="${esc(actionUrl)}">${hidden(fields)}
<label>Card number<input type="text" name="card" value="4000 0000 0000 0002" autocomplete="off"></label>
<div class="actions"><button type="submit" name="action" value="cancel">Cancel</button>
<button class="primary" type="submit" name="action" value="pay">Pay ${esc(amount)}</button></div></form>`,
  );
}

export const errorPage = (title: string, message: string) =>
  page(title, `<h1 class="error">${esc(title)}</h1><p>${esc(message)}</p>`);

export function cardUpdatePage(token: string, returnUrl: string, actionUrl: string): string {
  return page(
    'Update your card',
    `<h1>Update your card</h1><div class="muted">The card PayFast charges for this subscription.</div>
<form method="post" action="${esc(actionUrl)}">${hidden({ token, return: returnUrl })}
<label>Card number<input type="text" name="card" value="5200 0000 0000 0007" autocomplete="off"></label>
<div class="actions"><button type="submit" name="action" value="cancel">Cancel</button>
<button class="primary" type="submit" name="action" value="update">Update card</button></div></form>`,
  );
}

/** A plausible PayFast card fee: 3.5% + R2.00, never more than the amount. */
const feeCents = (gross: number) => (gross <= 0 ? 0 : Math.min(gross, mulDivRound(gross, 35, 1000) + 200));

/** PayFast's ITN fields for a payment, in the order PayFast posts them, signed. */
export function buildItn(
  provider: Pick<PaymentProvider, 'merchantId' | 'passphrase'>,
  p: {
    mPaymentId: string;
    pfPaymentId: string;
    status: 'COMPLETE' | 'CANCELLED' | 'FAILED';
    amountCents: number;
    itemName: string;
    itemDescription?: string;
    custom?: Partial<Record<string, string>>;
    nameFirst?: string;
    nameLast?: string;
    email?: string;
    token?: string | null;
    billingDate?: string;
  },
): ItnPairs {
  const fee = feeCents(p.amountCents);
  const c = p.custom ?? {};
  const pairs: ItnPairs = [
    ['m_payment_id', p.mPaymentId],
    ['pf_payment_id', p.pfPaymentId],
    ['payment_status', p.status],
    ['item_name', p.itemName],
    ['item_description', p.itemDescription ?? ''],
    ['amount_gross', centsToDecimal(p.amountCents)],
    ['amount_fee', centsToDecimal(-fee)],
    ['amount_net', centsToDecimal(p.amountCents - fee)],
    ...(['custom_str1', 'custom_str2', 'custom_str3', 'custom_str4', 'custom_str5'] as const).map(
      (k) => [k, c[k] ?? ''] as [string, string],
    ),
    ...(['custom_int1', 'custom_int2', 'custom_int3', 'custom_int4', 'custom_int5'] as const).map(
      (k) => [k, c[k] ?? ''] as [string, string],
    ),
    ['name_first', p.nameFirst ?? ''],
    ['name_last', p.nameLast ?? ''],
    ['email_address', p.email ?? ''],
    ['merchant_id', provider.merchantId],
  ];
  if (p.token) pairs.push(['token', p.token]);
  if (p.billingDate) pairs.push(['billing_date', p.billingDate]);
  pairs.push(['signature', itnSignature(pairs, provider.passphrase)]);
  return pairs;
}

/** The ITN for a form the simulator's user paid. */
export function itnForPaidForm(provider: PaymentProvider, fields: Record<string, string>): ItnPairs {
  return buildItn(provider, {
    mPaymentId: fields.m_payment_id ?? '',
    pfPaymentId: String(randomInt(100_000_000, 999_999_999)),
    status: 'COMPLETE',
    amountCents: decimalToCents(fields.amount ?? '0') ?? 0,
    itemName: fields.item_name ?? '',
    itemDescription: fields.item_description,
    custom: fields,
    nameFirst: fields.name_first,
    nameLast: fields.name_last,
    email: fields.email_address,
    token: fields.subscription_type ? randomUUID() : null,
    billingDate: fields.billing_date,
  });
}

/** Marks the simulator's own in-process deliveries, so the notify endpoint's rate limit does not count them. */
export const SIMULATOR_DELIVERY_HEADER = 'x-lexserve-simulator-delivery';
const deliveryMark = (provider: Pick<PaymentProvider, 'passphrase'>) =>
  createHmac('sha256', provider.passphrase ?? '')
    .update('lexserve-simulator-itn-delivery')
    .digest('hex');

/** Whether a request carries the simulator's delivery mark (only the simulator, which knows its passphrase, can). */
export const isSimulatorDelivery = (
  provider: PaymentProvider,
  header: string | string[] | undefined,
): boolean =>
  provider.name === 'simulator' &&
  typeof header === 'string' &&
  sameSignature(header, deliveryMark(provider));

/**
 * Posts an ITN to the notify URL. A notify URL on this server is delivered in-process (no network, works in tests
 * and behind any proxy); another one over HTTP.
 */
export async function deliverItn(
  app: FastifyInstance,
  publicUrl: string,
  notifyUrl: string,
  pairs: ItnPairs,
) {
  const provider = app.deps.payments;
  const body = formBody(pairs);
  const target = new URL(notifyUrl);
  if (target.origin === new URL(publicUrl).origin) {
    const res = await app.inject({
      method: 'POST',
      url: `${target.pathname}${target.search}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        [SIMULATOR_DELIVERY_HEADER]: deliveryMark(provider),
      },
      payload: body,
      remoteAddress: '127.0.0.1',
    });
    return { status: res.statusCode, body: res.body };
  }
  const res = await globalThis.fetch(notifyUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
    signal: AbortSignal.timeout(15_000),
  });
  return { status: res.status, body: await res.text() };
}

/**
 * The simulator's recurring billing: at a period end it charges the stored card as PayFast would, with one ITN per
 * period end and a payment id derived from the subscription and the date, so a retried charge is a replay and
 * charges nothing twice. The ITN goes through the notify endpoint like any other.
 */
export async function chargeRenewal(
  app: FastifyInstance,
  provider: PaymentProvider,
  charge: RecurringCharge,
): Promise<void> {
  const { env, database } = app.deps;
  const first = await findInitialPayment(database.db, charge.subscriptionId);
  const pairs = buildItn(provider, {
    mPaymentId: first?.reference ?? `LS-SUB-${charge.subscriptionId}`,
    pfPaymentId: `9${String(charge.subscriptionId).padStart(8, '0')}${Math.floor(charge.periodEnd.getTime() / 1000)}`,
    status: 'COMPLETE',
    amountCents: charge.amountCents,
    itemName: first?.itemName ?? `LexServe ${charge.planName ?? 'subscription'}`,
    token: charge.token,
    billingDate: sastDate(charge.periodEnd),
  });
  const res = await deliverItn(
    app,
    env.PUBLIC_URL,
    `${env.PUBLIC_URL.replace(/\/$/, '')}/api/v1/payments/notify`,
    pairs,
  );
  if (res.status !== 200) throw new Error(`simulated renewal refused: ${res.status} ${res.body}`);
}
