import type { Notification, NotificationList, NotificationStats } from '@lexserve/contracts/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { notificationKeys } from '../keys';

/**
 * The cache rules of spec 1, 4.4, shared by the real-time channel and this tab's own writes, so the list and the
 * counts change at once without a refetch:
 * - a new notification goes on top; unread, total and recent go up by one;
 * - an update replaces the item and adjusts unread/read when is_read changed;
 * - a stats update replaces the counts.
 */

const lists = (qc: QueryClient) => qc.getQueriesData<NotificationList>({ queryKey: notificationKeys.lists });

const updateLists = (qc: QueryClient, update: (list: NotificationList) => NotificationList) => {
  for (const [key, list] of lists(qc)) if (list) qc.setQueryData<NotificationList>(key, update(list));
};

const updateStats = (qc: QueryClient, update: (stats: NotificationStats) => NotificationStats) => {
  const stats = qc.getQueryData<NotificationStats>(notificationKeys.stats);
  if (stats) qc.setQueryData<NotificationStats>(notificationKeys.stats, update(stats));
};

const cachedItem = (qc: QueryClient, notificationId: string): Notification | undefined => {
  for (const [, list] of lists(qc)) {
    const found = list?.notifications.find((n) => n.notification_id === notificationId);
    if (found) return found;
  }
  return undefined;
};

export function applyNewNotification(qc: QueryClient, notification: Notification): void {
  if (cachedItem(qc, notification.notification_id)) return applyNotificationUpdate(qc, notification);
  updateLists(qc, (list) => ({
    ...list,
    notifications: [notification, ...list.notifications].slice(
      0,
      Math.max(list.limit, list.notifications.length),
    ),
    total: list.total + 1,
  }));
  updateStats(qc, (s) => ({
    ...s,
    total_notifications: s.total_notifications + 1,
    unread_count: s.unread_count + (notification.is_read ? 0 : 1),
    read_count: s.read_count + (notification.is_read ? 1 : 0),
    recent_count: s.recent_count + 1,
    by_type: {
      ...s.by_type,
      [notification.notification_type]: (s.by_type[notification.notification_type] ?? 0) + 1,
    },
  }));
}

export function applyNotificationUpdate(qc: QueryClient, notification: Notification): void {
  const before = cachedItem(qc, notification.notification_id);
  updateLists(qc, (list) => ({
    ...list,
    notifications: list.notifications.map((n) =>
      n.notification_id === notification.notification_id ? notification : n,
    ),
  }));
  if (before && before.is_read !== notification.is_read) {
    const delta = notification.is_read ? 1 : -1;
    updateStats(qc, (s) => ({
      ...s,
      unread_count: Math.max(0, s.unread_count - delta),
      read_count: Math.max(0, s.read_count + delta),
    }));
  }
}

export function applyStats(qc: QueryClient, stats: NotificationStats): void {
  qc.setQueryData<NotificationStats>(notificationKeys.stats, stats);
  // Nothing unread any more (e.g. Mark All Read in another tab): every loaded item is read.
  if (stats.unread_count === 0) markCachedRead(qc);
}

/** Marks loaded items read (all of them, or the given ids), e.g. after Mark All Read or a bulk action. */
export function markCachedRead(qc: QueryClient, notificationIds?: ReadonlySet<string>): void {
  const readAt = new Date().toISOString();
  updateLists(qc, (list) => ({
    ...list,
    notifications: list.notifications.map((n) =>
      n.is_read || (notificationIds && !notificationIds.has(n.notification_id))
        ? n
        : { ...n, is_read: true, read_at: readAt },
    ),
  }));
}
