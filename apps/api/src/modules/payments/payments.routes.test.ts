import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/index';
import { DEMO, useTestApp } from '../../../test/build-app';
import { addFirmUser, registerFirm, subscribeFirm } from '../../../test/factories';
import {
  getSubscriptionRow,
  mailTo,
  payWithSimulator,
  planIds,
  postForm,
  setSubscription,
  startCheckout,
  subscribeThroughSimulator,
  type PlanIds,
} from '../../../test/subscription-helpers';
import { CHECKOUT_FIELD_ORDER, checkoutSignature } from './payfast';

const t = useTestApp({ PUBLIC_URL: 'http://lexserve.test' });
let plans: PlanIds;
beforeAll(async () => {
  plans = await planIds(t());
});

describe('generate-signature', () => {
  it('answers the simulator address and the signed monthly recurring form, and stores a pending payment', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const { subscriptionId, init } = await startCheckout(t(), firm, plans.small_practice);
    expect(init.payfast_url).toBe('http://lexserve.test/api/v1/payments/simulator/process');
    expect(init.payment_reference).toMatch(/^LS-\d{8}-[0-9A-Z]{8}$/);
    const f = init.form_data;
    expect(f).toMatchObject({
      merchant_id: '10000100',
      merchant_key: '46f0cd694581a',
      return_url: 'http://lexserve.test/app/payment/success',
      cancel_url: 'http://lexserve.test/app/payment/cancel',
      notify_url: 'http://lexserve.test/api/v1/payments/notify',
      email_address: firm.adminEmail,
      m_payment_id: init.payment_reference,
      amount: '0.00', // 14-day trial: nothing is charged now
      item_name: 'LexServe Small Practice',
      custom_int1: String(init.payment_id),
      custom_int2: String(subscriptionId),
      subscription_type: '1',
      recurring_amount: '499.00',
      frequency: '3',
      cycles: '0',
      signature: init.signature,
    });
    const trialEnd = new Date(Date.now() + 14 * 86_400_000 + 2 * 3_600_000).toISOString().slice(0, 10);
    expect(f.billing_date).toBe(trialEnd);
    // Fields come in PayFast's order and the signature is over exactly them, with the passphrase.
    const keys = Object.keys(f).filter((k) => k !== 'signature');
    expect(keys).toEqual(CHECKOUT_FIELD_ORDER.filter((k) => keys.includes(k)));
    const { signature, ...signed } = f;
    expect(signature).toBe(checkoutSignature(signed, t().app.deps.payments.passphrase));
    expect(Object.values(f).every((v) => v !== '' && v === v.trim())).toBe(true);

    const byId = await t().as(firm.token).get(`/api/v1/payments/verify/${init.payment_id}`);
    expect(byId.json()).toMatchObject({ status: 'pending', verified: false, subscription_status: 'pending' });
  });

  it('charges the first period at once when there is no trial', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const { init } = await startCheckout(t(), firm, plans.medium_large_firm, 'quarterly');
    expect(init.form_data).toMatchObject({ amount: '0.00', recurring_amount: '4047.30', frequency: '4' });
    const noTrial = await registerFirm(t(), {}, { subscribed: false });
    const admin = await t().login(DEMO.admin);
    await t()
      .as(admin)
      .put(`/api/v1/admin/subscriptions/plans/${plans.medium_large_firm}`, { trial_days: 0 });
    try {
      const paid = await startCheckout(t(), noTrial, plans.medium_large_firm);
      expect(paid.init.form_data).toMatchObject({ amount: '1499.00', recurring_amount: '1499.00' });
      expect(paid.init.form_data.billing_date).toBe(
        new Date(Date.now() + 2 * 3_600_000).toISOString().slice(0, 10),
      );
    } finally {
      await t()
        .as(admin)
        .put(`/api/v1/admin/subscriptions/plans/${plans.medium_large_firm}`, { trial_days: 14 });
    }
  });

  it('refuses a subscription of another firm (404), one that is not pending (409), and other roles (403)', async () => {
    const a = await registerFirm(t(), {}, { subscribed: false });
    const b = await registerFirm(t(), {}, { subscribed: false });
    const { subscriptionId } = await startCheckout(t(), a, plans.small_practice);
    const other = await t()
      .as(b.token)
      .post('/api/v1/payments/generate-signature', { subscription_id: subscriptionId });
    expect(other.statusCode).toBe(404);
    const subscribed = await registerFirm(t());
    const active = (await t().as(subscribed.token).get('/api/v1/subscriptions/my-subscription')).json();
    const again = await t()
      .as(subscribed.token)
      .post('/api/v1/payments/generate-signature', { subscription_id: active.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This subscription does not need a payment.');
    const attorney = await addFirmUser(t(), subscribed, 'legal_practitioner');
    expect(
      (
        await t()
          .as(attorney.token)
          .post('/api/v1/payments/generate-signature', { subscription_id: active.id })
      ).statusCode,
    ).toBe(403);
    expect((await t().as(a.token).post('/api/v1/payments/generate-signature', {})).statusCode).toBe(422);
  });
});

