import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { registerFirm } from '../../../test/factories';
import {
  getSubscriptionRow,
  mailTo,
  planIds,
  postForm,
  setSubscription,
  startCheckout,
  subscribeThroughSimulator,
  type PlanIds,
} from '../../../test/subscription-helpers';
import { paymentNotifications, payments } from '../../db/schema/index';
import { itnSignature, type ItnPairs } from './payfast';
import { buildItn } from './simulator';

const t = useTestApp();
let plans: PlanIds;
beforeAll(async () => {
  plans = await planIds(t());
});

const NOTIFY = '/api/v1/payments/notify';
const provider = () => t().app.deps.payments;
const itn = (p: Parameters<typeof buildItn>[1]) => buildItn(provider(), p);
const notify = (pairs: ItnPairs) => postForm(t(), NOTIFY, pairs);
const paymentsOf = (subscriptionId: number) =>
  t().database.db.select().from(payments).where(eq(payments.subscriptionId, subscriptionId));

/** A firm at the hosted page of a paid (no trial) plan: its pending payment awaits the ITN. */
async function pendingPaidCheckout() {
  const firm = await registerFirm(t(), {}, { subscribed: false });
  const trial = await subscribeThroughSimulator(t(), firm, plans.small_practice);
  await setSubscription(t(), trial.subscriptionId, { status: 'expired' });
  const checkout = await startCheckout(t(), firm, plans.small_practice);
  expect(checkout.init.form_data.amount).toBe('499.00');
  return { firm, checkout };
}

const completeFor = (
  checkout: Awaited<ReturnType<typeof startCheckout>>,
  over: Partial<Parameters<typeof buildItn>[1]> = {},
) =>
  itn({
    mPaymentId: checkout.init.payment_reference,
    pfPaymentId: String(Math.floor(Math.random() * 1e9)),
    status: 'COMPLETE',
    amountCents: 49_900,
    itemName: checkout.init.form_data.item_name!,
    custom: checkout.init.form_data,
    token: 'token-' + checkout.subscriptionId,
    billingDate: checkout.init.form_data.billing_date,
    ...over,
  });

