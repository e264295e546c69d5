import {
  NotificationErrors,
  RECENT_WINDOW_MS,
  type BulkMarkReadInput,
  type BulkMarkReadResult,
  type MarkAllReadResult,
  type NotificationList,
  type NotificationListQuery,
  type NotificationStats,
  type NotificationType,
  type NotificationUpdateResult,
} from '@lexserve/contracts/notifications';
import type { DbOrTx } from '../../db/client';
import { assertCan } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import { inTransaction, type Ctx } from '../../lib/context';
import { recordEvent } from '../../lib/events';
import { toNotificationDto, toStats } from './notifications.mapper';
import { REALTIME_CHANNEL, publishSignals, type RealtimeSignal } from './notifications.realtime';
import * as repo from './notifications.repository';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** After a mark-all, at most this many per-item updates are pushed; clients also read unread_count 0 as "all read". */
const MAX_ITEM_UPDATES = 200;

/** The domain event that carries e-mail copies of new notifications (sent by the event dispatcher). */
export const NOTIFICATION_EMAIL_EVENT = 'notification.email';

/** A path's notification reference: the UUID, or the numeric id; anything else matches nothing. */
function parseRef(value: string | number): repo.NotificationRef | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? { id: value } : undefined;
  if (UUID_PATTERN.test(value)) return { uuid: value.toLowerCase() };
  if (/^\d{1,15}$/.test(value) && Number(value) > 0) return { id: Number(value) };
  return undefined;
}

const notFound = () => new AppError(NotificationErrors.NOTIFICATION_NOT_FOUND);

export async function listNotifications(ctx: Ctx, query: NotificationListQuery): Promise<NotificationList> {
  assertCan(ctx.actor, 'notifications:own');
  const { rows, total } = await repo.listNotifications(ctx.db, {
    userId: ctx.actor.id,
    skip: query.skip,
    limit: query.limit,
    type: query.notification_type,
    isRead: query.is_read,
    search: query.search || undefined,
  });
  return { notifications: rows.map(toNotificationDto), total, skip: query.skip, limit: query.limit };
}

/** One of the caller's notifications; another user's answers 404 exactly like a missing one. */
export async function getNotification(ctx: Ctx, refText: string) {
  assertCan(ctx.actor, 'notifications:own');
  const ref = parseRef(refText);
  const row = ref && (await repo.findOwnNotification(ctx.db, ctx.actor.id, ref));
  if (!row) throw notFound();
  return toNotificationDto(row);
}

/** unread, total, read, created in the last 24 hours, and per type. */
async function getStatsOf(db: DbOrTx, userId: number): Promise<NotificationStats> {
  return toStats(await repo.countByUserAndType(db, [userId], new Date(Date.now() - RECENT_WINDOW_MS)));
}

export async function getStats(ctx: Ctx): Promise<NotificationStats> {
  assertCan(ctx.actor, 'notifications:own');
  return getStatsOf(ctx.db, ctx.actor.id);
}

async function setRead(ctx: Ctx, refText: string, isRead: boolean): Promise<NotificationUpdateResult> {
  assertCan(ctx.actor, 'notifications:own');
  const ref = parseRef(refText);
  if (!ref) throw notFound();
  const row = await inTransaction(ctx, async (tx) => {
    const updated = await repo.setReadState(tx, ctx.actor.id, ref, isRead);
    if (updated) await publishSignals(tx, [{ k: 'u', id: updated.id, user: ctx.actor.id }]);
    return updated;
  });
  if (!row) throw notFound();
  return {
    success: true,
    message: isRead ? 'Notification marked as read' : 'Notification marked as unread',
    notification: toNotificationDto(row),
  };
}

export const markRead = (ctx: Ctx, ref: string) => setRead(ctx, ref, true);
export const markUnread = (ctx: Ctx, ref: string) => setRead(ctx, ref, false);

const updateSignals = (userId: number, ids: number[]): RealtimeSignal[] =>
  ids.length
    ? [
        ...ids.slice(0, MAX_ITEM_UPDATES).map((id) => ({ k: 'u' as const, id, user: userId })),
        { k: 's' as const, user: userId },
      ]
    : [];

