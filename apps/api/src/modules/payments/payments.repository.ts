import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  firmSubscriptions,
  paymentFeedback,
  paymentNotifications,
  payments,
  subscriptionPlans,
} from '../../db/schema/index';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

export const insertPayment = (db: DbOrTx, values: NewPayment) =>
  db
    .insert(payments)
    .values(values)
    .returning()
    .then((r) => r[0]!);

export const updatePayment = (db: DbOrTx, id: number, values: Partial<NewPayment>) =>
  db
    .update(payments)
    .set(values)
    .where(eq(payments.id, id))
    .returning()
    .then((r) => r[0]!);

export const findPaymentById = async (db: DbOrTx, id: number) =>
  (await db.select().from(payments).where(eq(payments.id, id)))[0];

export const findPaymentByReference = async (
  db: DbOrTx,
  reference: string,
  opts: { lock?: boolean } = {},
) => {
  const q = db.select().from(payments).where(eq(payments.paymentReference, reference));
  return (await (opts.lock ? q.for('update') : q))[0];
};

export const findPaymentBySignature = async (db: DbOrTx, signature: string, firmId: number) =>
  (
    await db
      .select()
      .from(payments)
      .where(and(eq(payments.signature, signature), eq(payments.firmId, firmId)))
      .orderBy(desc(payments.id))
      .limit(1)
  )[0];

export const findPaymentByProviderId = async (db: DbOrTx, provider: string, providerPaymentId: string) =>
  (
    await db
      .select()
      .from(payments)
      .where(and(sql`${payments.provider} = ${provider}`, eq(payments.providerPaymentId, providerPaymentId)))
  )[0];

export const listSubscriptionPayments = (db: DbOrTx, subscriptionId: number) =>
  db.select().from(payments).where(eq(payments.subscriptionId, subscriptionId)).orderBy(desc(payments.id));

/** Payments with the plan and cycle of their subscription (what the payment DTO shows). */
export const paymentContext = async (db: DbOrTx, subscriptionId: number) =>
  (
    await db
      .select({
        planId: subscriptionPlans.id,
        planName: subscriptionPlans.displayName,
        billingCycle: firmSubscriptions.billingCycle,
      })
      .from(firmSubscriptions)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, firmSubscriptions.planId))
      .where(eq(firmSubscriptions.id, subscriptionId))
  )[0];

/** The subscription's first completed payment (its reference and item name carry over to renewals). */
export const findInitialPayment = async (db: DbOrTx, subscriptionId: number) =>
  (
    await db
      .select({ reference: payments.paymentReference, itemName: payments.itemName })
      .from(payments)
      .where(
        and(
          eq(payments.subscriptionId, subscriptionId),
          eq(payments.kind, 'initial'),
          eq(payments.status, 'completed'),
        ),
      )
      .limit(1)
  )[0];

/** Claims an ITN for processing; undefined when the same notification was processed before (a replay). */
export async function claimNotification(
  db: DbOrTx,
  values: Omit<typeof paymentNotifications.$inferInsert, 'outcome'>,
) {
  const rows = await db
    .insert(paymentNotifications)
    .values({ ...values, outcome: 'processed' })
    .onConflictDoNothing()
    .returning({ id: paymentNotifications.id });
  return rows[0]?.id;
}

export const logNotification = (db: DbOrTx, values: typeof paymentNotifications.$inferInsert) =>
  db.insert(paymentNotifications).values(values);

export const setNotificationPayment = (db: DbOrTx, id: number, paymentId: number) =>
  db.update(paymentNotifications).set({ paymentId }).where(eq(paymentNotifications.id, id));

export const insertFeedback = (db: DbOrTx, values: typeof paymentFeedback.$inferInsert) =>
  db
    .insert(paymentFeedback)
    .values(values)
    .returning()
    .then((r) => r[0]!);
