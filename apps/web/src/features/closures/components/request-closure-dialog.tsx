import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CHECKLIST_LABELS,
  CLOSURE_MESSAGES,
  CLOSURE_REQUEST_REASONS,
  PROOF_VERIFIED_NOTE,
  checklistProgress,
  type Checklist,
  type ClosurePrecheck,
} from '@lexserve/contracts/closures';
import { useId, useState } from 'react';
import { closureActionErrorMessage, usePrecheck, useRequestClosure } from '../api/closures';

type RequestClosureForm = {
  reason: string;
  notes: string;
  documentsAttached: boolean;
  summary: string;
};

/** The checklist of spec 2 §3 as the dialog holds it: the proof item is preset and locked, the summary counts when given. */
const checklistOf = (form: RequestClosureForm, hasProof: boolean): Checklist => ({
  all_documents_attached: { completed: form.documentsAttached, notes: '', required: true },
  proof_of_service_uploaded: {
    completed: hasProof,
    notes: hasProof ? PROOF_VERIFIED_NOTE : '',
    required: true,
  },
  case_summary_completed: {
    completed: form.summary.trim().length > 0,
    notes: form.summary.trim(),
    required: true,
  },
});

/**
 * Spec 2 §5: submit only when a reason is chosen, every checklist item is completed and the precheck says
 * eligible_for_closure. Answers the reason it is not allowed, or null.
 */
export function requestBlocker(
  form: RequestClosureForm,
  precheck: Pick<ClosurePrecheck, 'eligible_for_closure' | 'has_proof_of_service'> | undefined,
): string | null {
  const missing: string[] = [];
  if (!precheck?.eligible_for_closure) missing.push('The eligibility precheck must pass.');
  const progress = checklistProgress(checklistOf(form, precheck?.has_proof_of_service ?? false));
  if (progress.done < progress.total) missing.push('Complete every checklist item.');
  if (!form.reason) missing.push('Select a closure reason.');
  return missing.length ? `${CLOSURE_MESSAGES.notEligible} ${missing.join(' ')}` : null;
}

type Props = { open: boolean; documentId: number; onClose: () => void; onDone: (message: string) => void };

const EMPTY: RequestClosureForm = { reason: '', notes: '', documentsAttached: false, summary: '' };

/** Request Case Closure (spec 2.11): precheck, checklist with progress, reason, notes and the submit rule. */
export function RequestClosureDialog({ open, documentId, onClose, onDone }: Props) {
  const titleId = useId();
  const [form, setForm] = useState<RequestClosureForm>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const precheck = usePrecheck(documentId, open);
  const request = useRequestClosure();
  const hasProof = precheck.data?.has_proof_of_service ?? false;
  const checklist = checklistOf(form, hasProof);
  const progress = checklistProgress(checklist);
  const blocker = precheck.isLoading ? null : requestBlocker(form, precheck.data);
  const set = (patch: Partial<RequestClosureForm>) => setForm((f) => ({ ...f, ...patch }));

  const close = () => {
    if (request.isPending) return;
    setForm(EMPTY);
    setError(null);
    onClose();
  };
  const submit = async () => {
    setError(null);
    try {
      const answer = await request.mutateAsync({
        document_id: documentId,
        closure_reason: form.reason as (typeof CLOSURE_REQUEST_REASONS)[number],
        closure_notes: form.notes.trim() || null,
        initial_checklist: checklist,
      });
      setForm(EMPTY);
      onDone(answer.message || CLOSURE_MESSAGES.requestCreated);
    } catch (err) {
      setError(closureActionErrorMessage(err, 'Failed to request case closure. Please try again.'));
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Request Case Closure</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <PrecheckSummary
            loading={precheck.isLoading}
            error={
              precheck.isError
                ? closureActionErrorMessage(precheck.error, 'Failed to check eligibility')
                : null
            }
            data={precheck.data}
          />

          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              Pre-closure Checklist
            </Typography>
            <Stack direction="row" sx={{ alignItems: 'center', my: 1, flexWrap: 'wrap', gap: 1.5 }}>
              <LinearProgress
                variant="determinate"
                value={progress.percent}
                sx={{ flexGrow: 1, minWidth: 120, height: 8, borderRadius: 4 }}
                aria-label="Checklist progress"
                color={progress.done === progress.total ? 'success' : 'primary'}
              />
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {progress.percent}% · {progress.done}/{progress.total} completed
              </Typography>
            </Stack>
            <Stack>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={form.documentsAttached}
                    onChange={(e) => set({ documentsAttached: e.target.checked })}
                  />
                }
                label={CHECKLIST_LABELS.all_documents_attached}
              />
              <FormControlLabel
                control={<Checkbox checked={hasProof} disabled />}
                label={
                  <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 0.75 }}>
                    <span>{CHECKLIST_LABELS.proof_of_service_uploaded}</span>
                    <LockOutlinedIcon fontSize="inherit" aria-label="Locked" />
                    {hasProof ? (
                      <Typography variant="caption" color="text.secondary">
                        {PROOF_VERIFIED_NOTE}
                      </Typography>
                    ) : null}
                  </Stack>
                }
              />
              <FormControlLabel
                control={<Checkbox checked={checklist.case_summary_completed.completed} disabled />}
                label={CHECKLIST_LABELS.case_summary_completed}
              />
              {/* Indented under its checklist item inside the dialog's width (a margin on a full-width field overflowed it). */}
              <Box sx={{ pl: { xs: 0, sm: 4 }, minWidth: 0 }}>
                <TextField
                  label="Case Summary"
                  value={form.summary}
                  onChange={(e) => set({ summary: e.target.value })}
                  multiline
                  minRows={2}
                  fullWidth
                  helperText="Summarise the outcome; the item counts as completed once a summary is given."
                  slotProps={{ htmlInput: { maxLength: 2000 } }}
                />
              </Box>
            </Stack>
          </Box>

          <TextField
            select
            required
            label="Closure Reason"
            value={form.reason}
            onChange={(e) => set({ reason: e.target.value })}
          >
            {CLOSURE_REQUEST_REASONS.map((r) => (
              <MenuItem key={r} value={r}>
                {r}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Additional Notes (optional)"
            value={form.notes}
            onChange={(e) => set({ notes: e.target.value })}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />

          {blocker ? (
            <Alert severity="info" role="status">
              {blocker}
            </Alert>
          ) : null}
          {error ? <Alert severity="error">{error}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={request.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={Boolean(blocker) || precheck.isLoading || request.isPending}
          startIcon={request.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {request.isPending ? 'Submitting...' : 'Submit Request'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function PrecheckSummary({
  loading,
  error,
  data,
}: {
  loading: boolean;
  error: string | null;
  data: ClosurePrecheck | undefined;
}) {
  if (loading)
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={18} />
        <Typography>Checking eligibility...</Typography>
      </Stack>
    );
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!data) return null;
  return (
    <Stack spacing={1}>
      {data.eligible_for_closure ? (
        <Alert severity="success" icon={<CheckCircleOutlineIcon />}>
          This case is eligible for closure.
        </Alert>
      ) : (
        <Alert severity="error">
          <AlertTitle>Blocking issues</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {data.blocking_issues.map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </Box>
        </Alert>
      )}
      {data.warnings.length ? (
        <Alert severity="warning">
          <AlertTitle>Warnings</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {data.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </Box>
        </Alert>
      ) : null}
    </Stack>
  );
}
