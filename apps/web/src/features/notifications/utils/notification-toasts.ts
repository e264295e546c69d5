/** The toasts of spec 1, section 8 ("Notifications"). */
export const NOTIFICATION_TOASTS = {
  allRead: 'All notifications marked as read',
  allReadFailed: 'Failed to mark all notifications as read',
  bulkRead: (n: number) => `${n} notifications marked as read`,
  bulkPartial: 'Some notifications failed to be marked as read',
  bulkFailed: 'Failed to mark selected notifications as read',
  noneSelected: 'No notifications selected',
  read: 'Notification marked as read',
  readFailed: 'Failed to mark notification as read',
  unread: 'Notification marked as unread',
  unreadFailed: 'Failed to mark notification as unread',
  refreshed: 'Notifications refreshed',
  refreshFailed: 'Failed to refresh notifications',
  filtersCleared: 'Filters cleared',
} as const;
