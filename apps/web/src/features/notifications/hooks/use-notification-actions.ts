import type { Notification } from '@lexserve/contracts/notifications';
import { useCallback, useState } from 'react';
import { useToast } from '../../../components/toast-provider';
import { useCurrentUser } from '../../../lib/auth';
import { useBulkMarkRead } from '../api/bulk-mark-read';
import { useMarkAllRead } from '../api/mark-all-read';
import { useSetNotificationRead } from '../api/mark-notification-read';
import { NOTIFICATION_TOASTS } from '../utils/notification-toasts';
import type { NotificationSelection } from './use-notification-selection';

const without = (set: ReadonlySet<string>, id: string) => {
  const next = new Set(set);
  next.delete(id);
  return next;
};

/** The centre's writes with their toasts: read or unread one, mark the selected ones read, mark all read. */
export function useNotificationActions(selection: Pick<NotificationSelection, 'selectedIds' | 'clear'>) {
  const me = useCurrentUser();
  const setRead = useSetNotificationRead();
  const markAll = useMarkAllRead();
  const bulk = useBulkMarkRead();
  const showToast = useToast();
  /** The notifications with a read/unread change under way. */
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());

  const setReadState = useCallback(
    (n: Notification, toRead: boolean) => {
      setBusy((current) => new Set(current).add(n.notification_id));
      setRead.mutate(
        { notificationId: n.notification_id, read: toRead },
        {
          onSuccess: () =>
            showToast(toRead ? NOTIFICATION_TOASTS.read : NOTIFICATION_TOASTS.unread, 'success'),
          onError: () =>
            showToast(toRead ? NOTIFICATION_TOASTS.readFailed : NOTIFICATION_TOASTS.unreadFailed, 'error'),
          onSettled: () => setBusy((current) => without(current, n.notification_id)),
        },
      );
    },
    [setRead, showToast],
  );

  const markSelectedRead = () => {
    if (selection.selectedIds.length === 0) {
      showToast(NOTIFICATION_TOASTS.noneSelected, 'warning');
      return;
    }
    bulk.mutate(
      { user_id: me.data?.id, notification_ids: selection.selectedIds },
      {
        onSuccess: (result) => {
          if (result.success) showToast(NOTIFICATION_TOASTS.bulkRead(result.updated_count), 'success');
          else if (result.updated_count > 0) showToast(NOTIFICATION_TOASTS.bulkPartial, 'warning');
          else showToast(NOTIFICATION_TOASTS.bulkFailed, 'error');
          selection.clear();
        },
        onError: () => showToast(NOTIFICATION_TOASTS.bulkFailed, 'error'),
      },
    );
  };

  const markAllRead = () =>
    markAll.mutate(undefined, {
      onSuccess: () => showToast(NOTIFICATION_TOASTS.allRead, 'success'),
      onError: () => showToast(NOTIFICATION_TOASTS.allReadFailed, 'error'),
    });

  return {
    busy,
    setReadState,
    markSelectedRead,
    markAllRead,
    markingAll: markAll.isPending,
    markingSelected: bulk.isPending,
  };
}
