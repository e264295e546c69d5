import { sharedKeys } from '../../lib/query-keys';
import type { NotificationListParams } from './api/get-notifications';

/** The notification centre's reads. The preferences sit below ['users', 'me'] with the user's other settings. */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** Every cached list (the real-time updates patch all of them). */
  lists: ['notifications', 'list'] as const,
  list: (params: NotificationListParams) => ['notifications', 'list', params] as const,
  stats: ['notifications', 'stats'] as const,
  preferences: [...sharedKeys.users, 'me', 'notification-preferences'] as const,
};
