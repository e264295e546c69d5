import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CLOSURE_MESSAGES, DIRECT_CLOSE_REASONS, type Closure } from '@lexserve/contracts/closures';
import { useId, useState } from 'react';
import { closureActionErrorMessage, useDirectClose } from '../api/closures';

type Props = {
  open: boolean;
  documentId: number;
  onClose: () => void;
  onDone: (message: string, closure: Closure) => void;
};

/** Close Case Directly (spec 2.11): a firm administrator bypasses approval; the reason is required. */
export function DirectCloseDialog({ open, documentId, onClose, onDone }: Props) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  // "A reason is required." only once the person has been to the field, not before any input.
  const [touched, setTouched] = useState(false);
  const close = useDirectClose();

  const cancel = () => {
    if (close.isPending) return;
    setReason('');
    setNotes('');
    setError(null);
    setTouched(false);
    onClose();
  };
  const submit = async () => {
    setError(null);
    try {
      const answer = await close.mutateAsync({
        document_id: documentId,
        closure_reason: reason as (typeof DIRECT_CLOSE_REASONS)[number],
        closure_notes: notes.trim() || null,
      });
      onDone(answer.message || CLOSURE_MESSAGES.closedDirectly, answer.data);
    } catch (err) {
      setError(closureActionErrorMessage(err, 'Failed to close the case. Please try again.'));
    }
  };

  return (
    <Dialog open={open} onClose={cancel} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Close Case Directly</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <Alert severity="warning">
            This bypasses the approval workflow. The case is immediately marked as completed, and this cannot
            be undone.
          </Alert>
          <TextField
            select
            required
            label="Closure Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={touched && !reason}
            helperText={touched && !reason ? 'A reason is required.' : ' '}
            onBlur={() => setTouched(true)}
          >
            {DIRECT_CLOSE_REASONS.map((r) => (
              <MenuItem key={r} value={r}>
                {r}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Notes (optional)"
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          {error ? <Alert severity="error">{error}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel} disabled={close.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => void submit()}
          disabled={!reason || close.isPending}
          startIcon={close.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Close Case Now
        </Button>
      </DialogActions>
    </Dialog>
  );
}
