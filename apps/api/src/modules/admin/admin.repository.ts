import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Role } from '@lexserve/contracts/common';
import type { SubscriptionStatus } from '@lexserve/contracts/subscriptions';
import { containsPattern, rowsOf, type DbOrTx } from '../../db/client';
import {
  domainEvents,
  firmSubscriptions,
  firms,
  jobs,
  mailOutbox,
  paymentFeedback,
  paymentNotifications,
  payments,
  subscriptionChanges,
  subscriptionPlans,
  users,
} from '../../db/schema/index';
import { givesAccess } from '../subscriptions/subscription-records.service';

/** Read-only queries of the admin portal: figures are computed from the data, scoped to nothing (system admin only). */

/** firms.id, qualified: drizzle leaves columns of a single-table select unqualified, which a correlated subquery would misread. */
const firmIdRef = sql.raw('"firms"."id"');
const n = (v: unknown) => Number(v ?? 0);

export type FirmSubscriptionFilter = 'all' | SubscriptionStatus | 'expiring';

/** Active and ending within `days`: the admin's 'Expiring' tab. */
const expiringSql = (now: Date, days: number): SQL =>
  sql`(${firmSubscriptions.status} = 'active' AND ${firmSubscriptions.endDate} >= ${now} AND ${firmSubscriptions.endDate} < ${new Date(now.getTime() + days * 86_400_000)})`;

function subscriptionSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const term = containsPattern(search);
  const conditions: SQL[] = [
    ilike(firms.name, term),
    ilike(subscriptionPlans.name, term),
    ilike(subscriptionPlans.displayName, term),
  ];
  if (/^\d+$/.test(search))
    conditions.push(eq(firmSubscriptions.id, Number(search)), eq(firmSubscriptions.firmId, Number(search)));
  return or(...conditions);
}

const subscriptionColumns = { sub: firmSubscriptions, firmName: firms.name, plan: subscriptionPlans };
export type FirmSubscriptionJoined = {
  sub: typeof firmSubscriptions.$inferSelect;
  firmName: string;
  plan: typeof subscriptionPlans.$inferSelect;
};

export async function listFirmSubscriptions(
  db: DbOrTx,
  opts: { skip: number; limit: number; status: FirmSubscriptionFilter; search?: string; now: Date },
) {
  const where: SQL[] = [];
  if (opts.status === 'expiring') where.push(expiringSql(opts.now, 7));
  else if (opts.status !== 'all') where.push(eq(firmSubscriptions.status, opts.status));
  const search = subscriptionSearch(opts.search);
  if (search) where.push(search);
  const filter = where.length ? and(...where) : undefined;
  const base = () =>
    db
      .select(subscriptionColumns)
      .from(firmSubscriptions)
      .innerJoin(firms, eq(firms.id, firmSubscriptions.firmId))
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, firmSubscriptions.planId));
  const [rows, [total], [counts]] = await Promise.all([
    base().where(filter).orderBy(desc(firmSubscriptions.id)).offset(opts.skip).limit(opts.limit),
    db
      .select({ n: count() })
      .from(firmSubscriptions)
      .innerJoin(firms, eq(firms.id, firmSubscriptions.firmId))
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, firmSubscriptions.planId))
      .where(filter),
    db
      .select({
        all: count(),
        pending: sql<number>`count(*) FILTER (WHERE ${firmSubscriptions.status} = 'pending')`.mapWith(Number),
        trial: sql<number>`count(*) FILTER (WHERE ${firmSubscriptions.status} = 'trial')`.mapWith(Number),
        active: sql<number>`count(*) FILTER (WHERE ${firmSubscriptions.status} = 'active')`.mapWith(Number),
        cancelled: sql<number>`count(*) FILTER (WHERE ${firmSubscriptions.status} = 'cancelled')`.mapWith(
          Number,
        ),
        expired: sql<number>`count(*) FILTER (WHERE ${firmSubscriptions.status} = 'expired')`.mapWith(Number),
        expiring: sql<number>`count(*) FILTER (WHERE ${expiringSql(opts.now, 7)})`.mapWith(Number),
      })
      .from(firmSubscriptions)
      .innerJoin(firms, eq(firms.id, firmSubscriptions.firmId))
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, firmSubscriptions.planId))
      .where(search),
  ]);
  return {
    rows: rows as FirmSubscriptionJoined[],
    total: total?.n ?? 0,
    counts: counts ?? { all: 0, pending: 0, trial: 0, active: 0, cancelled: 0, expired: 0, expiring: 0 },
  };
}

