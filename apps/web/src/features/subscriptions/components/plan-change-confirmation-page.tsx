import { PlaceholderPage } from '../../../components/placeholder-page';

/**
 * Placeholder until issue 9 delivers this screen: replace this file's component and keep the
 * export name `PlanChangeConfirmationPage`, which the router (or the dashboard) imports.
 */
export function PlanChangeConfirmationPage() {
  return (
    <PlaceholderPage
      headingLevel="h1"
      title="Plan Change Confirmed"
      description="The outcome of your plan change."
      emptyTitle="No plan change to confirm"
      emptyDescription="There is no recent plan change to show."
    />
  );
}
