import {
  SUBSCRIPTION_CONSTANTS,
  SubscriptionMessages,
  type PlanChangeConfirmation,
} from '@lexserve/contracts/subscriptions';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { paths } from '../../../config/paths';
import { formatDate, formatRand } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMySubscription } from '../api/get-my-subscription';
import { describeCardUpdateError, useCardUpdate } from '../api/manage-subscription';
import { subscriptionKeys } from '../keys';
import { planName } from '../plan-display';

const REDIRECT_SECONDS = SUBSCRIPTION_CONSTANTS.confirmationRedirectMs / 1000;

/** True when the date falls on today in South Africa. */
const isTodaySA = (value: string | null | undefined, now: Date = new Date()): boolean =>
  Boolean(value) && formatDate(value) === formatDate(now);

/** 'Plan Change Successful!' (spec 2.12); returns to the subscription dashboard after 10 seconds. */
export function PlanChangeConfirmationPage() {
  useDocumentTitle('Plan Change Successful');
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const confirmation = (location.state as { confirmation?: PlanChangeConfirmation } | null)?.confirmation;
  const subscription = useMySubscription();
  const cardUpdate = useCardUpdate();
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);
  const [paused, setPaused] = useState(false);

  // The subscription status re-check of spec 7.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.mine });
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
  }, [queryClient]);

  useEffect(() => {
    if (!confirmation || paused) return;
    if (seconds <= 0) {
      navigate(paths.app.subscription);
      return;
    }
    const timer = window.setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [confirmation, paused, seconds, navigate]);

  if (!confirmation) {
    return (
      <EmptyState
        title="Confirmation Not Available"
        description={SubscriptionMessages.confirmationUnavailable}
        action={
          <Button component={RouterLink} to={paths.app.subscription} variant="contained">
            Back to Dashboard
          </Button>
        }
      />
    );
  }

  const name = planName(confirmation.new_plan);
  const immediate = isTodaySA(confirmation.effective_date);
  const rows = [
    { label: 'New Plan', value: `${name} · ${formatRand(confirmation.new_monthly_cost)}/month` },
    { label: 'Reference Number', value: `#${confirmation.change_id}` },
    { label: 'Effective Date', value: formatDate(confirmation.effective_date) },
    { label: 'Next Billing Date', value: formatDate(confirmation.next_billing_date) },
    { label: 'Prorated Charge', value: formatRand(confirmation.prorated_amount) },
  ];

  return (
    <Paper
      variant="outlined"
      sx={{ maxWidth: 760, mx: 'auto', p: { xs: 3, sm: 5 }, borderTop: 4, borderTopColor: 'success.main' }}
    >
      <Box sx={{ textAlign: 'center', mb: 3 }}>
        <CheckCircleIcon color="success" sx={{ fontSize: 72 }} aria-hidden />
        <Typography variant="h4" component="h1" sx={{ mt: 1 }}>
          Plan Change Successful!
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {confirmation.message}
        </Typography>
      </Box>
      <Box
        component="dl"
        sx={{ m: 0, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', mb: 3 }}
      >
        {rows.map((row, index) => (
          <Box
            key={row.label}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
              px: 2,
              py: 1.25,
              bgcolor: index % 2 ? 'background.paper' : 'grey.50',
            }}
          >
            <Typography component="dt" color="text.secondary" sx={{ fontWeight: 600 }}>
              {row.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {row.value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Alert severity="info" sx={{ mb: 2 }}>
        <AlertTitle>What&apos;s Next?</AlertTitle>
        {immediate
          ? 'Your new plan is now active, and its limits and features apply right away.'
          : `Your new plan will take effect on ${formatDate(confirmation.effective_date)}. Until then you keep your current plan.`}
      </Alert>
      {confirmation.payment_update_required ? (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            subscription.data ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => cardUpdate.mutate(subscription.data!.id)}
                disabled={cardUpdate.isPending}
              >
                Update Payment
              </Button>
            ) : undefined
          }
        >
          Please update your payment method so that the new amount can be charged.
        </Alert>
      ) : null}
      {cardUpdate.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {describeCardUpdateError(cardUpdate.error)}
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center', mt: 3 }}>
        <Button component={RouterLink} to={paths.app.subscription} variant="contained">
          Back to Dashboard
        </Button>
        <Button component={RouterLink} to={paths.app.myPlan} variant="outlined">
          View Subscription Details
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 3 }}>
        {paused ? (
          'Automatic return paused.'
        ) : (
          <>
            Returning to your subscription in {seconds} second{seconds === 1 ? '' : 's'}.{' '}
            <Button size="small" onClick={() => setPaused(true)} sx={{ verticalAlign: 'baseline' }}>
              Stay on this page
            </Button>
          </>
        )}
      </Typography>
    </Paper>
  );
}