export async function findFirmSubscription(db: DbOrTx, id: number) {
  const [row] = await db
    .select(subscriptionColumns)
    .from(firmSubscriptions)
    .innerJoin(firms, eq(firms.id, firmSubscriptions.firmId))
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, firmSubscriptions.planId))
    .where(eq(firmSubscriptions.id, id));
  return row as FirmSubscriptionJoined | undefined;
}

export const firmSubscriptionsOf = async (db: DbOrTx, firmId: number) =>
  (await db
    .select(subscriptionColumns)
    .from(firmSubscriptions)
    .innerJoin(firms, eq(firms.id, firmSubscriptions.firmId))
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, firmSubscriptions.planId))
    .where(eq(firmSubscriptions.firmId, firmId))
    .orderBy(desc(firmSubscriptions.id))) as FirmSubscriptionJoined[];

const fromPlan = alias(subscriptionPlans, 'from_plan');
const toPlan = alias(subscriptionPlans, 'to_plan');

/** History entries with plan names and who made them. */
export async function listChanges(db: DbOrTx, where: SQL | undefined, limit = 500) {
  return db
    .select({
      change: subscriptionChanges,
      fromPlan: fromPlan.displayName,
      toPlan: toPlan.displayName,
      performedBy: users.fullName,
      firmName: firms.name,
    })
    .from(subscriptionChanges)
    .leftJoin(fromPlan, eq(fromPlan.id, subscriptionChanges.fromPlanId))
    .leftJoin(toPlan, eq(toPlan.id, subscriptionChanges.toPlanId))
    .leftJoin(users, eq(users.id, subscriptionChanges.performedById))
    .innerJoin(firms, eq(firms.id, subscriptionChanges.firmId))
    .where(where)
    .orderBy(desc(subscriptionChanges.effectiveAt), desc(subscriptionChanges.id))
    .limit(limit);
}

export const changesOfFirm = (db: DbOrTx, firmId: number) =>
  listChanges(db, eq(subscriptionChanges.firmId, firmId));
export const changesOfSubscription = (db: DbOrTx, id: number) =>
  listChanges(db, eq(subscriptionChanges.subscriptionId, id));

export const paymentsWhere = (db: DbOrTx, where: SQL) =>
  db
    .select({
      payment: payments,
      planId: subscriptionPlans.id,
      planName: subscriptionPlans.displayName,
      billingCycle: firmSubscriptions.billingCycle,
    })
    .from(payments)
    .innerJoin(firmSubscriptions, eq(firmSubscriptions.id, payments.subscriptionId))
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, firmSubscriptions.planId))
    .where(where)
    .orderBy(desc(payments.id))
    .limit(500);

// ---- Figures -------------------------------------------------------------------------------------------------

export async function statusCounts(db: DbOrTx) {
  const rows = await db
    .select({ status: firmSubscriptions.status, n: count() })
    .from(firmSubscriptions)
    .groupBy(firmSubscriptions.status);
  const out: Record<SubscriptionStatus, number> = {
    pending: 0,
    trial: 0,
    active: 0,
    cancelled: 0,
    expired: 0,
  };
  for (const r of rows) out[r.status] = r.n;
  return out;
}

/**
 * Monthly recurring revenue of what is active now: each paying active subscription's current price spread over its
 * cycle's months, in cents. A change scheduled for the next period (a downgrade) counts only once it takes effect.
 */
export async function monthlyRecurringCents(db: DbOrTx, now: Date) {
  const [row] = await db
    .select({
      cents: sql<string>`coalesce(sum(
        ${firmSubscriptions.amountCents}::numeric /
        CASE ${firmSubscriptions.billingCycle} WHEN 'quarterly' THEN 3 WHEN 'annual' THEN 12 ELSE 1 END), 0)`,
    })
    .from(firmSubscriptions)
    .where(
      and(
        eq(firmSubscriptions.status, 'active'),
        sql`coalesce(${firmSubscriptions.endDate}, 'infinity'::timestamptz) > ${now}`,
        sql`${firmSubscriptions.provider} <> 'manual'`,
      ),
    );
  return Math.round(n(row?.cents));
}

