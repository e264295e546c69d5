import type { Notification } from '@lexserve/contracts/notifications';

/**
 * Window events that carry news between features without importing each other (features stay independent;
 * the event names live here, in shared code).
 */

/** Raised by the real-time channel for every new notification pushed to this tab. */
export const NOTIFICATION_RECEIVED_EVENT = 'lexserve:notification-received';
export type NotificationReceivedDetail = Pick<Notification, 'title' | 'notification_type' | 'document_id'>;

export const raiseNotificationReceived = (notification: NotificationReceivedDetail): void => {
  window.dispatchEvent(
    new CustomEvent<NotificationReceivedDetail>(NOTIFICATION_RECEIVED_EVENT, {
      detail: {
        title: notification.title,
        notification_type: notification.notification_type,
        document_id: notification.document_id,
      },
    }),
  );
};
