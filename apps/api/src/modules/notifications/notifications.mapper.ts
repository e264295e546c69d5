import type { Notification, NotificationStats } from '@lexserve/contracts/notifications';
import { emptyByType, type NotificationRow, type StatsRow } from './notifications.repository';

export const toNotificationDto = (row: NotificationRow): Notification => ({
  id: row.id,
  notification_id: row.notificationId,
  user_id: row.userId,
  title: row.title,
  message: row.message,
  notification_type: row.notificationType,
  is_read: row.isRead,
  read_at: row.readAt ? row.readAt.toISOString() : null,
  case_id: row.caseId,
  document_id: row.documentId,
  created_at: row.createdAt.toISOString(),
  notification_created_at: row.notificationCreatedAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** Folds per-type counts of one user into the stats of spec 1, section 3. */
export function toStats(rows: StatsRow[]): NotificationStats {
  const stats: NotificationStats = {
    unread_count: 0,
    total_notifications: 0,
    read_count: 0,
    recent_count: 0,
    by_type: emptyByType(),
  };
  for (const r of rows) {
    stats.total_notifications += r.total;
    stats.unread_count += r.unread;
    stats.recent_count += r.recent;
    stats.by_type[r.type] = (stats.by_type[r.type] ?? 0) + r.total;
  }
  stats.read_count = stats.total_notifications - stats.unread_count;
  return stats;
}