describe('simulator, end to end', () => {
  it('shows the hosted page, and on Pay notifies the server, starts the trial and returns to the success page', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const checkout = await startCheckout(t(), firm, plans.small_practice);
    const page = await postForm(t(), '/api/v1/payments/simulator/process', checkout.init.form_data);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('R 0.00');
    expect(page.body).toContain('LexServe Small Practice');
    expect(page.body).toContain('R 499.00 monthly from');
    expect(page.body).toContain('value="pay"');
    expect(page.body).toContain('value="cancel"');

    const done = await payWithSimulator(t(), checkout);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('http://lexserve.test/app/payment/success');

    const payment = await t()
      .as(firm.token)
      .get(`/api/v1/payments/payment/by-signature/${checkout.init.signature}`);
    expect(payment.statusCode).toBe(200);
    expect(payment.json()).toMatchObject({
      id: checkout.init.payment_id,
      payment_reference: checkout.init.payment_reference,
      amount: '0.00',
      status: 'completed',
      pf_payment_id: expect.stringMatching(/^\d+$/),
      plan_name: 'Small Practice',
    });
    const mine = (await t().as(firm.token).get('/api/v1/subscriptions/my-subscription')).json();
    expect(mine).toMatchObject({
      id: checkout.subscriptionId,
      status: 'trial',
      is_active: true,
      has_payment_method: true,
      next_charge_amount: '499.00',
    });
    // The firm can now use the product.
    expect((await t().as(firm.token).get('/api/v1/users/sheriffs')).statusCode).toBe(200);
    const [mail] = await mailTo(t(), firm.adminEmail);
    expect(mail!.subject).toBe('Your Small Practice free trial has started');
  });

  it('pays the first period at once without a trial and e-mails a receipt', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const first = await subscribeThroughSimulator(t(), firm, plans.small_practice);
    await setSubscription(t(), first.subscriptionId, { status: 'expired' });
    const checkout = await subscribeThroughSimulator(t(), firm, plans.small_practice);
    expect(checkout.init.form_data.amount).toBe('499.00');
    const mine = (await t().as(firm.token).get('/api/v1/subscriptions/my-subscription')).json();
    expect(mine).toMatchObject({ status: 'active', trial_end_date: null });
    const mail = await mailTo(t(), firm.adminEmail);
    expect(mail[0]!.subject).toBe('Payment received: your Small Practice subscription is active');
    expect(mail[0]!.textBody).toContain(`Reference: ${checkout.init.payment_reference}`);
    expect(mail[0]!.textBody).toContain('Amount: R 499.00');
    const summary = (
      await t().as(firm.token).get(`/api/v1/payments/subscription-summary/${checkout.subscriptionId}`)
    ).json();
    expect(summary).toMatchObject({
      status: 'active',
      total_paid: '499.00',
      payments_count: 1,
      has_payment_method: true,
      next_charge_amount: '499.00',
    });
    expect(summary.last_payment.payment_reference).toBe(checkout.init.payment_reference);
  });

  it('billing history shows a payment left pending for over 2 hours as abandoned, a fresh one as pending', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const old = await startCheckout(t(), firm, plans.small_practice);
    const fresh = await startCheckout(t(), firm, plans.small_practice);
    await t()
      .database.db.update(payments)
      .set({ createdAt: new Date(Date.now() - 3 * 3_600_000) })
      .where(eq(payments.id, old.init.payment_id));
    const statusOf = async (checkout: typeof old) => {
      const summary = (
        await t().as(firm.token).get(`/api/v1/payments/subscription-summary/${checkout.subscriptionId}`)
      ).json();
      return summary.payments.find((p: { id: number }) => p.id === checkout.init.payment_id).status;
    };
    expect(await statusOf(old)).toBe('abandoned');
    expect(await statusOf(fresh)).toBe('pending');
    // Only shown so: the row stays pending, and a late notification still completes it.
    const [row] = await t().database.db.select().from(payments).where(eq(payments.id, old.init.payment_id));
    expect(row!.status).toBe('pending');
  });

  it('on Cancel returns to the cancel page and nothing changes', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const checkout = await startCheckout(t(), firm, plans.small_practice);
    const res = await payWithSimulator(t(), checkout, 'cancel');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://lexserve.test/app/payment/cancel');
    expect((await getSubscriptionRow(t(), checkout.subscriptionId))!.status).toBe('pending');
    const fb = await t().as(firm.token).post('/api/v1/payments/cancel-feedback', {
      payment_id: checkout.init.payment_id,
      reason: 'pricing',
      feedback: 'Too dear for us',
    });
    expect(fb.statusCode).toBe(201);
    expect(
      (await t().as(firm.token).get(`/api/v1/payments/verify/${checkout.init.payment_id}`)).json().status,
    ).toBe('cancelled');
    const bad = await t().as(firm.token).post('/api/v1/payments/cancel-feedback', { reason: 'weather' });
    expect(bad.statusCode).toBe(422);
  });

  it('refuses a tampered form (the amount changed after signing)', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const checkout = await startCheckout(t(), firm, plans.small_practice);
    const tampered = { ...checkout.init.form_data, recurring_amount: '1.00' };
    const page = await postForm(t(), '/api/v1/payments/simulator/process', tampered);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('The payment request signature is invalid.');
    const pay = await postForm(t(), '/api/v1/payments/simulator/complete', { ...tampered, action: 'pay' });
    expect(pay.statusCode).toBe(400);
    expect((await getSubscriptionRow(t(), checkout.subscriptionId))!.status).toBe('pending');
  });
});

