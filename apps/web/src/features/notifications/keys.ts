import { sharedKeys } from '../../lib/query-keys';
import type { NotificationListParams } from './api/get-notifications';

const all = ['notifications'] as const;

/** The notification centre's reads. The preferences sit below ['users', 'me'] with the user's other settings. */
export const notificationKeys = {
  all,
  /** Every cached list (the real-time updates patch all of them). */
  lists: [...all, 'list'] as const,
  list: (params: NotificationListParams) => [...all, 'list', params] as const,
  stats: [...all, 'stats'] as const,
  preferences: [...sharedKeys.users, 'me', 'notification-preferences'] as const,
};
