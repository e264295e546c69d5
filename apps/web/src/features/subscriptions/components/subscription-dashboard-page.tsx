import { PlaceholderPage } from '../../../components/placeholder-page';

/**
 * Placeholder until issue 9 delivers this screen: replace this file's component and keep the
 * export name `SubscriptionDashboardPage`, which the router (or the dashboard) imports.
 */
export function SubscriptionDashboardPage() {
  return (
    <PlaceholderPage
      headingLevel="h1"
      title="Subscription"
      description="Usage, billing and plan changes for your firm."
      emptyTitle="No subscription details to show yet"
      emptyDescription="Usage against your plan's limits and billing details will be shown here."
    />
  );
}
