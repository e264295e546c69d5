import type { Notification, NotificationType } from '@lexserve/contracts/notifications';

export type StatusFilter = 'all' | 'unread' | 'read';
export type TypeFilter = 'all' | NotificationType;
export type NotificationFilters = { search: string; type: TypeFilter; status: StatusFilter };

export const EMPTY_FILTERS: NotificationFilters = { search: '', type: 'all', status: 'all' };

export const hasActiveFilters = (f: NotificationFilters): boolean =>
  f.search.trim() !== '' || f.type !== 'all' || f.status !== 'all';

/** Spec 1, 2.11: filters apply to the loaded list; the search matches title or message, ignoring case. */
export function filterNotifications(items: readonly Notification[], f: NotificationFilters): Notification[] {
  const term = f.search.trim().toLocaleLowerCase();
  return items.filter(
    (n) =>
      (f.type === 'all' || n.notification_type === f.type) &&
      (f.status === 'all' || (f.status === 'unread' ? !n.is_read : n.is_read)) &&
      (!term || n.title.toLocaleLowerCase().includes(term) || n.message.toLocaleLowerCase().includes(term)),
  );
}
