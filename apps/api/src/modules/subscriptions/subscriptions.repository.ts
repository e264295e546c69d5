import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { firmSubscriptions, subscriptionChanges, subscriptionPlans } from '../../db/schema/index';
import { firmHasAccessSql, givesAccess } from '../../lib/subscription-access';

export type SubscriptionRow = typeof firmSubscriptions.$inferSelect;
export type NewSubscription = typeof firmSubscriptions.$inferInsert;
export type NewChange = typeof subscriptionChanges.$inferInsert;

export { givesAccess };

/** The gate's question for a caller whose actor did not bring the answer (an API key): one indexed probe. */
export async function firmHasAccess(db: DbOrTx, firmId: number, now: Date): Promise<boolean> {
  const [row] = await db.select({ access: firmHasAccessSql(firmId, now) }).from(sql`(SELECT 1) AS one`);
  return row?.access === true;
}

/** The subscription that gives the firm access now (the newest if, briefly, two do). */
export async function findAccessSubscription(db: DbOrTx, firmId: number, now: Date) {
  const [row] = await db
    .select()
    .from(firmSubscriptions)
    .where(and(eq(firmSubscriptions.firmId, firmId), givesAccess(now)))
    .orderBy(
      sql`CASE WHEN ${firmSubscriptions.status} = 'cancelled' THEN 1 ELSE 0 END`,
      desc(firmSubscriptions.id),
    )
    .limit(1);
  return row;
}

/** The firm's open subscription (pending, trial or active; at most one by the unique index). */
export const findOpenSubscription = async (db: DbOrTx, firmId: number, opts: { lock?: boolean } = {}) => {
  const q = db
    .select()
    .from(firmSubscriptions)
    .where(
      and(
        eq(firmSubscriptions.firmId, firmId),
        inArray(firmSubscriptions.status, ['pending', 'trial', 'active']),
      ),
    );
  return (await (opts.lock ? q.for('update') : q))[0];
};

export const findSubscriptionById = async (db: DbOrTx, id: number, opts: { lock?: boolean } = {}) => {
  const q = db.select().from(firmSubscriptions).where(eq(firmSubscriptions.id, id));
  return (await (opts.lock ? q.for('update') : q))[0];
};

export const findSubscriptionByToken = async (db: DbOrTx, token: string, opts: { lock?: boolean } = {}) => {
  const q = db
    .select()
    .from(firmSubscriptions)
    .where(eq(firmSubscriptions.providerToken, token))
    .orderBy(desc(firmSubscriptions.id))
    .limit(1);
  return (await (opts.lock ? q.for('update') : q))[0];
};

/** Whether the firm ever had a trial (a firm gets one free trial). */
export async function firmHadTrial(db: DbOrTx, firmId: number): Promise<boolean> {
  const rows = await db
    .select({ id: firmSubscriptions.id })
    .from(firmSubscriptions)
    .where(and(eq(firmSubscriptions.firmId, firmId), sql`${firmSubscriptions.trialEndDate} IS NOT NULL`))
    .limit(1);
  return rows.length > 0;
}

export const insertSubscription = (db: DbOrTx, values: NewSubscription) =>
  db
    .insert(firmSubscriptions)
    .values(values)
    .returning()
    .then((r) => r[0]!);

export const updateSubscription = (db: DbOrTx, id: number, values: Partial<NewSubscription>) =>
  db
    .update(firmSubscriptions)
    .set(values)
    .where(eq(firmSubscriptions.id, id))
    .returning()
    .then((r) => r[0]!);

export const insertChange = (db: DbOrTx, values: NewChange) =>
  db
    .insert(subscriptionChanges)
    .values(values)
    .returning()
    .then((r) => r[0]!);

export const planOf = async (db: DbOrTx, planId: number) =>
  (await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId)))[0];
