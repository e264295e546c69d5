import { PlaceholderPage } from '../../../components/placeholder-page';

/**
 * Placeholder until issue 9 delivers this screen: replace this file's component and keep the
 * export name `CancelSubscriptionPage`, which the router (or the dashboard) imports.
 */
export function CancelSubscriptionPage() {
  return (
    <PlaceholderPage
      headingLevel="h1"
      title="Cancel Subscription"
      description="End your firm's subscription at the close of the billing period."
      emptyTitle="Cancellation is not available here yet"
      emptyDescription="Please contact LexServe support to cancel your firm's subscription."
    />
  );
}
