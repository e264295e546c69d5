import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { AdminErrors } from '@lexserve/contracts/admin';
import { hasChanges, type DbOrTx } from '../../db/client';
import { firmSubscriptions, subscriptionPlans } from '../../db/schema/index';
import { AppError, isUniqueViolation } from '../../lib/app-error';

export type NewPlan = typeof subscriptionPlans.$inferInsert;

const translate = (err: unknown): never => {
  if (isUniqueViolation(err, 'subscription_plans_name_unique'))
    throw new AppError(AdminErrors.PLAN_NAME_TAKEN, { cause: err });
  throw err;
};

const notDeleted = isNull(subscriptionPlans.deletedAt);
/** Cheapest first; plans without a price ('Contact Us') last. */
const byPrice = [sql`${subscriptionPlans.monthlyPriceCents} ASC NULLS LAST`, asc(subscriptionPlans.id)];

export const findPlanById = async (db: DbOrTx, id: number) =>
  (
    await db
      .select()
      .from(subscriptionPlans)
      .where(and(eq(subscriptionPlans.id, id), notDeleted))
  )[0];

/** Any plan, archived included (history and subscriptions keep pointing at archived plans). */
export const findPlanByIdAnyState = async (db: DbOrTx, id: number) =>
  (await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id)))[0];

export const findPlansByIds = async (db: DbOrTx, ids: number[]) =>
  ids.length ? db.select().from(subscriptionPlans).where(inArray(subscriptionPlans.id, ids)) : [];

export const findPlanByName = async (db: DbOrTx, name: string) =>
  (
    await db
      .select()
      .from(subscriptionPlans)
      .where(and(sql`lower(${subscriptionPlans.name}) = lower(${name})`, notDeleted))
  )[0];

export async function listPlans(db: DbOrTx, opts: { activeOnly: boolean; featuredOnly?: boolean }) {
  const where = [notDeleted];
  if (opts.activeOnly) where.push(eq(subscriptionPlans.isActive, true));
  if (opts.featuredOnly) where.push(eq(subscriptionPlans.isFeatured, true));
  return db
    .select()
    .from(subscriptionPlans)
    .where(and(...where))
    .orderBy(...byPrice);
}

export const insertPlan = (db: DbOrTx, values: NewPlan) =>
  db
    .insert(subscriptionPlans)
    .values(values)
    .returning()
    .then((r) => r[0]!, translate);

export const updatePlan = async (db: DbOrTx, id: number, values: Partial<NewPlan>) =>
  !hasChanges(values)
    ? (await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id)))[0]
    : db
        .update(subscriptionPlans)
        .set(values)
        .where(eq(subscriptionPlans.id, id))
        .returning()
        .then((r) => r[0], translate);

export const deletePlanRow = (db: DbOrTx, id: number) =>
  db.delete(subscriptionPlans).where(eq(subscriptionPlans.id, id));

/** How many subscriptions refer to the plan: `open` ones still give access or await payment. */
export async function countPlanUse(db: DbOrTx, planId: number, now: Date) {
  const [row] = await db
    .select({
      total: count(),
      open: sql<number>`count(*) FILTER (WHERE ${firmSubscriptions.status} IN ('pending','trial','active')
        OR (${firmSubscriptions.status} = 'cancelled' AND ${firmSubscriptions.accessEndsAt} > ${now}))`.mapWith(
        Number,
      ),
    })
    .from(firmSubscriptions)
    .where(sql`${firmSubscriptions.planId} = ${planId} OR ${firmSubscriptions.pendingPlanId} = ${planId}`);
  return { total: row?.total ?? 0, open: row?.open ?? 0 };
}
