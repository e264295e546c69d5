import { PlaceholderPage } from '../../../components/placeholder-page';

/**
 * Placeholder until issue 9 delivers this screen: replace this file's component and keep the
 * export name `PaymentSuccessPage`, which the router (or the dashboard) imports.
 */
export function PaymentSuccessPage() {
  return (
    <PlaceholderPage
      headingLevel="h1"
      title="Payment"
      description="The result of your payment."
      emptyTitle="No payment to verify"
      emptyDescription="We could not find a recent payment to verify. If you have just paid, please check My Plan in a moment."
    />
  );
}
