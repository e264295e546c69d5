import { PlaceholderPage } from '../../../components/placeholder-page';

/**
 * Placeholder until issue 8 delivers this screen: replace this file's component and keep the
 * export name `CaseClosuresTab`, which the router (or the dashboard) imports.
 */
export function CaseClosuresTab({ subtab }: { subtab?: string | null }) {
  void subtab;
  return (
    <PlaceholderPage
      headingLevel="h2"
      title="Case Closures"
      description="Closure requests waiting for approval."
      emptyTitle="No case closures to show"
      emptyDescription="Closure requests of your firm will be listed here."
    />
  );
}
