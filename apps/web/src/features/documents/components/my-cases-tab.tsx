import { PlaceholderPage } from '../../../components/placeholder-page';

/**
 * Placeholder until issue 7 delivers this screen: replace this file's component and keep the
 * export name `MyCasesTab`, which the router (or the dashboard) imports.
 */
export function MyCasesTab({ subtab }: { subtab?: string | null }) {
  void subtab;
  return (
    <PlaceholderPage
      headingLevel="h2"
      title="My Cases"
      description="Your matters, drafts and served documents."
      emptyTitle="No cases to show"
      emptyDescription="Your cases will be listed here."
    />
  );
}
