import { PlaceholderPage } from '../../../components/placeholder-page';

/**
 * Placeholder until issue 5 delivers this screen: replace this file's component and keep the
 * export name `NotificationsPage`, which the router (or the dashboard) imports.
 */
export function NotificationsPage() {
  return (
    <PlaceholderPage
      headingLevel="h1"
      title="Notifications"
      description="Updates about your cases, closures and account."
      emptyTitle="No notifications yet"
      emptyDescription="You'll see notifications here when you receive them"
    />
  );
}
