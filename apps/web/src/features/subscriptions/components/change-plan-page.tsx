import { PlaceholderPage } from '../../../components/placeholder-page';

/**
 * Placeholder until issue 9 delivers this screen: replace this file's component and keep the
 * export name `ChangePlanPage`, which the router (or the dashboard) imports.
 */
export function ChangePlanPage() {
  return (
    <PlaceholderPage
      headingLevel="h1"
      title="Change Plan"
      description="Move your firm to another plan."
      emptyTitle="Plan changes are not available here yet"
      emptyDescription="Please contact LexServe support to change your firm's plan."
    />
  );
}
