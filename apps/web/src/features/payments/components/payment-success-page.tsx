import { PaymentMessages } from '@lexserve/contracts/payments';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { PageLoader } from '../../../components/page-loader';
import { SUPPORT_CONTACT } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/auth';
import { clearPendingPayment, readPendingPayment, type PendingPayment } from '../../../lib/payment-session';
import { sharedKeys } from '../../../lib/query-keys';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { getPaymentBySignature, recheckSubscription } from '../api/payments';
import { paymentKeys } from '../keys';
import {
  continuePathFor,
  formatPaymentAmount,
  resolvePaymentState,
  type PaymentPageState,
} from '../payment-status';
import { DetailRows, PaymentResultLayout } from './payment-result-layout';

/** How often, and how many times, a payment still being processed is looked up again. */
const PENDING_POLL_MS = 3000;
const PENDING_POLL_LIMIT = 10;

function SupportMessage() {
  return (
    <Alert severity="info" role="status" sx={{ mt: 2, textAlign: 'left' }}>
      Contact LexServe support at <a href={`mailto:${SUPPORT_CONTACT.email}`}>{SUPPORT_CONTACT.email}</a> or
      call <a href={`tel:${SUPPORT_CONTACT.phone.replace(/\s/g, '')}`}>{SUPPORT_CONTACT.phone}</a>. Please
      have your payment reference ready.
    </Alert>
  );
}

/** A trial's first payment is R 0.00 (the card is only registered): say what follows. */
const amountWithTrial = (
  amount: string | number | null | undefined,
  pending: PendingPayment | null,
): string => {
  const paid = formatPaymentAmount(amount);
  if (!pending || pending.trialDays <= 0 || Number(amount) !== 0) return paid;
  return `${paid} today (${pending.trialDays}-day free trial), then ${formatPaymentAmount(pending.amount)} per month`;
};

