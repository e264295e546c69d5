import { useQuery } from '@tanstack/react-query';
import { NOTIFICATION_STATS_REFRESH_MS } from '../../../config/constants';
import { api } from '../../../lib/api-client';
import { STALE_TIMES, queryKeys } from '../../../lib/query-client';

export type NotificationStats = {
  unread_count: number;
  total_notifications?: number;
  read_count?: number;
  recent_count?: number;
  by_type?: Record<string, number>;
};

export const getNotificationStats = (): Promise<NotificationStats> => api.get<NotificationStats>('/notifications/stats');

/** Unread count for the navigation badge; fails quietly (no badge) while the call is unavailable. */
export const useNotificationStats = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.notificationStats,
    queryFn: getNotificationStats,
    enabled,
    staleTime: STALE_TIMES.notificationStats,
    refetchInterval: NOTIFICATION_STATS_REFRESH_MS,
    retry: false,
  });
