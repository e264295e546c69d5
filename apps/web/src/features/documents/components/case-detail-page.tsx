import { PlaceholderPage } from '../../../components/placeholder-page';

/**
 * Placeholder until issue 7 delivers this screen: replace this file's component and keep the
 * export name `CaseDetailPage`, which the router (or the dashboard) imports.
 */
export function CaseDetailPage() {
  return (
    <PlaceholderPage
      headingLevel="h1"
      title="Case Details"
      description="Documents, parties, timeline and proof of service of one case."
      emptyTitle="Case details are not available yet"
      emptyDescription="This case's details will be shown here."
    />
  );
}
