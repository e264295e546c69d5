import { isClosureNotificationTitle } from '@lexserve/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NOTIFICATION_RECEIVED_EVENT, type NotificationReceivedDetail } from '../../../lib/app-events';
import { invalidateClosures } from '../api/closures';

/**
 * Closure data refreshes as soon as a closure notification arrives over the real-time channel (a request for
 * the approvers' indicator, an approval for the requester's button), not only on the 30-second poll.
 */
export function useClosureLiveRefresh(enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const onNotification = (event: Event) => {
      const detail = (event as CustomEvent<NotificationReceivedDetail>).detail;
      if (detail && isClosureNotificationTitle(detail.title)) void invalidateClosures(queryClient);
    };
    window.addEventListener(NOTIFICATION_RECEIVED_EVENT, onNotification);
    return () => window.removeEventListener(NOTIFICATION_RECEIVED_EVENT, onNotification);
  }, [enabled, queryClient]);
}
