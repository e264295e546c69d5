import { PAYMENT_CANCEL_REASONS } from '@lexserve/contracts/payments';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { describeError } from '../../../lib/api-client';
import { useSendPaymentCancelFeedback } from '../api/payments';

type Reason = (typeof PAYMENT_CANCEL_REASONS)[number];

const PAYMENT_CANCEL_REASON_LABELS: Record<Reason, string> = {
  pricing: 'The price was too high',
  features: 'The plan is missing features I need',
  technical: 'I had a technical problem with the payment',
  other: 'Something else',
};

type Props = { open: boolean; paymentId: number | null; onSkip: () => void; onSubmitted: () => void };

/**
 * 'What made you cancel the payment?' (spec 2.6). Unlike the spec's screen, the answer is sent and
 * stored (product decision); administrators read it in Reports.
 */
export function PaymentFeedbackDialog({ open, paymentId, onSkip, onSubmitted }: Props) {
  const titleId = useId();
  const labelId = useId();
  const [reason, setReason] = useState<Reason | ''>('');
  const [feedback, setFeedback] = useState('');
  const send = useSendPaymentCancelFeedback();
  const busy = send.isPending;

  const submit = async () => {
    if (!reason) return;
    try {
      await send.mutateAsync({ payment_id: paymentId, reason, feedback: feedback.trim() || null });
      onSubmitted();
    } catch {
      // The error is shown in the dialog; the user may try again or skip.
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onSkip} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>What made you cancel the payment?</DialogTitle>
      <DialogContent>
        {send.isError ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {describeError(send.error, { fallback: 'Failed to send your feedback. Please try again.' })}
          </Alert>
        ) : null}
        <FormControl component="fieldset" fullWidth>
          <FormLabel id={labelId} component="legend" sx={{ mb: 1 }}>
            Your answer helps us improve LexServe.
          </FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            value={reason}
            onChange={(event) => setReason(event.target.value as Reason)}
          >
            {PAYMENT_CANCEL_REASONS.map((value) => (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio />}
                label={PAYMENT_CANCEL_REASON_LABELS[value]}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          label="Anything else you would like to tell us? (optional)"
          multiline
          minRows={3}
          value={feedback}
          onChange={(event) => setFeedback(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
          sx={{ mt: 2 }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onSkip} disabled={busy}>
          Skip
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={!reason || busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          Submit Feedback
        </Button>
      </DialogActions>
    </Dialog>
  );
}
