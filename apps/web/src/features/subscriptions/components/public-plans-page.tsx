import { PlaceholderPage } from '../../../components/placeholder-page';

/**
 * Placeholder until issue 9 delivers this screen: replace this file's component and keep the
 * export name `PublicPlansPage`, which the router (or the dashboard) imports.
 */
export function PublicPlansPage() {
  return (
    <PlaceholderPage
      headingLevel="h1"
      title="See Our Plans"
      description="Subscriptions for South African law firms, billed monthly in rand."
      emptyTitle="Plans are not listed here yet"
      emptyDescription="Our plan catalogue will appear here. Create your firm's account now and choose a plan once you are signed in."
    />
  );
}
