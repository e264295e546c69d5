import type { NotificationPreferences } from '@lexserve/contracts/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STALE_TIMES } from '../../../lib/query-client';
import { notificationKeys } from '../keys';

export type { NotificationPreferences };

const getNotificationPreferences = async (): Promise<NotificationPreferences> =>
  (await api.get<{ preferences: NotificationPreferences }>('/users/me/notification-preferences')).preferences;

const updateNotificationPreferences = async (
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> =>
  (
    await api.put<{ preferences: NotificationPreferences }>('/users/me/notification-preferences', {
      preferences,
    })
  )?.preferences ?? preferences;

export const useNotificationPreferences = () =>
  useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: getNotificationPreferences,
    staleTime: STALE_TIMES.default,
  });

export const useUpdateNotificationPreferences = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (preferences) => queryClient.setQueryData(notificationKeys.preferences, preferences),
  });
};