/** The provider's return page after a payment (spec 2.5). */
export function PaymentSuccessPage() {
  useDocumentTitle('Payment Status');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const [pending] = useState<PendingPayment | null>(() => readPendingPayment());
  const [showSupport, setShowSupport] = useState(false);
  const [polls, setPolls] = useState(0);
  const signature = pending?.paymentSignature ?? '';

  const lookup = useQuery({
    queryKey: paymentKeys.bySignature(signature),
    queryFn: () => getPaymentBySignature(signature),
    enabled: Boolean(signature),
    retry: false,
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return (status === 'pending' || status === 'processing') && polls < PENDING_POLL_LIMIT
        ? PENDING_POLL_MS
        : false;
    },
  });
  useEffect(() => {
    if (lookup.data?.status === 'pending' || lookup.data?.status === 'processing') setPolls((n) => n + 1);
  }, [lookup.dataUpdatedAt, lookup.data?.status]);

  const state: PaymentPageState =
    pending && signature && lookup.isPending
      ? 'verifying'
      : resolvePaymentState({
          pending,
          lookup: lookup.data,
          error: lookup.isError ? lookup.error : undefined,
        });

  // The subscription status re-check after a successful payment (spec 2.5, 7).
  const [recheck, setRecheck] = useState<'idle' | 'done' | 'failed'>('idle');
  const rechecked = useRef(false);
  useEffect(() => {
    if (state !== 'success' || rechecked.current) return;
    rechecked.current = true;
    recheckSubscription(queryClient)
      .then(() => setRecheck('done'))
      .catch(() => setRecheck('failed'));
    void queryClient.invalidateQueries({ queryKey: sharedKeys.subscriptions });
  }, [state, queryClient]);

  const onContinue = () => {
    clearPendingPayment();
    navigate(continuePathFor(user?.role));
  };

  if (state === 'verifying') return <PageLoader label="Verifying your payment..." />;

  if (state === 'invalid') {
    return (
      <PaymentResultLayout
        icon={<LinkOffIcon />}
        tone="warning"
        title="Invalid Payment Link"
        lead="This payment verification link is invalid or has expired."
      >
        <Alert severity="warning" sx={{ mb: 3 }}>
          {PaymentMessages.invalidLink}
        </Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
          <Button component={RouterLink} to={paths.app.plans} variant="contained">
            View Plans
          </Button>
          <Button variant="outlined" onClick={() => setShowSupport(true)}>
            Contact Support
          </Button>
        </Stack>
        {showSupport ? <SupportMessage /> : null}
      </PaymentResultLayout>
    );
  }

  if (state === 'failed') {
    return (
      <PaymentResultLayout
        icon={<ErrorOutlinedIcon />}
        tone="error"
        title="Payment Verification Failed"
        lead="We couldn't verify your payment status. This may be a temporary issue."
      >
        <Alert severity="error" sx={{ mb: 2 }}>
          {PaymentMessages.lookupFailed}
        </Alert>
        <Alert severity="warning" sx={{ mb: 3 }}>
          If payment was deducted from your account, please contact support immediately.
        </Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Try Again
          </Button>
          <Button variant="outlined" onClick={() => setShowSupport(true)}>
            Contact Support
          </Button>
        </Stack>
        {showSupport ? <SupportMessage /> : null}
      </PaymentResultLayout>
    );
  }

  if (state === 'pending') {
    const stillPolling = polls < PENDING_POLL_LIMIT && !lookup.isError;
    return (
      <PaymentResultLayout
        icon={<HourglassTopIcon />}
        tone="info"
        title="Payment Processing"
        lead="PayFast is still confirming your payment. This usually takes a few seconds."
      >
        {pending ? (
          <DetailRows
            label="Payment details"
            rows={[
              { label: 'Plan', value: pending.planName },
              { label: 'Payment Reference', value: pending.paymentReference },
              { label: 'Amount', value: formatPaymentAmount(pending.amount) },
            ]}
          />
        ) : null}
        <Typography role="status" color="text.secondary" sx={{ mt: 2, textAlign: 'center' }}>
          {stillPolling
            ? 'Checking again automatically...'
            : 'Your payment has not been confirmed yet. You can check again, or look at My Plan in a moment.'}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center', mt: 3 }}>
          <Button variant="contained" onClick={() => void lookup.refetch()} disabled={lookup.isFetching}>
            Check Again
          </Button>
          <Button variant="outlined" onClick={() => setShowSupport(true)}>
            Contact Support
          </Button>
        </Stack>
        {showSupport ? <SupportMessage /> : null}
      </PaymentResultLayout>
    );
  }

  const payment = lookup.data;
  return (
    <PaymentResultLayout
      icon={<CheckCircleIcon />}
      tone="success"
      title="Payment Successful!"
      // One of the spec's two readings at a time, by the re-check: the general one while the subscription is read
      // again (or when that fails), the plan's own once the re-check has confirmed it.
      lead={
        recheck === 'done'
          ? `Payment successful! Your ${payment?.plan_name || pending?.planName || 'new'} plan is now active.`
          : 'Thank you for your payment. Your subscription has been activated successfully.'
      }
    >
      {recheck === 'failed' ? (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {PaymentMessages.refreshAfterSuccessFailed}
        </Alert>
      ) : null}
      <DetailRows
        label="Payment details"
        rows={[
          { label: 'Plan', value: payment?.plan_name || pending?.planName || '-' },
          {
            label: 'Payment Reference',
            value: payment?.payment_reference || pending?.paymentReference || '-',
          },
          { label: 'Amount', value: amountWithTrial(payment?.amount ?? pending?.amount, pending) },
          ...(payment?.pf_payment_id || payment?.provider_payment_id
            ? [{ label: 'PayFast Payment ID', value: payment.pf_payment_id || payment.provider_payment_id }]
            : []),
        ]}
      />
      <Stack component="ul" spacing={0.5} sx={{ color: 'text.secondary', pl: 2.5, my: 3 }}>
        <li>A confirmation email has been sent to your registered email address.</li>
        <li>Your subscription is now active and ready to use.</li>
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'center' }}>
        <Button variant="contained" size="large" color="secondary" onClick={onContinue}>
          Continue to Dashboard
        </Button>
      </Stack>
    </PaymentResultLayout>
  );
}
