import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, useTestApp } from '../../../test/build-app';
import { registerFirm, subscribeFirm } from '../../../test/factories';
import {
  getSubscriptionRow,
  planIds,
  postForm,
  setSubscription,
  startCheckout,
  type PlanIds,
} from '../../../test/subscription-helpers';
import { checkoutSignature, itnParamString } from './payfast';
import { buildItn } from './simulator';

/** PAYMENT_PROVIDER=payfast (sandbox): PayFast's addresses, the source check, the validate call and the API calls. */
const t = useTestApp({
  PAYMENT_PROVIDER: 'payfast',
  PAYFAST_MODE: 'sandbox',
  PAYFAST_MERCHANT_ID: '10000100',
  PAYFAST_MERCHANT_KEY: '46f0cd694581a',
  PAYFAST_PASSPHRASE: 'jt7NOE43FZPn',
  PUBLIC_URL: 'https://lexserve.example',
});
let plans: PlanIds;
beforeAll(async () => {
  plans = await planIds(t());
});
afterEach(() => {
  vi.restoreAllMocks();
});

const PAYFAST_IP = '197.97.145.150';
type FetchCall = { url: string; init: RequestInit };
function fakeFetch(answer: (url: string, init: RequestInit) => Response) {
  const calls: FetchCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    calls.push({ url, init: init ?? {} });
    return answer(url, init ?? {});
  });
  return calls;
}

async function paidCheckout() {
  const firm = await registerFirm(t(), {}, { subscribed: false });
  const checkout = await startCheckout(t(), firm, plans.small_practice);
  const pairs = buildItn(t().app.deps.payments, {
    mPaymentId: checkout.init.payment_reference,
    pfPaymentId: String(Math.floor(Math.random() * 1e9)),
    status: 'COMPLETE',
    amountCents: 0,
    itemName: checkout.init.form_data.item_name!,
    custom: checkout.init.form_data,
    token: `pf-token-${checkout.subscriptionId}`,
    billingDate: checkout.init.form_data.billing_date,
  });
  return { firm, checkout, pairs };
}

describe('PayFast mode', () => {
  it("answers PayFast's sandbox address with a form signed with the merchant's passphrase; no simulator", async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const { init } = await startCheckout(t(), firm, plans.small_practice);
    expect(init.payfast_url).toBe('https://sandbox.payfast.co.za/eng/process');
    const { signature, ...signed } = init.form_data;
    expect(signature).toBe(checkoutSignature(signed, 'jt7NOE43FZPn'));
    expect(signed).toMatchObject({
      merchant_id: '10000100',
      notify_url: 'https://lexserve.example/api/v1/payments/notify',
    });
    expect((await t().inject({ method: 'POST', url: '/api/v1/payments/simulator/process' })).statusCode).toBe(
      404,
    );
  });

  it('refuses an ITN from outside PayFast’s addresses, even correctly signed', async () => {
    const { checkout, pairs } = await paidCheckout();
    const calls = fakeFetch(() => new Response('VALID'));
    const res = await postForm(t(), '/api/v1/payments/notify', pairs, '203.0.113.9');
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('Payment notification from an unknown source.');
    expect(calls).toHaveLength(0);
    expect((await getSubscriptionRow(t(), checkout.subscriptionId))!.status).toBe('pending');
  });

  it('asks PayFast to validate the ITN and acts only on VALID', async () => {
    const { checkout, pairs } = await paidCheckout();
    let answer = 'INVALID';
    const calls = fakeFetch(() => new Response(answer));
    const refused = await postForm(t(), '/api/v1/payments/notify', pairs, PAYFAST_IP);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('ITN_NOT_VALIDATED');
    expect(calls[0]!.url).toBe('https://sandbox.payfast.co.za/eng/query/validate');
    expect(calls[0]!.init.body).toBe(itnParamString(pairs));
    answer = 'VALID';
    const ok = await postForm(t(), '/api/v1/payments/notify', pairs, PAYFAST_IP);
    expect(ok.statusCode).toBe(200);
    expect((await getSubscriptionRow(t(), checkout.subscriptionId))!).toMatchObject({
      status: 'trial',
      provider: 'payfast',
      providerToken: `pf-token-${checkout.subscriptionId}`,
    });
  });

  it('cancels at PayFast with a signed API call; a refusal there leaves the subscription as it was (502)', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const id = await subscribeFirm(t(), firm.firmId, { plan: 'small_practice' });
    await setSubscription(t(), id, { provider: 'payfast', providerToken: 'tok-123' });
    const failing = fakeFetch(() => new Response('nope', { status: 500 }));
    const refused = await t().as(firm.token).post(`/api/v1/payments/cancel-subscription/${id}`, {});
    expect(refused.statusCode).toBe(502);
    expect(refused.json().detail).toBe('Failed to cancel subscription');
    expect((await getSubscriptionRow(t(), id))!.status).toBe('active');
    expect(failing[0]!.url).toBe('https://api.payfast.co.za/subscriptions/tok-123/cancel?testing=true');
    vi.restoreAllMocks();

    const calls = fakeFetch(() => new Response('{"code":200,"status":"success"}'));
    const res = await t()
      .as(firm.token)
      .post(`/api/v1/payments/cancel-subscription/${id}`, { reason: 'not_using' });
    expect(res.statusCode).toBe(200);
    const { init } = calls[0]!;
    expect(init.method).toBe('PUT');
    const headers = init.headers as Record<string, string>;
    expect(headers).toMatchObject({ 'merchant-id': '10000100', version: 'v1' });
    expect(headers.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+02:00$/);
    expect(headers.signature).toMatch(/^[0-9a-f]{32}$/);
  });

  it("updates PayFast's recurring amount on a plan change and answers PayFast's card-update address", async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const id = await subscribeFirm(t(), firm.firmId, {
      plan: 'small_practice',
      start: new Date(Date.now() - 5 * 86_400_000),
    });
    await setSubscription(t(), id, { provider: 'payfast', providerToken: 'tok-456' });
    const calls = fakeFetch(() => new Response('{"code":200}'));
    const res = await t()
      .as(firm.token)
      .post('/api/v1/subscriptions/change-plan', { new_plan_id: plans.medium_large_firm });
    expect(res.statusCode).toBe(200);
    expect(calls[0]!.url).toBe('https://api.payfast.co.za/subscriptions/tok-456/update?testing=true');
    expect(calls[0]!.init.method).toBe('PATCH');
    const row = (await getSubscriptionRow(t(), id))!;
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ amount: 149_900 + row.balanceCents });

    const card = await t().as(firm.token).post('/api/v1/payments/update-card', { subscription_id: id });
    expect(card.json().update_url).toBe(
      `https://sandbox.payfast.co.za/eng/recurring/update/tok-456?return=${encodeURIComponent(`https://lexserve.example/app/payment/card-update-success?subscription_id=${id}`)}`,
    );
  });

  it('cannot take payments without merchant credentials (503)', async () => {
    const bare = await createTestApp({ PAYMENT_PROVIDER: 'payfast' });
    try {
      const firm = await registerFirm(bare, {}, { subscribed: false });
      const sel = await bare
        .as(firm.token)
        .post('/api/v1/subscriptions/select-plan', { plan_id: (await planIds(bare)).small_practice });
      const res = await bare
        .as(firm.token)
        .post('/api/v1/payments/generate-signature', { subscription_id: sel.json().subscription_id });
      expect(res.statusCode).toBe(503);
      expect(res.json().detail).toBe('Failed to initialize payment. Please try again.');
    } finally {
      await bare.close();
    }
  }, 120_000);
});
