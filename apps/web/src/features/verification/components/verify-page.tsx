import { PlaceholderPage } from '../../../components/placeholder-page';

/**
 * Placeholder until issue 7 delivers this screen: replace this file's component and keep the
 * export name `VerifyPage`, which the router (or the dashboard) imports.
 */
export function VerifyPage() {
  return (
    <PlaceholderPage
      headingLevel="h1"
      title="Verify Document"
      description="Check that a served document is authentic using the security ID printed at the bottom of its pages."
      emptyTitle="Verification is not available yet"
      emptyDescription="Document verification by security ID will be available here."
    />
  );
}
