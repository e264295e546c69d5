import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { CLOSURE_MESSAGES, type Closure } from '@lexserve/contracts/closures';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/auth';
import {
  completeErrorMessage,
  raiseClosureCompleted,
  useActiveClosure,
  useCompleteClosure,
  usePrecheck,
} from '../api/closures';
import { closureButtonState, closurePermissions, type ClosureButtonState } from '../closure-state';
import { useClosureLiveRefresh } from '../hooks/use-closure-live-refresh';
import { ClosureStatusChip } from './closure-details';
import { DecideClosureDialog } from './decide-closure-dialog';
import { DirectCloseDialog } from './direct-close-dialog';
import { RequestClosureDialog } from './request-closure-dialog';

/** Navigation after a completion or a direct close (spec 2 §9). */
const NAVIGATE_AFTER_CLOSURE_MS = 200;

const COLORS: Record<ClosureButtonState['variant'], 'primary' | 'success' | 'error'> = {
  primary: 'primary',
  success: 'success',
  danger: 'error',
};

type CaseClosureButtonProps = {
  documentId: number;
  /** The case's status, when the page already has it; otherwise it is read from the precheck. */
  documentStatus?: string;
  /** Success and error messages of the actions, for the page's banner. */
  onMessage?: (message: string, severity: 'success' | 'error') => void;
  /** Hides the status chip (when the page shows it elsewhere). */
  hideStatusChip?: boolean;
};

/**
 * The closure button of spec 2.11: one button whose label and action follow the closure's state (request,
 * direct close with its menu, approve, complete, pending), with its dialogs. After a completion or a direct
 * close it raises 'case-closure:completed' and goes to the dashboard 200 ms later.
 */
export function CaseClosureButton({
  documentId,
  documentStatus,
  onMessage,
  hideStatusChip = false,
}: CaseClosureButtonProps) {
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const role = user?.role;
  const canRead = closurePermissions(role).canApproveClosure || closurePermissions(role).canRequestClosure;
  const active = useActiveClosure(documentId, canRead);
  const precheck = usePrecheck(documentId, canRead && documentStatus === undefined);
  useClosureLiveRefresh();
  const status = documentStatus ?? precheck.data?.document_status;
  const closure = active.data ?? null;
  const state = closureButtonState({ role, userId: user?.id, documentStatus: status, closure });

  const anchor = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [dialog, setDialog] = useState<'request' | 'direct' | 'decide' | 'complete' | null>(null);
  const complete = useCompleteClosure();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const finished = (message: string, done: Closure) => {
    setDialog(null);
    onMessage?.(message, 'success');
    raiseClosureCompleted(done);
    timer.current = window.setTimeout(
      () => navigate(paths.app.dashboard, { replace: true }),
      NAVIGATE_AFTER_CLOSURE_MS,
    );
  };
  const initiated = (message: string) => {
    setDialog(null);
    onMessage?.(message, 'success');
  };
  const runComplete = async () => {
    if (!closure) return;
    try {
      const answer = await complete.mutateAsync(closure.id);
      finished(CLOSURE_MESSAGES.completed, answer.data);
    } catch (err) {
      setDialog(null);
      onMessage?.(completeErrorMessage(err), 'error');
    }
  };
  const click = () => {
    if (state.menu) return setMenuOpen(true);
    if (state.action === 'request') setDialog('request');
    else if (state.action === 'direct-close') setDialog('direct');
    else if (state.action === 'approve') setDialog('decide');
    else if (state.action === 'complete') setDialog('complete');
  };

  const loading = canRead && (active.isLoading || (documentStatus === undefined && precheck.isLoading));
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      {!hideStatusChip && closure && closure.closure_status !== 'completed' ? (
        <ClosureStatusChip status={closure.closure_status} />
      ) : null}
      <Button
        ref={anchor}
        variant="contained"
        color={COLORS[state.variant]}
        disabled={state.disabled || loading}
        onClick={click}
        endIcon={state.menu ? <ArrowDropDownIcon /> : undefined}
        aria-haspopup={state.menu ? 'menu' : undefined}
        aria-expanded={state.menu ? menuOpen : undefined}
      >
        {state.label}
      </Button>
      {state.menu ? (
        <Menu anchorEl={anchor.current} open={menuOpen} onClose={() => setMenuOpen(false)}>
          <MenuItem
            onClick={() => {
              setMenuOpen(false);
              setDialog('request');
            }}
          >
            Request Case Closure
          </MenuItem>
          <MenuItem
            onClick={() => {
              setMenuOpen(false);
              setDialog('direct');
            }}
          >
            Close Case Directly
          </MenuItem>
        </Menu>
      ) : null}

      <RequestClosureDialog
        open={dialog === 'request'}
        documentId={documentId}
        onClose={() => setDialog(null)}
        onDone={initiated}
      />
      <DirectCloseDialog
        open={dialog === 'direct'}
        documentId={documentId}
        onClose={() => setDialog(null)}
        onDone={finished}
      />
      <DecideClosureDialog
        closure={dialog === 'decide' ? closure : null}
        mode="choose"
        onClose={() => setDialog(null)}
        onDone={initiated}
      />
      <ConfirmDialog
        open={dialog === 'complete'}
        type="warning"
        title="Complete Case Closure"
        message="Completing the closure marks this case as completed. It moves to Closed Cases and can no longer be changed."
        confirmLabel="Complete Closure"
        loading={complete.isPending}
        onConfirm={() => void runComplete()}
        onCancel={() => setDialog(null)}
      />
    </Stack>
  );
}
