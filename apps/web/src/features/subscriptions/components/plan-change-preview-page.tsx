import { PlaceholderPage } from '../../../components/placeholder-page';

/**
 * Placeholder until issue 9 delivers this screen: replace this file's component and keep the
 * export name `PlanChangePreviewPage`, which the router (or the dashboard) imports.
 */
export function PlanChangePreviewPage() {
  return (
    <PlaceholderPage
      headingLevel="h1"
      title="Preview Plan Change"
      description="What changes, and what it costs, before you confirm."
      emptyTitle="Nothing to preview"
      emptyDescription="Choose a new plan first to see a preview of the change."
    />
  );
}
