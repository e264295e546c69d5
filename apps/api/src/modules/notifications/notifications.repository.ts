import { and, count, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { NOTIFICATION_TYPES, type NotificationType } from '@lexserve/contracts/notifications';
import { containsPattern, type DbOrTx } from '../../db/client';
import { firms, notificationCounts, notifications, users } from '../../db/schema/index';

export type NotificationRow = typeof notifications.$inferSelect;

/** A notification is addressed by its UUID (paths) or its numeric id; both are scoped to the owner. */
export type NotificationRef = { uuid: string } | { id: number };

const refWhere = (ref: NotificationRef): SQL =>
  'uuid' in ref ? eq(notifications.notificationId, ref.uuid) : eq(notifications.id, ref.id);

export type ListFilter = {
  userId: number;
  skip: number;
  limit: number;
  type?: NotificationType;
  isRead?: boolean;
  search?: string;
};

/** Rows of a raw `db.execute` on either driver (node-postgres answers {rows}, PGlite a result with rows too). */
const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

function listWhere(f: Omit<ListFilter, 'skip' | 'limit'>): SQL {
  const where: SQL[] = [eq(notifications.userId, f.userId)];
  if (f.type) where.push(eq(notifications.notificationType, f.type));
  if (f.isRead !== undefined) where.push(eq(notifications.isRead, f.isRead));
  if (f.search) {
    const pattern = containsPattern(f.search);
    where.push(or(ilike(notifications.title, pattern), ilike(notifications.message, pattern))!);
  }
  return and(...where)!;
}

/** The user's notifications matching the filters, newest first, and how many match in all. */
export async function listNotifications(
  db: DbOrTx,
  f: ListFilter,
): Promise<{ rows: NotificationRow[]; total: number }> {
  const where = listWhere(f);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .offset(f.skip)
      .limit(f.limit),
    f.search
      ? db.select({ total: count() }).from(notifications).where(where)
      : // Without a search the counters know how many match: no count over the user's rows.
        db
          .select({
            total: sql<number>`coalesce(sum(${f.isRead === undefined ? notificationCounts.total : f.isRead ? sql`${notificationCounts.total} - ${notificationCounts.unread}` : notificationCounts.unread}), 0)::int`,
          })
          .from(notificationCounts)
          .where(
            and(
              eq(notificationCounts.userId, f.userId),
              f.type ? eq(notificationCounts.notificationType, f.type) : undefined,
            ),
          ),
  ]);
  return { rows, total: Number(totals?.total ?? 0) };
}

export const findOwnNotification = async (db: DbOrTx, userId: number, ref: NotificationRef) =>
  (
    await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), refWhere(ref)))
  )[0];

export const findNotificationsByIds = (db: DbOrTx, ids: number[]) =>
  ids.length ? db.select().from(notifications).where(inArray(notifications.id, ids)) : Promise.resolve([]);

export type InsertForRecipients = {
  userIds: number[];
  title: string;
  message: string;
  type: NotificationType;
  caseId: string | null;
  documentId: number | null;
  occurredAt: Date;
  /** NOTIFY channel for the real-time fan-out (one signal per stored row). */
  channel: string;
};

export type InsertedNotification = NotificationRow & { preferences: Recipient['notificationPreferences'] };

const toDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

/**
 * Stores one notification per active, real user among the ids and queues a NOTIFY per row, in one statement (one
 * round trip on the hot path of every domain event). Answers the rows with each recipient's e-mail preferences.
 */
