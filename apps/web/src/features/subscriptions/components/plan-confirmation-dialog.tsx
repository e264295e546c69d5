import type { BillingCycle } from '@lexserve/contracts/subscriptions';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import CloseIcon from '@mui/icons-material/Close';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PaymentMessages } from '@lexserve/contracts/payments';
import { useEffect, useId, useRef, useState } from 'react';
import { useCurrentUser } from '../../../lib/auth';
import { formatLongDate, formatRand } from '../../../lib/format';
import { clearPendingPayment, savePaymentContext, savePendingPayment } from '../../../lib/payment-session';
import {
  HAND_OFF_TIMEOUT_MS,
  describePaymentInitError,
  handOffAddress,
  initiatePayment,
  postPaymentForm,
} from '../api/initiate-payment';
import {
  DEFAULT_PLAN_DESCRIPTION,
  billingCycleLabel,
  cyclePeriod,
  firstChargeDate,
  planName,
  type PlanLike,
} from '../plan-display';

type PlanConfirmationProps = {
  open: boolean;
  plan: PlanLike;
  subscriptionId: number;
  /** Price of one billing cycle, in rand. */
  amount: string | number;
  billingCycle: BillingCycle;
  /** Trial days the subscription gets (the server's answer; 0 when the firm already had a trial). */
  trialDays: number;
  onClose: () => void;
  /** Replaced in tests: posts the hidden form to the provider. */
  submitForm?: typeof postPaymentForm;
  /** How long to wait for the browser to leave before going back to the confirmation with 'Try Again'. */
  handOffTimeoutMs?: number;
};

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75 }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** 'Confirm Your Plan Selection' (spec 2.4): confirmation, then processing while the provider is reached. */
export function PlanConfirmationDialog({
  open,
  plan,
  subscriptionId,
  amount,
  billingCycle,
  trialDays,
  onClose,
  submitForm = postPaymentForm,
  handOffTimeoutMs = HAND_OFF_TIMEOUT_MS,
}: PlanConfirmationProps) {
  const { data: user } = useCurrentUser();
  const titleId = useId();
  const [step, setStep] = useState<'confirmation' | 'processing'>('confirmation');
  const [error, setError] = useState<string | null>(null);
  const name = planName(plan);
  const price = formatRand(amount);
  const processing = step === 'processing';
  // Set once the form is posted: undone (back to the confirmation) if the browser has not left in time, or at once
  // when the browser refuses the post (a Content-Security-Policy form-action violation).
  const handOff = useRef<(() => void) | null>(null);
  useEffect(() => () => handOff.current?.(), []);

  const handOffFailed = () => {
    handOff.current?.();
    clearPendingPayment();
    setError(PaymentMessages.handOffFailed);
    setStep('confirmation');
  };

  const watchHandOff = () => {
    const timer = window.setTimeout(handOffFailed, handOffTimeoutMs);
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.effectiveDirective === 'form-action' || event.violatedDirective.startsWith('form-action'))
        handOffFailed();
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    handOff.current = () => {
      window.clearTimeout(timer);
      document.removeEventListener('securitypolicyviolation', onViolation);
      handOff.current = null;
    };
  };

  const buyNow = async () => {
    setError(null);
    setStep('processing');
    try {
      const init = await initiatePayment(subscriptionId);
      const signature = init.form_data?.signature ?? init.signature;
      savePendingPayment({
        subscriptionId,
        planId: plan.id ?? 0,
        planName: name,
        planDescription: plan.description ?? null,
        amount: String(amount),
        billingCycle,
        timestamp: Date.now(),
        userId: user?.id ?? 0,
        userEmail: user?.email ?? '',
        trialDays,
        paymentSignature: signature,
        paymentId: init.payment_id,
        paymentReference: init.payment_reference,
      });
      savePaymentContext({
        planName: name,
        amount: String(amount),
        payment_reference: init.payment_reference,
        planId: plan.id,
        paymentId: init.payment_id,
      });
      watchHandOff();
      submitForm(handOffAddress(init.payfast_url), init.form_data);
    } catch (caught) {
      handOff.current?.();
      clearPendingPayment();
      setError(describePaymentInitError(caught));
      setStep('confirmation');
    }
  };

  return (
    <Dialog
      open={open}
      // While processing the dialog cannot be closed: not by Escape, not by the backdrop.
      onClose={processing ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        Confirm Your Plan Selection
        {processing ? null : (
          <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
            <CloseIcon />
          </IconButton>
        )}
      </DialogTitle>
      {processing ? (
        <DialogContent>
          <Box role="status" aria-live="polite" sx={{ textAlign: 'center', py: 5 }}>
            <CircularProgress aria-hidden sx={{ mb: 3 }} />
            <Typography variant="h6" component="p">
              Preparing your payment...
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              You will be redirected to PayFast to complete your payment
            </Typography>
          </Box>
        </DialogContent>
      ) : (
        <>
          <DialogContent dividers>
            <Stack spacing={2.5}>
              {error ? (
                <Alert severity="error" role="alert">
                  {error}
                </Alert>
              ) : null}
              <Box>
                <Typography variant="h5" component="p" sx={{ color: 'primary.main', fontWeight: 700 }}>
                  {name}
                </Typography>
                <Typography sx={{ fontSize: '1.5rem', fontWeight: 800, mt: 0.5 }}>
                  {price}
                  <Typography
                    component="span"
                    color="text.secondary"
                    sx={{ fontSize: '1rem', fontWeight: 400 }}
                  >
                    {' '}
                    per {cyclePeriod(billingCycle)}
                  </Typography>
                </Typography>
                <Typography color="text.secondary" sx={{ mt: 1 }}>
                  {plan.description || DEFAULT_PLAN_DESCRIPTION}
                </Typography>
              </Box>
              {trialDays > 0 ? (
                <Alert icon={<CardGiftcardIcon aria-hidden />} severity="success" variant="outlined">
                  <Typography sx={{ fontWeight: 700 }}>{trialDays} days free trial included</Typography>
                  Start your free trial today. You won&apos;t be charged until your trial period ends.
                </Alert>
              ) : null}
              <Paper variant="outlined" sx={{ p: 2, bgcolor: 'grey.50' }}>
                <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
                  Billing Information
                </Typography>
                <Box component="dl" sx={{ m: 0 }}>
                  <Row label="Plan" value={name} />
                  <Row label="Billing Cycle" value={billingCycleLabel(billingCycle)} />
                  <Row label="Amount" value={price} />
                  {trialDays > 0 ? (
                    <Row label="First Charge" value={formatLongDate(firstChargeDate(trialDays))} />
                  ) : null}
                </Box>
              </Paper>
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
              >
                <LockOutlinedIcon fontSize="small" aria-hidden />
                Your card details are entered on PayFast&apos;s secure page and stored by PayFast, not by
                LexServe.
              </Typography>
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button onClick={onClose}>Cancel</Button>
            <Button variant="contained" color="secondary" size="large" onClick={() => void buyNow()}>
              {error ? 'Try Again' : 'Buy Now'}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
