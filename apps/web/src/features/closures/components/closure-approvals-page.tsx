import { PlaceholderPage } from '../../../components/placeholder-page';

/**
 * Placeholder until issue 8 delivers this screen: replace this file's component and keep the
 * export name `ClosureApprovalsPage`, which the router (or the dashboard) imports.
 */
export function ClosureApprovalsPage() {
  return (
    <PlaceholderPage
      headingLevel="h1"
      title="Case Closure Approvals"
      description="Closure requests of every firm."
      emptyTitle="No case closures to show"
      emptyDescription="Closure requests waiting for approval will be listed here."
    />
  );
}
