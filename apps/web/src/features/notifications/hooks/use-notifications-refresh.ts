import { useState } from 'react';
import { useToast } from '../../../components/toast-provider';
import { NOTIFICATION_TOASTS } from '../utils/notification-toasts';

type Refetchable = { refetch: () => Promise<{ isError: boolean }> };

/** The centre's Refresh: the list and the counts again, then a toast saying whether both came back. */
export function useNotificationsRefresh(list: Refetchable, stats: Refetchable) {
  const showToast = useToast();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    const [l, s] = await Promise.all([list.refetch(), stats.refetch()]);
    setRefreshing(false);
    const failed = l.isError || s.isError;
    showToast(
      failed ? NOTIFICATION_TOASTS.refreshFailed : NOTIFICATION_TOASTS.refreshed,
      failed ? 'error' : 'success',
    );
  };
  return { refreshing, refresh };
}
