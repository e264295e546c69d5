import type { Notification, NotificationList, NotificationStats } from '@lexserve/contracts/notifications';

let nextId = 1;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A notification with overrides; ids and UUIDs are unique per call. */
export const makeNotification = (overrides: Partial<Notification> = {}): Notification => {
  const id = overrides.id ?? nextId++;
  const created = overrides.created_at ?? new Date(Date.now() - 5 * 60_000).toISOString();
  return {
    id,
    notification_id: uuid(id),
    user_id: 7,
    title: `Notification ${id}`,
    message: `Message ${id}`,
    notification_type: 'status_update',
    is_read: false,
    read_at: null,
    case_id: null,
    document_id: null,
    created_at: created,
    notification_created_at: created,
    updated_at: created,
    ...overrides,
  };
};

export const makeNotificationList = (
  notifications: Notification[],
  overrides: Partial<NotificationList> = {},
): NotificationList => ({
  notifications,
  total: notifications.length,
  skip: 0,
  limit: 50,
  ...overrides,
});

/** Stats that agree with the given list (override any count). */
export const makeNotificationStats = (
  notifications: Notification[] = [],
  overrides: Partial<NotificationStats> = {},
): NotificationStats => {
  const unread = notifications.filter((n) => !n.is_read).length;
  const byType: NotificationStats['by_type'] = {
    assignment_notification: 0,
    status_update: 0,
    completion_notification: 0,
    deadline_reminder: 0,
    system_alert: 0,
  };
  for (const n of notifications) byType[n.notification_type] += 1;
  return {
    unread_count: unread,
    total_notifications: notifications.length,
    read_count: notifications.length - unread,
    recent_count: notifications.length,
    by_type: byType,
    ...overrides,
  };
};
