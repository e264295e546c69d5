import { PaymentMessages } from '@lexserve/contracts/payments';
import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import {
  clearPaymentContext,
  clearPendingPayment,
  isPaymentContextUnreadable,
  readPaymentContext,
  readPendingPayment,
} from '../../../lib/payment-session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { cancelReasonLine, formatPaymentAmount } from '../payment-status';
import { PaymentFeedbackDialog } from './payment-feedback-dialog';
import { DetailRows, PaymentResultLayout } from './payment-result-layout';

/** Read once, before the stored records are removed (spec 2.6: the context is removed after reading). */
const readStored = () => {
  const context = readPaymentContext();
  const pending = readPendingPayment();
  return {
    context,
    unreadable: isPaymentContextUnreadable(),
    planName: context?.planName || pending?.planName || null,
    planId: context?.planId ?? pending?.planId ?? null,
    paymentId: context?.paymentId ?? pending?.paymentId ?? null,
  };
};

/** The provider's return page after a cancelled payment (spec 2.6). */
export function PaymentCancelPage() {
  useDocumentTitle('Payment Cancelled');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [stored] = useState(readStored);
  const [feedbackOpen, setFeedbackOpen] = useState(false);

  useEffect(() => {
    clearPaymentContext();
    // The payment did not happen: the success page must not treat it as pending.
    clearPendingPayment();
  }, []);

  const paymentIdParam = Number(params.get('payment_id'));
  const paymentId =
    Number.isInteger(paymentIdParam) && paymentIdParam > 0 ? paymentIdParam : stored.paymentId;
  const reason = cancelReasonLine({
    reason: params.get('reason'),
    cancelReason: params.get('cancel_reason'),
    paymentStatus: params.get('payment_status'),
    planName: stored.planName,
  });

  const retry = () =>
    navigate(paths.app.plans, {
      state: { selectedPlan: stored.planId, message: PaymentMessages.retryAfterCancel },
    });

  return (
    <>
      <PaymentResultLayout
        icon={<CancelOutlinedIcon />}
        tone="warning"
        title="Payment Cancelled"
        lead="Your payment was cancelled and no charges were made to your account."
      >
        {stored.unreadable ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {PaymentMessages.cancelPageLoadFailed}
          </Alert>
        ) : null}
        <Typography sx={{ mb: 2, textAlign: 'center' }}>
          <strong>Reason:</strong> {reason}
        </Typography>
        {stored.context ? (
          <Box sx={{ mb: 3 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Cancelled Payment Details
            </Typography>
            <DetailRows
              label="Cancelled payment details"
              rows={[
                { label: 'Plan', value: stored.context.planName },
                {
                  label: 'Amount',
                  value: stored.context.amount ? formatPaymentAmount(stored.context.amount) : '-',
                },
                { label: 'Payment Reference', value: stored.context.payment_reference || '-' },
              ]}
            />
          </Box>
        ) : null}
        <Grid container spacing={2} sx={{ mb: 3 }}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Paper variant="outlined" sx={{ p: 2, height: '100%', bgcolor: 'grey.50' }}>
              <Typography variant="h6" component="h2" gutterBottom>
                What happened?
              </Typography>
              <Typography variant="body2" color="text.secondary">
                You left PayFast&apos;s payment page before the payment was completed, so nothing was charged
                to your card and your subscription was not started.
              </Typography>
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Paper variant="outlined" sx={{ p: 2, height: '100%', bgcolor: 'grey.50' }}>
              <Typography variant="h6" component="h2" gutterBottom>
                Next Steps
              </Typography>
              <Typography variant="body2" color="text.secondary" component="div">
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  <li>Try the payment again with the same plan.</li>
                  <li>Choose a different plan that suits your practice.</li>
                  <li>Contact us if something went wrong.</li>
                </Box>
              </Typography>
            </Paper>
          </Grid>
        </Grid>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
          <Button variant="contained" color="secondary" size="large" onClick={retry}>
            {stored.planName ? `Retry ${stored.planName} Payment` : 'Try Payment Again'}
          </Button>
          <Button variant="outlined" size="large" onClick={() => navigate(paths.app.dashboard)}>
            Go to Dashboard
          </Button>
        </Stack>
        <Typography sx={{ mt: 3, textAlign: 'center' }} color="text.secondary">
          <HelpOutlineIcon fontSize="small" sx={{ verticalAlign: 'text-bottom', mr: 0.5 }} aria-hidden />
          Having trouble?{' '}
          <Link
            component="button"
            type="button"
            onClick={() => setFeedbackOpen(true)}
            sx={{ verticalAlign: 'baseline', fontWeight: 600 }}
          >
            Contact Support
          </Link>
        </Typography>
      </PaymentResultLayout>
      <PaymentFeedbackDialog
        open={feedbackOpen}
        paymentId={paymentId}
        onSkip={() => setFeedbackOpen(false)}
        onSubmitted={() => {
          setFeedbackOpen(false);
          navigate(paths.app.dashboard, { state: { message: 'Thank you for your feedback.' } });
        }}
      />
    </>
  );
}
