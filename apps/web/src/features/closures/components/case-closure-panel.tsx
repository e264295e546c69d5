import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CLOSURE_MESSAGES } from '@lexserve/contracts/closures';
import { useCallback, useState, type ReactNode } from 'react';
import { NotificationBanner } from '../../../components/notification-banner';
import { useCurrentUser } from '../../../lib/auth';
import { closurePermissions } from '../closure-state';
import { CaseClosureButton } from './case-closure-button';
import { ClosureHistory } from './closure-history';

type CaseClosurePanelProps = {
  documentId: number;
  /** The case's status when the page has it (saves a call). */
  documentStatus?: string;
  /** The compact subscription indicator, composed by the route (features do not import each other). */
  subscriptionIndicator?: ReactNode;
};

/**
 * The case page's closure tab (spec 2.10 "Case Closure Management"): the closure button and the closure
 * history. After a request or a decision it shows 'Case closure action completed successfully'; after a
 * completion or direct close 'Case closed successfully'.
 */
export function CaseClosurePanel({
  documentId,
  documentStatus,
  subscriptionIndicator,
}: CaseClosurePanelProps) {
  const { data: user } = useCurrentUser();
  const p = closurePermissions(user?.role);
  const [banner, setBanner] = useState<{ message: string; severity: 'success' | 'error' } | null>(null);
  const onMessage = useCallback((message: string, severity: 'success' | 'error') => {
    if (severity === 'error') return setBanner({ message, severity });
    const done = message === CLOSURE_MESSAGES.completed || message === CLOSURE_MESSAGES.closedDirectly;
    setBanner({
      message: done ? CLOSURE_MESSAGES.closedDirectly : CLOSURE_MESSAGES.actionCompleted,
      severity,
    });
  }, []);

  if (!p.canRequestClosure && !p.canApproveClosure) {
    return (
      <Typography color="text.secondary">Case closure is handled by the firm that owns this case.</Typography>
    );
  }
  return (
    <Stack spacing={2}>
      <NotificationBanner
        open={Boolean(banner)}
        severity={banner?.severity ?? 'success'}
        message={banner?.message}
        onClose={() => setBanner(null)}
      />
      {subscriptionIndicator ? <Box>{subscriptionIndicator}</Box> : null}
      <CaseClosureButton documentId={documentId} documentStatus={documentStatus} onMessage={onMessage} />
      <Divider />
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          Case Closure Timeline
        </Typography>
        <ClosureHistory documentId={documentId} />
      </Box>
    </Stack>
  );
}
