import { NotificationsPage } from '../../features/notifications/components/notifications-page';

/** /app/notifications: the Notifications centre (spec 1, 2.11). */
export function NotificationsRoute() {
  return <NotificationsPage />;
}