export async function insertForRecipients(
  db: DbOrTx,
  o: InsertForRecipients,
): Promise<InsertedNotification[]> {
  if (!o.userIds.length) return [];
  const ids = sql.join(
    o.userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    WITH r AS (
      SELECT id, notification_preferences FROM users WHERE id IN (${ids}) AND is_active AND NOT is_system
    ), ins AS (
      INSERT INTO notifications (user_id, title, message, notification_type, case_id, document_id, notification_created_at)
      SELECT id, ${o.title}::text, ${o.message}::text, ${o.type}::text, ${o.caseId}::text, ${o.documentId}::integer,
             ${o.occurredAt.toISOString()}::timestamptz
      FROM r ORDER BY id
      RETURNING *
    )
    SELECT ins.*, r.notification_preferences AS preferences,
           pg_notify(${o.channel}, json_build_object('k', 'n', 'id', ins.id, 'user', ins.user_id)::text) AS signalled
    FROM ins JOIN r ON r.id = ins.user_id
    ORDER BY ins.id`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: Number(r.id),
    notificationId: String(r.notification_id),
    userId: Number(r.user_id),
    title: String(r.title),
    message: String(r.message),
    notificationType: r.notification_type as NotificationType,
    isRead: Boolean(r.is_read),
    readAt: r.read_at ? toDate(r.read_at) : null,
    caseId: (r.case_id as string | null) ?? null,
    documentId: r.document_id == null ? null : Number(r.document_id),
    notificationCreatedAt: toDate(r.notification_created_at),
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
    preferences: (typeof r.preferences === 'string'
      ? JSON.parse(r.preferences)
      : r.preferences) as InsertedNotification['preferences'],
  }));
}

/** Sets is_read on one of the user's notifications; read_at follows (set when read, cleared when unread). */
export async function setReadState(db: DbOrTx, userId: number, ref: NotificationRef, isRead: boolean) {
  const [row] = await db
    .update(notifications)
    .set({ isRead, readAt: isRead ? sql`coalesce(${notifications.readAt}, now())` : null })
    .where(and(eq(notifications.userId, userId), refWhere(ref)))
    .returning();
  return row;
}

/** Marks every unread notification of the user read; answers the ids that changed, newest first. */
export async function markAllRead(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true, readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.map((r) => r.id).sort((a, b) => b - a);
}

/**
 * Marks the user's notifications among the given refs read. Answers every matching notification of the
 * user (already-read ones included) and which of them changed now.
 */
export async function markManyRead(db: DbOrTx, userId: number, uuids: string[], ids: number[]) {
  const refs: SQL[] = [];
  if (uuids.length) refs.push(inArray(notifications.notificationId, uuids));
  if (ids.length) refs.push(inArray(notifications.id, ids));
  if (!refs.length)
    return { matched: [] as { id: number; notificationId: string }[], changed: [] as number[] };
  const scope = and(eq(notifications.userId, userId), or(...refs));
  const matched = await db
    .select({ id: notifications.id, notificationId: notifications.notificationId })
    .from(notifications)
    .where(scope);
  const changed = await db
    .update(notifications)
    .set({ isRead: true, readAt: sql`now()` })
    .where(and(scope, eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return { matched, changed: changed.map((r) => r.id) };
}

export type StatsRow = {
  userId: number;
  type: NotificationType;
  total: number;
  unread: number;
  recent: number;
};

/**
 * Counts per user and type for the given users: totals and unread from the counters (notification_counts, kept by
 * triggers), the last day's from the (user_id, created_at) index; neither grows with how many a user has.
 */
export async function countByUserAndType(
  db: DbOrTx,
  userIds: number[],
  recentSince: Date,
): Promise<StatsRow[]> {
  if (!userIds.length) return [];
  const [counters, recent] = await Promise.all([
    db
      .select({
        userId: notificationCounts.userId,
        type: notificationCounts.notificationType,
        total: notificationCounts.total,
        unread: notificationCounts.unread,
      })
      .from(notificationCounts)
      .where(inArray(notificationCounts.userId, userIds)),
    db
      .select({ userId: notifications.userId, type: notifications.notificationType, n: count() })
      .from(notifications)
      .where(and(inArray(notifications.userId, userIds), gt(notifications.createdAt, recentSince)))
      .groupBy(notifications.userId, notifications.notificationType),
  ]);
  const recentOf = new Map(recent.map((r) => [`${r.userId}|${r.type}`, Number(r.n)]));
  return counters
    .filter((r) => r.total > 0 || recentOf.has(`${r.userId}|${r.type}`))
    .map((r) => ({
      userId: r.userId,
      type: r.type,
      total: r.total,
      unread: r.unread,
      recent: recentOf.get(`${r.userId}|${r.type}`) ?? 0,
    }));
}

export const emptyByType = (): Record<NotificationType, number> =>
  Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, 0])) as Record<NotificationType, number>;

// ---- recipients ---------------------------------------------------------------------------------

export type Recipient = {
  id: number;
  email: string;
  fullName: string;
  isActive: boolean;
  notificationPreferences: (typeof users.$inferSelect)['notificationPreferences'];
};

const recipientColumns = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  isActive: users.isActive,
  notificationPreferences: users.notificationPreferences,
};

/** Real (non-system) users among the ids. */
export const findRecipients = (db: DbOrTx, ids: number[]): Promise<Recipient[]> =>
  ids.length
    ? db
        .select(recipientColumns)
        .from(users)
        .where(and(inArray(users.id, ids), eq(users.isSystem, false)))
    : Promise.resolve([]);

/**
 * Active users of a firm who oversee its work: every firm administrator, and the branch administrators of
 * the given branch (all branch administrators when no branch is given).
 */
export const findFirmSupervisorIds = async (
  db: DbOrTx,
  firmId: number,
  branchId?: number | null,
): Promise<number[]> => {
  const branchAdmins = branchId
    ? and(eq(users.role, 'branch_admin'), or(eq(users.branchId, branchId), sql`${users.branchId} IS NULL`))
    : eq(users.role, 'branch_admin');
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.firmId, firmId), eq(users.isActive, true), or(eq(users.role, 'firm_admin'), branchAdmins)),
    );
  return rows.map((r) => r.id);
};

/** A firm's name, for wording. */
export const findFirmName = async (db: DbOrTx, firmId: number) =>
  (await db.select({ name: firms.name }).from(firms).where(eq(firms.id, firmId)))[0];

/** Active system administrators (not the system account). */
export const findSystemAdminIds = async (db: DbOrTx): Promise<number[]> =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'system_admin'), eq(users.isActive, true), eq(users.isSystem, false)))
  ).map((r) => r.id);

/** Active users of a firm with the given roles (e.g. the firm administrators for subscription news). */
export const findFirmUserIds = async (db: DbOrTx, firmId: number, roles: string[]): Promise<number[]> =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.firmId, firmId), eq(users.isActive, true), inArray(users.role, roles as never[])))
  ).map((r) => r.id);

/** Users assigned to a branch with the given roles (the sockets to close when the branch is deactivated). */
export const findBranchUserIds = async (db: DbOrTx, branchId: number, roles: string[]): Promise<number[]> =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.branchId, branchId), inArray(users.role, roles as never[])))
  ).map((r) => r.id);

// ---- facts about other domains' records, for notification wording (read-only) -------------------------------

export type SubscriptionFacts = {
  firmId: number;
  status: string;
  planName: string;
  trialEndDate: Date | null;
  accessEndsAt: Date | null;
};

const dateOrNull = (v: unknown) => (v ? new Date(v as string) : null);

/**
 * The firm, plan and dates of a subscription (subscriptions module's tables). Plain SQL on purpose: a read-only
 * lookup for wording, which must not tie this module to the other module's repository.
 */
export async function findSubscriptionFacts(
  db: DbOrTx,
  subscriptionId: number,
): Promise<SubscriptionFacts | undefined> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT s.firm_id, s.status, s.trial_end_date, s.access_ends_at, p.display_name
      FROM firm_subscriptions s LEFT JOIN subscription_plans p ON p.id = s.plan_id WHERE s.id = ${subscriptionId}`),
  );
  if (!row) return undefined;
  return {
    firmId: Number(row.firm_id),
    status: String(row.status),
    planName: (row.display_name as string | null) ?? 'LexServe',
    trialEndDate: dateOrNull(row.trial_end_date),
    accessEndsAt: dateOrNull(row.access_ends_at),
  };
}

export async function findSalesContactFacts(db: DbOrTx, requestId: number) {
  const [row] = rowsOf<{ name: string; email: string; firm_name: string | null; plan_name: string | null }>(
    await db.execute(sql`SELECT r.name, r.email, r.firm_name, p.display_name AS plan_name
      FROM sales_contact_requests r LEFT JOIN subscription_plans p ON p.id = r.plan_id WHERE r.id = ${requestId}`),
  );
  return row
    ? { name: row.name, email: row.email, firmName: row.firm_name, planName: row.plan_name }
    : undefined;
}
