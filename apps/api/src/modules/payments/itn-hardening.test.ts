import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { registerFirm } from '../../../test/factories';
import {
  getSubscriptionRow,
  planIds,
  postForm,
  setSubscription,
  startCheckout,
  subscribeThroughSimulator,
  type PlanIds,
} from '../../../test/subscription-helpers';
import { paymentNotifications } from '../../db/schema/index';
import { itnSignature, type ItnPairs } from './payfast';
import { buildItn } from './simulator';

const NOTIFY = '/api/v1/payments/notify';

describe('ITN hardening (simulator)', () => {
  const t = useTestApp({ ITN_RATE_LIMIT: '5' });
  let plans: PlanIds;
  beforeAll(async () => {
    plans = await planIds(t());
  });
  // Each test posts from its own address, so the rate limit of one does not touch another.
  let n = 0;
  const nextIp = () => `10.9.${Math.floor(++n / 200)}.${n % 200}`;
  const notify = (pairs: ItnPairs, ip = nextIp()) => postForm(t(), NOTIFY, pairs, ip);

  /** A firm at the hosted page of a paid plan (no trial): its pending payment awaits the ITN. */
  async function pendingPaidCheckout() {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const trial = await subscribeThroughSimulator(t(), firm, plans.small_practice);
    await setSubscription(t(), trial.subscriptionId, { status: 'expired' });
    return startCheckout(t(), firm, plans.small_practice);
  }
  const completeFor = (checkout: Awaited<ReturnType<typeof startCheckout>>) =>
    buildItn(t().app.deps.payments, {
      mPaymentId: checkout.init.payment_reference,
      pfPaymentId: String(Math.floor(Math.random() * 1e9)),
      status: 'COMPLETE',
      amountCents: 49_900,
      itemName: checkout.init.form_data.item_name!,
      token: `tok-${checkout.subscriptionId}`,
    });
  const status = async (id: number) => (await getSubscriptionRow(t(), id))!.status;

  it('a checkout form’s signature never passes as a notification’s', async () => {
    const checkout = await pendingPaidCheckout();
    const form = Object.entries(checkout.init.form_data).filter(([k]) => k !== 'signature');
    const signed: ItnPairs = [...form, ['signature', checkout.init.signature]];
    // The checkout form as it is, and with the notification's fields appended after its signature.
    const asIs = await notify(signed);
    expect(asIs.statusCode).toBe(400);
    expect(asIs.json().code).toBe('ITN_MALFORMED');
    const extended = await notify([
      ...signed,
      ['pf_payment_id', '123456789'],
      ['payment_status', 'COMPLETE'],
      ['amount_gross', checkout.init.form_data.amount!],
      ['token', 'attacker-token'],
    ]);
    expect(extended.statusCode).toBe(400);
    expect(await status(checkout.subscriptionId)).toBe('pending');
  });

  it('fields after the signature never override the signed ones: a repeated one is refused, a new one ignored', async () => {
    const checkout = await pendingPaidCheckout();
    const override = await notify([
      ...completeFor(checkout),
      ['payment_status', 'CANCELLED'],
      ['amount_gross', '1.00'],
    ]);
    expect(override.statusCode).toBe(400);
    expect(override.json().code).toBe('ITN_MALFORMED');
    expect(await status(checkout.subscriptionId)).toBe('pending');
    const res = await notify([...completeFor(checkout), ['status_note', 'CANCELLED']]);
    expect(res.statusCode, res.body).toBe(200);
    const sub = (await getSubscriptionRow(t(), checkout.subscriptionId))!;
    expect(sub).toMatchObject({ status: 'active', providerToken: `tok-${checkout.subscriptionId}` });
    // Only the signed fields are kept with the processed notification.
    const rows = await t()
      .database.db.select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.mPaymentId, checkout.init.payment_reference));
    const processed = rows.find((r) => r.outcome === 'processed')!;
    expect(processed.payload).toMatchObject({ payment_status: 'COMPLETE', amount_gross: '499.00' });
    expect(processed.payload).not.toHaveProperty('status_note');
  });

  it('refuses a field given twice, even inside the signed part', async () => {
    const checkout = await pendingPaidCheckout();
    const valid = completeFor(checkout).slice(0, -1);
    const twice: ItnPairs = [['amount_gross', '1.00'], ...valid];
    twice.push(['signature', itnSignature(twice, t().app.deps.payments.passphrase)]);
    const res = await notify(twice);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'ITN_MALFORMED',
      detail: 'Malformed payment notification. (duplicate field)',
    });
    expect(await status(checkout.subscriptionId)).toBe('pending');
  });

  it('stores a rejected call as a short summary, and refuses a body over 16 KB without storing it', async () => {
    const ip = nextIp();
    const junk: ItnPairs = Array.from({ length: 60 }, (_, i) => [
      `field_${i}_${'x'.repeat(60)}`,
      'y'.repeat(200),
    ]);
    const res = await notify(junk, ip);
    expect(res.statusCode).toBe(400);
    const rows = await t()
      .database.db.select()
      .from(paymentNotifications)
      .where(eq(paymentNotifications.remoteIp, ip));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.outcome).toBe('rejected');
    expect(Object.keys(rows[0]!.payload).length).toBeLessThanOrEqual(32);
    expect(JSON.stringify(rows[0]!.payload).length).toBeLessThan(6_000);
    expect(rows[0]!.payload).toMatchObject({ _fields: '60' });
    const big = await notify([['a', 'z'.repeat(20_000)]], ip);
    expect(big.statusCode).toBe(413);
    expect(
      await t().database.db.select().from(paymentNotifications).where(eq(paymentNotifications.remoteIp, ip)),
    ).toHaveLength(1);
  });

  it('limits notifications per address (ITN_RATE_LIMIT a minute), storing nothing once limited', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await notify([['junk', String(i)]], ip)).statusCode).toBe(400);
    const limited = await notify([['junk', 'more']], ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('ITN_RATE_LIMITED');
    expect(
      await t().database.db.select().from(paymentNotifications).where(eq(paymentNotifications.remoteIp, ip)),
    ).toHaveLength(5);
    // Another address is not affected.
    expect((await notify([['junk', 'x']])).statusCode).toBe(400);
  });

  it('the simulator keeps working end to end when its own address is limited', async () => {
    for (let i = 0; i < 6; i++) await postForm(t(), NOTIFY, [['junk', String(i)]], '127.0.0.1');
    expect((await postForm(t(), NOTIFY, [['junk', 'x']], '127.0.0.1')).statusCode).toBe(429);
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const checkout = await subscribeThroughSimulator(t(), firm, plans.small_practice);
    expect(['trial', 'active']).toContain(await status(checkout.subscriptionId));
  });
});

describe('ITN rate limit (payfast mode)', () => {
  const t = useTestApp({
    PAYMENT_PROVIDER: 'payfast',
    PAYFAST_MERCHANT_ID: '10000100',
    PAYFAST_MERCHANT_KEY: '46f0cd694581a',
    PAYFAST_PASSPHRASE: 'jt7NOE43FZPn',
    PUBLIC_URL: 'https://lexserve.example',
    ITN_RATE_LIMIT: '2',
  });

  it('never limits PayFast’s own addresses; limits any other', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('INVALID'));
    const itn = buildItn(t().app.deps.payments, {
      mPaymentId: 'LS-X',
      pfPaymentId: '1',
      status: 'COMPLETE',
      amountCents: 100,
      itemName: 'x',
    });
    for (let i = 0; i < 4; i++)
      expect((await postForm(t(), NOTIFY, itn, '197.97.145.150')).statusCode).not.toBe(429);
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await postForm(t(), NOTIFY, itn, '10.0.0.1')).statusCode);
    expect(codes).toEqual([403, 403, 429]);
    vi.restoreAllMocks();
  });
});
