import { desc } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { mailOutbox } from '../src/db/schema/index';
import { formBody } from '../src/modules/payments/payfast';
import {
  updateSubscription,
  findSubscriptionById,
  type NewSubscription,
} from '../src/modules/subscriptions/subscriptions.repository';
import { DEMO, type TestApp } from './build-app';
import type { RegisteredFirm } from './factories';
import { settleEvents } from './settle-events';

/** Test helpers of the subscriptions and payments suites. */

export type PlanIds = { small_practice: number; medium_large_firm: number; enterprise: number } & Record<
  string,
  number
>;

/** Plan ids by name (the default plans, and any the test created). */
export async function planIds(t: TestApp): Promise<PlanIds> {
  const token = await t.login(DEMO.admin);
  const res = await t.as(token).get('/api/v1/admin/subscriptions/plans');
  return Object.fromEntries(
    (res.json().plans as { name: string; id: number }[]).map((p) => [p.name, p.id]),
  ) as PlanIds;
}

/** Waits until every recorded domain event is handled (a background round may be running). */
export const drainEvents = (t: TestApp) => settleEvents(t.app);

/** Messages kept in the outbox, newest first, optionally for one address. */
export async function mailTo(t: TestApp, to?: string) {
  await drainEvents(t);
  const rows = await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id));
  return to ? rows.filter((m) => m.toAddress.toLowerCase() === to.toLowerCase()) : rows;
}

export const setSubscription = (t: TestApp, id: number, values: Partial<NewSubscription>) =>
  updateSubscription(t.database.db, id, values);
export const getSubscriptionRow = (t: TestApp, id: number) => findSubscriptionById(t.database.db, id);

export const postForm = (
  t: TestApp,
  url: string,
  fields: Record<string, string> | [string, string][],
  remoteAddress?: string,
) =>
  t.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: formBody(Array.isArray(fields) ? fields : Object.entries(fields)),
    remoteAddress,
  });

export type Checkout = {
  subscriptionId: number;
  init: {
    payfast_url: string;
    form_data: Record<string, string>;
    payment_id: number;
    payment_reference: string;
    signature: string;
  };
};

/** select-plan then generate-signature, as the plans page and the confirmation dialog do. */
export async function startCheckout(
  t: TestApp,
  firm: Pick<RegisteredFirm, 'token'>,
  planId: number,
  cycle = 'monthly',
): Promise<Checkout> {
  const sel = await t
    .as(firm.token)
    .post('/api/v1/subscriptions/select-plan', { plan_id: planId, billing_cycle: cycle });
  if (sel.statusCode !== 201) throw new Error(`select-plan: ${sel.statusCode} ${sel.body}`);
  const subscriptionId = sel.json().subscription_id as number;
  const gen = await t
    .as(firm.token)
    .post('/api/v1/payments/generate-signature', { subscription_id: subscriptionId });
  if (gen.statusCode !== 200) throw new Error(`generate-signature: ${gen.statusCode} ${gen.body}`);
  return { subscriptionId, init: gen.json() };
}

/** The browser's part with the simulator: post the form to the hosted page, then press Pay (or Cancel). */
export async function payWithSimulator(
  t: TestApp,
  checkout: Checkout,
  action: 'pay' | 'cancel' = 'pay',
): Promise<LightMyRequestResponse> {
  const path = new URL(checkout.init.payfast_url).pathname;
  const page = await postForm(t, path, checkout.init.form_data);
  if (page.statusCode !== 200) throw new Error(`simulator page: ${page.statusCode} ${page.body}`);
  return postForm(t, '/api/v1/payments/simulator/complete', {
    ...checkout.init.form_data,
    card: '4000 0000 0000 0002',
    action,
  });
}

/** Checkout and pay: the firm ends with a trial or active subscription. */
export async function subscribeThroughSimulator(
  t: TestApp,
  firm: Pick<RegisteredFirm, 'token'>,
  planId: number,
) {
  const checkout = await startCheckout(t, firm, planId);
  const res = await payWithSimulator(t, checkout);
  if (res.statusCode !== 303) throw new Error(`pay: ${res.statusCode} ${res.body}`);
  return checkout;
}
