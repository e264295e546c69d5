import { PlaceholderPage } from '../../../components/placeholder-page';

/**
 * Placeholder until issue 9 delivers this screen: replace this file's component and keep the
 * export name `MyPlanPage`, which the router (or the dashboard) imports.
 */
export function MyPlanPage() {
  return (
    <PlaceholderPage
      headingLevel="h1"
      title="My Subscription Plan"
      description="Your firm's current plan, billing dates and trial."
      emptyTitle="No plan details to show yet"
      emptyDescription="Your firm's plan details will be shown here."
    />
  );
}
