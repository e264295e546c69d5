import { PlaceholderPage } from '../../../components/placeholder-page';

/**
 * Placeholder until issue 9 delivers this screen: replace this file's component and keep the
 * export name `PaymentCancelPage`, which the router (or the dashboard) imports.
 */
export function PaymentCancelPage() {
  return (
    <PlaceholderPage
      headingLevel="h1"
      title="Payment Cancelled"
      description="Your payment was not completed."
      emptyTitle="No charge was made"
      emptyDescription="You can choose a plan and try again at any time."
    />
  );
}