export async function revenueCents(db: DbOrTx, from?: Date, to?: Date) {
  const where: SQL[] = [eq(payments.status, 'completed')];
  if (from) where.push(gte(payments.paidAt, from));
  if (to) where.push(lt(payments.paidAt, to));
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${payments.amountCents}), 0)`, n: count() })
    .from(payments)
    .where(and(...where));
  return { cents: n(row?.cents), count: row?.n ?? 0 };
}

export async function peopleAndFirms(db: DbOrTx, now: Date) {
  const [u] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) FILTER (WHERE ${users.isActive})`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.isSystem, false));
  const [f] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) FILTER (WHERE ${firms.isActive})`.mapWith(Number),
      without: sql<number>`count(*) FILTER (WHERE NOT EXISTS (
        SELECT 1 FROM firm_subscriptions fs WHERE fs.firm_id = ${firmIdRef} AND (
          (fs.status = 'trial' AND coalesce(fs.trial_end_date, fs.end_date, 'infinity'::timestamptz) > ${now})
          OR (fs.status = 'active' AND coalesce(fs.end_date, 'infinity'::timestamptz) > ${now})
          OR (fs.status = 'cancelled' AND fs.access_ends_at > ${now}))))`.mapWith(Number),
    })
    .from(firms);
  return {
    totalUsers: u?.total ?? 0,
    activeUsers: u?.active ?? 0,
    totalFirms: f?.total ?? 0,
    activeFirms: f?.active ?? 0,
    firmsWithoutSubscription: f?.without ?? 0,
  };
}

export const activeByPlan = (db: DbOrTx) =>
  db
    .select({ planId: subscriptionPlans.id, name: subscriptionPlans.displayName, n: count() })
    .from(firmSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, firmSubscriptions.planId))
    .where(inArray(firmSubscriptions.status, ['active', 'trial']))
    .groupBy(subscriptionPlans.id, subscriptionPlans.displayName)
    .orderBy(asc(subscriptionPlans.id));

/** History entries of the given types within [from, to), counted by type. */
export type MonthWindow = { start: Date; end: Date; activeAt: Date };
export type MonthTrend = { changes: Record<string, number>; cents: number; payments: number; active: number };

/**
 * For each window, in one statement: subscription changes by type, completed payments (sum and count) and the
 * subscriptions giving access at `activeAt` (started before it and not yet ended), without a round trip per month
 * (the trends chart asks for up to 24).
 */
export async function monthlyTrends(db: DbOrTx, windows: MonthWindow[]): Promise<MonthTrend[]> {
  if (windows.length === 0) return [];
  const rows = sql.join(
    windows.map(
      (w, i) => sql`(${i}::int, ${w.start}::timestamptz, ${w.end}::timestamptz, ${w.activeAt}::timestamptz)`,
    ),
    sql`, `,
  );
  const result = rowsOf<{
    i: number;
    changes: Record<string, number> | null;
    cents: string;
    payments: string;
    active: string;
  }>(
    await db.execute(sql`
      WITH m(i, start_at, end_at, active_at) AS (VALUES ${rows})
      SELECT m.i,
        (SELECT jsonb_object_agg(c.change_type, c.n) FROM (
           SELECT ${subscriptionChanges.changeType} AS change_type, count(*) AS n FROM ${subscriptionChanges}
           WHERE ${subscriptionChanges.effectiveAt} >= m.start_at AND ${subscriptionChanges.effectiveAt} < m.end_at
           GROUP BY ${subscriptionChanges.changeType}) c) AS changes,
        (SELECT coalesce(sum(${payments.amountCents}), 0) FROM ${payments}
           WHERE ${payments.status} = 'completed' AND ${payments.paidAt} >= m.start_at AND ${payments.paidAt} < m.end_at) AS cents,
        (SELECT count(*) FROM ${payments}
           WHERE ${payments.status} = 'completed' AND ${payments.paidAt} >= m.start_at AND ${payments.paidAt} < m.end_at) AS payments,
        (SELECT count(*) FROM ${firmSubscriptions}
           WHERE ${firmSubscriptions.status} <> 'pending' AND ${firmSubscriptions.startDate} < m.active_at
             AND coalesce(${firmSubscriptions.accessEndsAt}, 'infinity'::timestamptz) >= m.active_at) AS active
      FROM m ORDER BY m.i`),
  );
  return result.map((r) => ({
    changes: Object.fromEntries(Object.entries(r.changes ?? {}).map(([k, v]) => [k, n(v)])),
    cents: n(r.cents),
    payments: n(r.payments),
    active: n(r.active),
  }));
}

export async function revenueByPlan(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({
      planId: subscriptionPlans.id,
      name: subscriptionPlans.displayName,
      cents: sql<string>`coalesce(sum(${payments.amountCents}), 0)`,
      n: count(),
    })
    .from(payments)
    .innerJoin(firmSubscriptions, eq(firmSubscriptions.id, payments.subscriptionId))
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, firmSubscriptions.planId))
    .where(and(eq(payments.status, 'completed'), gte(payments.paidAt, from), lt(payments.paidAt, to)))
    .groupBy(subscriptionPlans.id, subscriptionPlans.displayName)
    .orderBy(asc(subscriptionPlans.id));
}

export async function paymentStatusCounts(db: DbOrTx, from: Date, to: Date) {
  const rows = await db
    .select({ status: payments.status, n: count() })
    .from(payments)
    .where(and(gte(payments.createdAt, from), lt(payments.createdAt, to)))
    .groupBy(payments.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
}

export async function cancellationReasons(db: DbOrTx, from?: Date, to?: Date) {
  const where: SQL[] = [inArray(subscriptionChanges.changeType, ['cancelled', 'suspended'])];
  if (from) where.push(gte(subscriptionChanges.effectiveAt, from));
  if (to) where.push(lt(subscriptionChanges.effectiveAt, to));
  const rows = await db
    .select({ reason: sql<string>`coalesce(${subscriptionChanges.reason}, 'unspecified')`, n: count() })
    .from(subscriptionChanges)
    .where(and(...where))
    .groupBy(sql`coalesce(${subscriptionChanges.reason}, 'unspecified')`)
    .orderBy(desc(count()));
  return rows.map((r) => ({ reason: r.reason, count: r.n }));
}

export async function cancellationEntries(db: DbOrTx, from?: Date, to?: Date) {
  const where: SQL[] = [inArray(subscriptionChanges.changeType, ['cancelled', 'suspended'])];
  if (from) where.push(gte(subscriptionChanges.effectiveAt, from));
  if (to) where.push(lt(subscriptionChanges.effectiveAt, to));
  return listChanges(db, and(...where));
}

function feedbackWhere(from?: Date, to?: Date) {
  const where: SQL[] = [];
  if (from) where.push(gte(paymentFeedback.createdAt, from));
  if (to) where.push(lt(paymentFeedback.createdAt, to));
  return where.length ? and(...where) : undefined;
}

export async function paymentCancelReasons(db: DbOrTx, from?: Date, to?: Date) {
  const rows = await db
    .select({ reason: paymentFeedback.reason, n: count() })
    .from(paymentFeedback)
    .where(feedbackWhere(from, to))
    .groupBy(paymentFeedback.reason)
    .orderBy(desc(count()));
  return rows.map((r) => ({ reason: r.reason, count: r.n }));
}

export const paymentFeedbackEntries = (db: DbOrTx, from?: Date, to?: Date) =>
  db
    .select({ feedback: paymentFeedback, firmName: firms.name, user: users.fullName })
    .from(paymentFeedback)
    .leftJoin(firms, eq(firms.id, paymentFeedback.firmId))
    .leftJoin(users, eq(users.id, paymentFeedback.userId))
    .where(feedbackWhere(from, to))
    .orderBy(desc(paymentFeedback.id))
    .limit(500);

/** Subscriptions that give access now, with their firm and plan (usage-limits report). */
export const accessSubscriptions = async (db: DbOrTx, now: Date) =>
  (await db
    .select(subscriptionColumns)
    .from(firmSubscriptions)
    .innerJoin(firms, eq(firms.id, firmSubscriptions.firmId))
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, firmSubscriptions.planId))
    .where(givesAccess(now))
    .orderBy(asc(firms.name))) as FirmSubscriptionJoined[];

/** Trials, active periods and cancelled access ending within the window. */
export const endingWithin = async (db: DbOrTx, from: Date, to: Date) =>
  (await db
    .select(subscriptionColumns)
    .from(firmSubscriptions)
    .innerJoin(firms, eq(firms.id, firmSubscriptions.firmId))
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, firmSubscriptions.planId))
    .where(
      or(
        and(
          eq(firmSubscriptions.status, 'trial'),
          sql`coalesce(${firmSubscriptions.trialEndDate}, ${firmSubscriptions.endDate}) >= ${from}`,
          sql`coalesce(${firmSubscriptions.trialEndDate}, ${firmSubscriptions.endDate}) < ${to}`,
        ),
        and(
          eq(firmSubscriptions.status, 'active'),
          gte(firmSubscriptions.endDate, from),
          lt(firmSubscriptions.endDate, to),
        ),
        and(
          eq(firmSubscriptions.status, 'cancelled'),
          gte(firmSubscriptions.accessEndsAt, from),
          lt(firmSubscriptions.accessEndsAt, to),
        ),
      ),
    )
    .orderBy(asc(firmSubscriptions.endDate))) as FirmSubscriptionJoined[];

// ---- Health ----------------------------------------------------------------------------------------------------

/**
 * The health page's counts in one statement. Each reads only unfinished rows, through partial indexes (jobs not done,
 * domain events not processed, mail not sent; migrations 0001 and 0018), so it does not grow with the history the
 * installation keeps; the two dated counts use their tables' time indexes.
 */
export async function healthCounts(db: DbOrTx, now: Date) {
  const lateBefore = new Date(now.getTime() - 15 * 60_000);
  const [row] = rowsOf<Record<string, string | number>>(
    await db.execute(sql`
      SELECT j.pending AS jobs_pending, j.overdue AS jobs_overdue, j.failed AS jobs_failed,
             e.pending AS events_pending, e.failed AS events_failed, m.kept AS mail_kept, m.failed AS mail_failed,
        (SELECT count(*) FROM ${payments} WHERE ${payments.status} = 'pending'
           AND ${payments.createdAt} < ${new Date(now.getTime() - 2 * 3_600_000)}) AS payments_pending_stale,
        (SELECT count(*) FROM ${paymentNotifications} WHERE ${paymentNotifications.outcome} = 'rejected'
           AND ${paymentNotifications.createdAt} >= ${new Date(now.getTime() - 86_400_000)}) AS notifications_rejected_24h,
        (SELECT count(*) FROM ${firmSubscriptions} WHERE
           (${firmSubscriptions.status} = 'active' AND ${firmSubscriptions.endDate} < ${new Date(now.getTime() - 3 * 86_400_000)})
           OR (${firmSubscriptions.status} = 'trial'
               AND coalesce(${firmSubscriptions.trialEndDate}, ${firmSubscriptions.endDate}) < ${new Date(now.getTime() - 86_400_000)})
        ) AS subscriptions_past_end
      FROM (SELECT count(*) FILTER (WHERE ${jobs.attempts} < 5) AS pending,
                   count(*) FILTER (WHERE ${jobs.attempts} < 5 AND ${jobs.runAt} < ${lateBefore}) AS overdue,
                   count(*) FILTER (WHERE ${jobs.attempts} >= 5) AS failed
            FROM ${jobs} WHERE ${jobs.doneAt} IS NULL) j,
           (SELECT count(*) FILTER (WHERE ${domainEvents.attempts} < 5) AS pending,
                   count(*) FILTER (WHERE ${domainEvents.attempts} >= 5) AS failed
            FROM ${domainEvents} WHERE ${domainEvents.processedAt} IS NULL) e,
           (SELECT count(*) FILTER (WHERE ${mailOutbox.status} = 'kept') AS kept,
                   count(*) FILTER (WHERE ${mailOutbox.status} = 'failed') AS failed
            FROM ${mailOutbox} WHERE ${mailOutbox.status} IN ('kept', 'failed')) m`),
  );
  const at = (k: string) => n(row?.[k]);
  return {
    jobs_pending: at('jobs_pending'),
    jobs_overdue: at('jobs_overdue'),
    jobs_failed: at('jobs_failed'),
    events_pending: at('events_pending'),
    events_failed: at('events_failed'),
    mail_kept: at('mail_kept'),
    mail_failed: at('mail_failed'),
    payments_pending_stale: at('payments_pending_stale'),
    notifications_rejected_24h: at('notifications_rejected_24h'),
    subscriptions_past_end: at('subscriptions_past_end'),
  };
}

export async function pingDatabase(db: DbOrTx) {
  const started = performance.now();
  try {
    rowsOf(await db.execute(sql`SELECT 1`));
    return { ok: true, latency: Math.round((performance.now() - started) * 10) / 10 };
  } catch {
    return { ok: false, latency: Math.round((performance.now() - started) * 10) / 10 };
  }
}

// ---- Mail, users, firms ---------------------------------------------------------------------------------------

/** A page of the outbox, newest first, and how many match up to `countLimit` (one index walk of at most that many). */
export async function listMail(
  db: DbOrTx,
  opts: { skip: number; limit: number; status?: 'kept' | 'sent' | 'failed'; search?: string },
  countLimit: number,
) {
  const where: SQL[] = [];
  if (opts.status) where.push(eq(mailOutbox.status, opts.status));
  if (opts.search)
    where.push(
      or(
        ilike(mailOutbox.toAddress, containsPattern(opts.search)),
        ilike(mailOutbox.subject, containsPattern(opts.search)),
      )!,
    );
  const filter = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(filter)
      .orderBy(desc(mailOutbox.id))
      .offset(opts.skip)
      .limit(opts.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(
      db
        .select({ one: sql`1`.as('one') })
        .from(mailOutbox)
        .where(filter)
        .limit(countLimit)
        .as('m'),
    ),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export const findMail = async (db: DbOrTx, id: number) =>
  (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

export async function listUsers(
  db: DbOrTx,
  opts: { skip: number; limit: number; search?: string; role?: Role; firmId?: number; isActive?: boolean },
) {
  const where: SQL[] = [eq(users.isSystem, false)];
  if (opts.search) {
    const term = containsPattern(opts.search);
    where.push(
      or(
        ilike(users.fullName, term),
        ilike(users.email, term),
        ilike(users.username, term),
        ilike(firms.name, term),
      )!,
    );
  }
  if (opts.role) where.push(sql`${users.role} = ${opts.role}`);
  if (opts.firmId !== undefined) where.push(eq(users.firmId, opts.firmId));
  if (opts.isActive !== undefined) where.push(eq(users.isActive, opts.isActive));
  const filter = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, firmName: firms.name })
      .from(users)
      .leftJoin(firms, eq(firms.id, users.firmId))
      .where(filter)
      .orderBy(asc(users.fullName), asc(users.id))
      .offset(opts.skip)
      .limit(opts.limit),
    db.select({ n: count() }).from(users).leftJoin(firms, eq(firms.id, users.firmId)).where(filter),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function listFirms(
  db: DbOrTx,
  opts: {
    skip: number;
    limit: number;
    search?: string;
    isActive?: boolean;
    subscriptionStatus?: SubscriptionStatus | 'none';
  },
) {
  const where: SQL[] = [];
  if (opts.search) {
    const term = containsPattern(opts.search);
    where.push(or(ilike(firms.name, term), ilike(firms.contactEmail, term), ilike(firms.address, term))!);
  }
  if (opts.isActive !== undefined) where.push(eq(firms.isActive, opts.isActive));
  // The firm's current subscription: its open one, else its latest.
  const latest = sql`(SELECT fs.status FROM firm_subscriptions fs WHERE fs.firm_id = ${firmIdRef}
    ORDER BY CASE WHEN fs.status IN ('pending','trial','active') THEN 0 ELSE 1 END, fs.id DESC LIMIT 1)`;
  if (opts.subscriptionStatus === 'none') where.push(sql`${latest} IS NULL`);
  else if (opts.subscriptionStatus) where.push(sql`${latest} = ${opts.subscriptionStatus}`);
  const filter = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        firm: firms,
        usersCount:
          sql<number>`(SELECT count(*) FROM users u WHERE u.firm_id = ${firmIdRef} AND NOT u.is_system)`.mapWith(
            Number,
          ),
        branchesCount: sql<number>`(SELECT count(*) FROM branches b WHERE b.firm_id = ${firmIdRef})`.mapWith(
          Number,
        ),
      })
      .from(firms)
      .where(filter)
      .orderBy(asc(firms.name))
      .offset(opts.skip)
      .limit(opts.limit),
    db.select({ n: count() }).from(firms).where(filter),
  ]);
  const ids = rows.map((r) => r.firm.id);
  const subs = ids.length
    ? await db
        .select({ sub: firmSubscriptions, planName: subscriptionPlans.displayName })
        .from(firmSubscriptions)
        .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, firmSubscriptions.planId))
        .where(inArray(firmSubscriptions.firmId, ids))
        .orderBy(
          sql`CASE WHEN ${firmSubscriptions.status} IN ('pending','trial','active') THEN 0 ELSE 1 END`,
          desc(firmSubscriptions.id),
        )
    : [];
  const current = new Map<number, (typeof subs)[number]>();
  for (const s of subs) if (!current.has(s.sub.firmId)) current.set(s.sub.firmId, s);
  return { rows, total: total?.n ?? 0, current };
}