describe('payment lookups', () => {
  it('answers only within the firm', async () => {
    const a = await registerFirm(t(), {}, { subscribed: false });
    const b = await registerFirm(t(), {}, { subscribed: false });
    const checkout = await startCheckout(t(), a, plans.small_practice);
    expect(
      (await t().as(b.token).get(`/api/v1/payments/payment/by-signature/${checkout.init.signature}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await t().as(b.token).get(`/api/v1/payments/verify/${checkout.init.payment_id}`)).statusCode,
    ).toBe(404);
    expect(
      (await t().as(b.token).get(`/api/v1/payments/subscription-summary/${checkout.subscriptionId}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await t().as(a.token).get(`/api/v1/payments/subscription-summary/${checkout.subscriptionId}`)).json(),
    ).toMatchObject({
      status: 'pending',
      payments: [{ id: checkout.init.payment_id, status: 'pending' }],
    });
    const sheriff = await t().login(DEMO.sheriff);
    expect(
      (await t().as(sheriff).get(`/api/v1/payments/verify/${checkout.init.payment_id}`)).statusCode,
    ).toBe(404);
    expect(
      (await t().inject({ method: 'GET', url: `/api/v1/payments/verify/${checkout.init.payment_id}` }))
        .statusCode,
    ).toBe(401);
  });
});

describe('card update', () => {
  it('answers the simulator’s card-update page, which returns to card-update-success', async () => {
    const firm = await registerFirm(t());
    const sub = (await t().as(firm.token).get('/api/v1/subscriptions/my-subscription')).json();
    const res = await t().as(firm.token).post('/api/v1/payments/update-card', { subscription_id: sub.id });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().update_url);
    expect(url.pathname).toBe('/api/v1/payments/simulator/update-card');
    const back = `http://lexserve.test/app/payment/card-update-success?subscription_id=${sub.id}`;
    expect(url.searchParams.get('return')).toBe(back);
    const page = await t().inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Update your card');
    const done = await postForm(t(), url.pathname, {
      token: url.searchParams.get('token')!,
      return: back,
      action: 'update',
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(back);
    // The return address must be on this server.
    const evil = await t().inject({
      method: 'GET',
      url: `${url.pathname}?token=x&return=${encodeURIComponent('https://evil.example/x')}`,
    });
    expect(evil.statusCode).toBe(400);
  });

  it('is refused without a card on file or to other roles', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const id = await subscribeFirm(t(), firm.firmId, { provider: 'manual' });
    const res = await t().as(firm.token).post('/api/v1/payments/update-card', { subscription_id: id });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('There is no payment card on file for this subscription.');
    const attorney = await addFirmUser(t(), firm, 'legal_practitioner');
    expect(
      (await t().as(attorney.token).post('/api/v1/payments/update-card', { subscription_id: id })).statusCode,
    ).toBe(403);
  });
});

describe('cancel-subscription', () => {
  it('cancels with reason and feedback; access continues to the period end and data is kept 30 days', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    const id = await subscribeFirm(t(), firm.firmId, { plan: 'small_practice' });
    const row = (await getSubscriptionRow(t(), id))!;
    const res = await t().as(firm.token).post(`/api/v1/payments/cancel-subscription/${id}`, {
      reason: 'too_expensive',
      feedback: 'Budget cuts',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: 'Subscription cancelled successfully' });
    expect(res.json().data).toMatchObject({
      status: 'cancelled',
      cancellation_reason: 'too_expensive',
      access_ends_at: row.endDate!.toISOString(),
      is_active: false,
      has_access: true,
      next_billing_date: null,
    });
    expect(new Date(res.json().data.data_retained_until).getTime()).toBe(
      row.endDate!.getTime() + 30 * 86_400_000,
    );
    // Still in: access runs to the end of the paid period.
    expect((await t().as(firm.token).get('/api/v1/users/sheriffs')).statusCode).toBe(200);
    expect((await t().as(firm.token).get('/api/v1/subscriptions/my-subscription')).json().status).toBe(
      'cancelled',
    );
    const again = await t().as(firm.token).post(`/api/v1/payments/cancel-subscription/${id}`, {});
    expect(again.statusCode).toBe(409);
    const [mail] = await mailTo(t(), firm.adminEmail);
    expect(mail!.subject).toBe('Your Small Practice subscription has been cancelled');
    // A new plan can be chosen meanwhile.
    expect(
      (await t().as(firm.token).post('/api/v1/subscriptions/select-plan', { plan_id: plans.small_practice }))
        .statusCode,
    ).toBe(201);
  });

  it('accepts no body, and refuses another firm’s subscription and other roles', async () => {
    const firm = await registerFirm(t());
    const id = (await t().as(firm.token).get('/api/v1/subscriptions/my-subscription')).json().id;
    const other = await registerFirm(t());
    expect((await t().as(other.token).post(`/api/v1/payments/cancel-subscription/${id}`)).statusCode).toBe(
      404,
    );
    const branchAdmin = await addFirmUser(t(), firm, 'branch_admin');
    expect(
      (await t().as(branchAdmin.token).post(`/api/v1/payments/cancel-subscription/${id}`)).statusCode,
    ).toBe(403);
    const res = await t().inject({
      method: 'POST',
      url: `/api/v1/payments/cancel-subscription/${id}`,
      headers: { authorization: `Bearer ${firm.token}` },
    });
    expect(res.statusCode).toBe(200);
  });
});
