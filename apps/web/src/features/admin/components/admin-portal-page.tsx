import { PlaceholderPage } from '../../../components/placeholder-page';

/**
 * Placeholder until issue 9 delivers this screen: replace this file's component and keep the
 * export name `AdminPortalPage`, which the router (or the dashboard) imports.
 */
export function AdminPortalPage() {
  return (
    <PlaceholderPage
      headingLevel="h1"
      title="Admin Portal"
      description="Plans, firm subscriptions, users, firms and platform health."
      emptyTitle="The admin portal is not available yet"
      emptyDescription="Platform administration screens will appear here."
    />
  );
}