export async function markAllRead(ctx: Ctx): Promise<MarkAllReadResult> {
  assertCan(ctx.actor, 'notifications:own');
  const changed = await inTransaction(ctx, async (tx) => {
    const ids = await repo.markAllRead(tx, ctx.actor.id);
    await publishSignals(tx, updateSignals(ctx.actor.id, ids));
    return ids.length;
  });
  return { success: true, message: 'All notifications marked as read', updated_count: changed };
}

/** Marks the caller's notifications among the ids read; ids of others (or unknown) are reported, not touched. */
export async function bulkMarkRead(ctx: Ctx, input: BulkMarkReadInput): Promise<BulkMarkReadResult> {
  assertCan(ctx.actor, 'notifications:own');
  if (input.user_id !== undefined && input.user_id !== ctx.actor.id) {
    throw new AppError(NotificationErrors.NOTIFICATION_OTHER_USER);
  }
  const requested = [
    ...new Set(input.notification_ids.map((v) => (typeof v === 'string' ? v.toLowerCase() : v))),
  ];
  const uuids = requested.filter((v): v is string => typeof v === 'string');
  const ids = requested.filter((v): v is number => typeof v === 'number');
  const { matched } = await inTransaction(ctx, async (tx) => {
    const result = await repo.markManyRead(tx, ctx.actor.id, uuids, ids);
    await publishSignals(tx, updateSignals(ctx.actor.id, result.changed));
    return result;
  });
  const found = new Set<string | number>(matched.flatMap((m) => [m.id, m.notificationId]));
  const failed = requested.filter((v) => !found.has(v));
  const updated = requested.length - failed.length;
  return {
    success: failed.length === 0,
    message:
      failed.length === 0
        ? `${updated} notifications marked as read`
        : updated > 0
          ? 'Some notifications failed to be marked as read'
          : 'Failed to mark selected notifications as read',
    updated_count: updated,
    requested_count: requested.length,
    failed_ids: failed,
  };
}

// ---- the service other modules call -------------------------------------------------------------

export type NotifyUsersOptions = {
  /** Recipients; duplicates, the system account, unknown and deactivated users are skipped. */
  userIds: readonly (number | null | undefined)[];
  title: string;
  message: string;
  type: NotificationType;
  /** Case number of the matter concerned (shown as 'Case #…'). */
  caseId?: string | null;
  /** Document (matter) id (shown as 'Doc #…', links to the case page). */
  documentId?: number | null;
  /**
   * E-mail copies per each recipient's preferences (default true). Pass false when the caller already
   * sends its own e-mail for the same event (e.g. the welcome e-mail of a new account).
   */
  email?: boolean;
  /** When the thing notified about happened (notification_created_at); defaults to now. */
  occurredAt?: Date;
};

/**
 * Notifies users in the caller's transaction: stores one notification per recipient and queues its real-time push
 * in the same statement (delivered to every instance only when the transaction commits), and, per preference,
 * an e-mail copy through the event dispatcher. Call it from a service inside `inTransaction`, or from an event
 * handler with its `tx`. Answers the stored notifications.
 */
export async function notifyUsers(tx: DbOrTx, opts: NotifyUsersOptions) {
  const ids = [
    ...new Set(opts.userIds.filter((id): id is number => Number.isInteger(id) && (id as number) > 0)),
  ];
  const inserted = await repo.insertForRecipients(tx, {
    userIds: ids,
    title: opts.title,
    message: opts.message,
    type: opts.type,
    caseId: opts.caseId ?? null,
    documentId: opts.documentId ?? null,
    occurredAt: opts.occurredAt ?? new Date(),
    channel: REALTIME_CHANNEL,
  });
  if (opts.email !== false) {
    const wanted = inserted.filter((row) => row.preferences?.[opts.type]?.email ?? true);
    if (wanted.length)
      await recordEvent(tx, NOTIFICATION_EMAIL_EVENT, { notificationIds: wanted.map((r) => r.id) });
  }
  const rows: repo.NotificationRow[] = inserted.map(({ preferences: _preferences, ...row }) => row);
  return rows;
}
