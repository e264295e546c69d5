import { PlaceholderPage } from '../../../components/placeholder-page';

/**
 * Placeholder until issue 7 delivers this screen: replace this file's component and keep the
 * export name `NewMattersTab`, which the router (or the dashboard) imports.
 */
export function NewMattersTab({ subtab }: { subtab?: string | null }) {
  void subtab;
  return (
    <PlaceholderPage
      headingLevel="h2"
      title="New Matter"
      description="Prepare a case document for service."
      emptyTitle="Matter creation is not available yet"
      emptyDescription="The new-matter wizard will appear here."
    />
  );
}
