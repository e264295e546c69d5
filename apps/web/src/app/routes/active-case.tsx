import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isFirmRole } from '@lexserve/contracts/common';
import type { Document } from '@lexserve/contracts/documents';
import { CaseClosureButton } from '../../features/closures/components/case-closure-button';
import { CaseClosurePanel } from '../../features/closures/components/case-closure-panel';
import { closurePermissions } from '../../features/closures/closure-state';
import { CaseDetailPage } from '../../features/documents/components/case-detail-page';
import { CaseDeadlinesPanel } from '../../features/deadlines/components/case-deadlines-panel';
import { SheriffServiceCards } from '../../features/sheriff/components/sheriff-service-cards';
import { useMySubscription } from '../../features/subscriptions/api/get-my-subscription';
import { SubscriptionStatusChip } from '../../features/subscriptions/components/subscription-status-chip';
import { useCurrentUser } from '../../lib/auth';

/** The compact subscription indicator of the closure tab (spec 2.10), for firm roles. */
function CompactSubscriptionIndicator() {
  const { data: user } = useCurrentUser();
  const firmRole = user ? isFirmRole(user.role) : false;
  const sub = useMySubscription({ enabled: firmRole });
  if (!firmRole || !sub.data) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        Subscription{sub.data.plan?.display_name ? ` (${sub.data.plan.display_name})` : ''}:
      </Typography>
      <SubscriptionStatusChip status={sub.data.status} />
    </Stack>
  );
}

const sheriffCards = (props: Parameters<typeof SheriffServiceCards>[0]) => <SheriffServiceCards {...props} />;
const closurePanel = (documentId: number) => (
  <CaseClosurePanel documentId={documentId} subscriptionIndicator={<CompactSubscriptionIndicator />} />
);
const closureButton = (document: Document) => (
  <CaseClosureButton documentId={document.id} documentStatus={document.status} />
);
const deadlinesPanel = (document: Document, canChange: boolean) => (
  <CaseDeadlinesPanel documentId={document.id} canChange={canChange} />
);

/**
 * /app/dashboard/active-case/{documentId}: the case page with the sheriff's cards, the deadlines panel, and the closures feature's button
 * and tab for the roles that can request, approve or complete a closure (PRODUCT-DECISIONS); a sheriff gets neither.
 */
export function ActiveCasePage() {
  const { data: user } = useCurrentUser();
  const rights = closurePermissions(user?.role);
  const closing = rights.canRequestClosure || rights.canApproveClosure || rights.canCompleteClosure;
  return closing ? (
    <CaseDetailPage
      sheriffCards={sheriffCards}
      closurePanel={closurePanel}
      closureButton={closureButton}
      deadlinesPanel={deadlinesPanel}
    />
  ) : (
    <CaseDetailPage sheriffCards={sheriffCards} deadlinesPanel={deadlinesPanel} />
  );
}
