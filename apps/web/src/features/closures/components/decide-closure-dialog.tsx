import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CLOSURE_MESSAGES, type Closure } from '@lexserve/contracts/closures';
import { useId, useState } from 'react';
import { approvalErrorMessage, useDecideClosure } from '../api/closures';
import { ClosureDetails } from './closure-details';

export type DecideMode = 'approve' | 'reject' | 'choose';

type Props = {
  closure: Closure | null;
  mode: DecideMode;
  onClose: () => void;
  onDone: (message: string, closure: Closure) => void;
};

const TITLES: Record<DecideMode, string> = {
  approve: 'Approve Case Closure',
  reject: 'Reject Case Closure',
  choose: 'Review Case Closure',
};

/**
 * The confirmation of spec 2.12: the closure's details, optional notes, then approve or reject. From the closure
 * button ('choose') both actions are offered.
 */
export function DecideClosureDialog({ closure, mode, onClose, onDone }: Props) {
  const titleId = useId();
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useDecideClosure();
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);

  const cancel = () => {
    if (decide.isPending) return;
    setNotes('');
    setError(null);
    onClose();
  };
  const run = async (approved: boolean) => {
    if (!closure) return;
    setError(null);
    setBusy(approved ? 'approve' : 'reject');
    try {
      const answer = await decide.mutateAsync({
        id: closure.id,
        approved,
        approval_notes: notes.trim() || null,
      });
      setNotes('');
      onDone(approved ? CLOSURE_MESSAGES.approved : CLOSURE_MESSAGES.rejected, answer.data);
    } catch (err) {
      setError(approvalErrorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const spinner = (which: 'approve' | 'reject') =>
    busy === which ? <CircularProgress size={16} color="inherit" /> : undefined;
  return (
    <Dialog open={Boolean(closure)} onClose={cancel} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{TITLES[mode]}</DialogTitle>
      <DialogContent dividers>
        {closure ? (
          <Stack spacing={2}>
            <ClosureDetails closure={closure} />
            <Divider />
            <TextField
              label={mode === 'reject' ? 'Reason for rejection (optional)' : 'Approval Notes (optional)'}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
            {error ? <Alert severity="error">{error}</Alert> : null}
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel} disabled={decide.isPending}>
          Cancel
        </Button>
        {mode !== 'approve' ? (
          <Button
            variant={mode === 'reject' ? 'contained' : 'outlined'}
            color="error"
            onClick={() => void run(false)}
            disabled={decide.isPending}
            startIcon={spinner('reject')}
          >
            Reject
          </Button>
        ) : null}
        {mode !== 'reject' ? (
          <Button
            variant="contained"
            color="success"
            onClick={() => void run(true)}
            disabled={decide.isPending}
            startIcon={spinner('approve')}
          >
            Approve
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