describe('ITN (notify)', () => {
  it('a valid notification completes the payment, activates the subscription and keeps the token', async () => {
    const { firm, checkout } = await pendingPaidCheckout();
    const pairs = completeFor(checkout);
    const res = await notify(pairs);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    const sub = (await getSubscriptionRow(t(), checkout.subscriptionId))!;
    expect(sub).toMatchObject({
      status: 'active',
      provider: 'simulator',
      providerToken: `token-${checkout.subscriptionId}`,
    });
    const [payment] = await paymentsOf(checkout.subscriptionId);
    expect(payment).toMatchObject({
      status: 'completed',
      amountCents: 49_900,
      providerPaymentId: pairs[1]![1],
      amountFeeCents: -1_947,
      amountNetCents: 47_953,
    });
    expect((await mailTo(t(), firm.adminEmail))[0]!.subject).toBe(
      'Payment received: your Small Practice subscription is active',
    );
  });

  it('a replayed notification is answered OK and changes nothing (no double activation)', async () => {
    const { checkout } = await pendingPaidCheckout();
    const pairs = completeFor(checkout);
    expect((await notify(pairs)).statusCode).toBe(200);
    const before = (await getSubscriptionRow(t(), checkout.subscriptionId))!;
    const history = async () =>
      (
        await t()
          .as(await t().login('admin@lexserve.co.za'))
          .get(`/api/v1/admin/subscriptions/firm-subscriptions/${checkout.subscriptionId}`)
      ).json().history;
    const changes = (await history()).length;
    for (let i = 0; i < 3; i++) expect((await notify(pairs)).statusCode).toBe(200);
    const after = (await getSubscriptionRow(t(), checkout.subscriptionId))!;
    expect(after.endDate).toEqual(before.endDate);
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect(await paymentsOf(checkout.subscriptionId)).toHaveLength(1);
    expect((await history()).length).toBe(changes);
    const log = await t()
      .database.db.select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.pfPaymentId, pairs[1]![1]));
    expect(log.map((l) => l.outcome).sort()).toEqual(['duplicate', 'duplicate', 'duplicate', 'processed']);
  });

  it('refuses a bad signature (400) and logs it', async () => {
    const { checkout } = await pendingPaidCheckout();
    const pairs = completeFor(checkout).map(([k, v]): [string, string] => [
      k,
      k === 'amount_gross' ? '1.00' : v,
    ]);
    const res = await notify(pairs);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'ITN_INVALID_SIGNATURE',
      detail: 'Invalid payment notification signature.',
    });
    expect((await getSubscriptionRow(t(), checkout.subscriptionId))!.status).toBe('pending');
    const [logged] = await t()
      .database.db.select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.mPaymentId, checkout.init.payment_reference));
    expect(logged).toMatchObject({ outcome: 'rejected' });
    // Signed with another passphrase: refused as well.
    const forged = completeFor(checkout).slice(0, -1);
    forged.push(['signature', itnSignature(forged, 'guessed-passphrase')]);
    expect((await notify(forged)).statusCode).toBe(400);
  });

  it('refuses an amount that is not the stored payment’s (400)', async () => {
    const { checkout } = await pendingPaidCheckout();
    const res = await notify(completeFor(checkout, { amountCents: 100 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'ITN_AMOUNT_MISMATCH',
      detail: 'Payment notification amount does not match the payment.',
    });
    expect((await getSubscriptionRow(t(), checkout.subscriptionId))!.status).toBe('pending');
    expect((await paymentsOf(checkout.subscriptionId))[0]!.status).toBe('pending');
  });

  it('refuses an unknown payment (404), another merchant (400) and a malformed body (400)', async () => {
    const unknown = await notify(
      itn({ mPaymentId: 'LS-NOPE', pfPaymentId: '1', status: 'COMPLETE', amountCents: 100, itemName: 'x' }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('ITN_UNKNOWN_PAYMENT');
    const other = buildItn(
      { merchantId: '999', passphrase: provider().passphrase },
      { mPaymentId: 'x', pfPaymentId: '2', status: 'COMPLETE', amountCents: 1, itemName: 'x' },
    );
    expect((await notify(other)).json().code).toBe('ITN_MERCHANT_MISMATCH');
    const bad = await t().inject({
      method: 'POST',
      url: NOTIFY,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=%ZZ',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a recurring charge (same m_payment_id, new pf_payment_id, the token) renews the period; its replay does not', async () => {
    const { firm, checkout } = await pendingPaidCheckout();
    await notify(completeFor(checkout, { token: 'tok-r' }));
    const first = (await getSubscriptionRow(t(), checkout.subscriptionId))!;
    const renewal = completeFor(checkout, { token: 'tok-r', pfPaymentId: '555000111' });
    expect((await notify(renewal)).statusCode).toBe(200);
    expect((await notify(renewal)).statusCode).toBe(200);
    const renewed = (await getSubscriptionRow(t(), checkout.subscriptionId))!;
    expect(renewed.currentPeriodStart).toEqual(first.endDate);
    expect(renewed.endDate!.getTime()).toBeGreaterThan(first.endDate!.getTime());
    const rows = await paymentsOf(checkout.subscriptionId);
    expect(rows.filter((p) => p.kind === 'renewal')).toHaveLength(1);
    expect((await mailTo(t(), firm.adminEmail))[0]!.subject).toBe(
      'Payment receipt: Small Practice subscription renewed',
    );
    // A renewal for the wrong amount is refused.
    const wrong = await notify(
      completeFor(checkout, { token: 'tok-r', pfPaymentId: '555000112', amountCents: 100 }),
    );
    expect(wrong.statusCode).toBe(400);
    // A token that does not match the payment's subscription is not trusted.
    const stranger = await notify(completeFor(checkout, { token: 'someone-else', pfPaymentId: '555000113' }));
    expect(stranger.statusCode).toBe(404);
  });

  it('a CANCELLED notification cancels the subscription at the end of its period', async () => {
    const { checkout } = await pendingPaidCheckout();
    await notify(completeFor(checkout, { token: 'tok-c' }));
    const res = await notify(completeFor(checkout, { token: 'tok-c', status: 'CANCELLED' }));
    expect(res.statusCode).toBe(200);
    const sub = (await getSubscriptionRow(t(), checkout.subscriptionId))!;
    expect(sub).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'Cancelled at the payment provider',
    });
    expect(sub.accessEndsAt).toEqual(sub.endDate);
  });

  it('answers the notify route without a session and only for form bodies', async () => {
    const json = await t().inject({ method: 'POST', url: NOTIFY, payload: { a: 1 } });
    expect(json.statusCode).toBe(422);
    const empty = await t().inject({
      method: 'POST',
      url: NOTIFY,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
  });
});
