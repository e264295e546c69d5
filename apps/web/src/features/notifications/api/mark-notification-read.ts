import type { NotificationUpdateResult } from '@lexserve/contracts/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { applyNotificationUpdate } from './notification-cache';

const markNotificationRead = (notificationId: string): Promise<NotificationUpdateResult> =>
  api.put<NotificationUpdateResult>(`/notifications/${encodeURIComponent(notificationId)}/read`);

const markNotificationUnread = (notificationId: string): Promise<NotificationUpdateResult> =>
  api.put<NotificationUpdateResult>(`/notifications/${encodeURIComponent(notificationId)}/unread`);

/** Switches one notification read or unread; the list and the counts follow at once. */
export const useSetNotificationRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ notificationId, read }: { notificationId: string; read: boolean }) =>
      read ? markNotificationRead(notificationId) : markNotificationUnread(notificationId),
    onSuccess: (result) => applyNotificationUpdate(queryClient, result.notification),
  });
};
