import { PlaceholderPage } from '../../../components/placeholder-page';

/**
 * Placeholder until issue 9 delivers this screen: replace this file's component and keep the
 * export name `PlansPage`, which the router (or the dashboard) imports.
 */
export function PlansPage() {
  return (
    <PlaceholderPage
      headingLevel="h1"
      title="Choose a Plan"
      description="Pick the subscription that fits your firm."
      emptyTitle="Plans are not listed here yet"
      emptyDescription="The plan catalogue and online payment are being connected. Please contact LexServe support to activate a subscription for your firm."
    />
  );
}
