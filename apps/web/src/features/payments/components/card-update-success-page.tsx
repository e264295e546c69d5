import { PlaceholderPage } from '../../../components/placeholder-page';

/**
 * Placeholder until issue 9 delivers this screen: replace this file's component and keep the
 * export name `CardUpdateSuccessPage`, which the router (or the dashboard) imports.
 */
export function CardUpdateSuccessPage() {
  return (
    <PlaceholderPage
      headingLevel="h1"
      title="Card Details"
      description="The result of updating your card."
      emptyTitle="No card update to show"
      emptyDescription="There is no recent card update to show."
    />
  );
}
