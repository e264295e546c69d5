import type { NotificationStats } from '@lexserve/contracts/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_STATS_REFRESH_MS } from '../../../config/constants';
import { api } from '../../../lib/api-client';
import { useHasSession } from '../../../lib/auth';
import { STALE_TIMES } from '../../../lib/query-client';
import { notificationKeys } from '../keys';

const getNotificationStats = (): Promise<NotificationStats> =>
  api.get<NotificationStats>('/notifications/stats');

const notificationStatsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.stats,
    queryFn: getNotificationStats,
    staleTime: STALE_TIMES.notificationStats,
  });

/**
 * unread / total / read / recent counts (the navigation badge and the centre's header). The real-time channel keeps
 * them current; the 30-second poll is the fallback while the channel is down.
 */
export const useNotificationStats = (enabled = true) => {
  const signedIn = useHasSession();
  return useQuery({
    ...notificationStatsQueryOptions(),
    enabled: enabled && signedIn,
    refetchInterval: NOTIFICATION_STATS_REFRESH_MS,
    retry: false,
  });
};
