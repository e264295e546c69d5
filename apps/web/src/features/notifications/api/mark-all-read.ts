import type { MarkAllReadResult, NotificationStats } from '@lexserve/contracts/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from '../keys';
import { markCachedRead } from './notification-cache';

const markAllNotificationsRead = (): Promise<MarkAllReadResult> =>
  api.post<MarkAllReadResult>('/notifications/mark-all-read');

/** Spec 4.4: 'Mark all read' sets unread to 0 and read to the total. */
export const useMarkAllRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => {
      markCachedRead(queryClient);
      const stats = queryClient.getQueryData<NotificationStats>(notificationKeys.stats);
      if (stats) {
        queryClient.setQueryData<NotificationStats>(notificationKeys.stats, {
          ...stats,
          unread_count: 0,
          read_count: stats.total_notifications,
        });
      }
    },
  });
};
