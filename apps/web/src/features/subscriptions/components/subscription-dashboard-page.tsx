import { SubscriptionMessages } from '@lexserve/contracts/subscriptions';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import HistoryIcon from '@mui/icons-material/History';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { describeError } from '../../../lib/api-client';
import { formatDate, formatRand } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMySubscription } from '../api/get-my-subscription';
import { useUsage } from '../api/get-usage';
import { describeCardUpdateError, useCardUpdate } from '../api/manage-subscription';
import { billingCycleLabel, planName } from '../plan-display';
import { hasSubscriptionAccess, isManageableStatus } from '../subscription-status';
import { PageHeader } from './page-header';
import { SubscriptionStatusChip } from './subscription-status-chip';
import { UsageBars } from './usage-overview';

const DEFAULT_DESCRIPTION = 'Professional legal document management';

/** The subscription dashboard (spec 2.9). */
export function SubscriptionDashboardPage() {
  useDocumentTitle('Subscription');
  const location = useLocation();
  const [message, setMessage] = useState<string | null>(
    (location.state as { message?: string } | null)?.message ?? null,
  );
  const subscription = useMySubscription();
  const sub = subscription.data;
  const usage = useUsage({ enabled: Boolean(sub) });
  const cardUpdate = useCardUpdate();

  const header = <PageHeader title="Subscription" subtitle="Your firm's plan, billing and usage" />;
  const messageAlert = message ? (
    <Alert severity="success" onClose={() => setMessage(null)} sx={{ mb: 3 }}>
      {message}
    </Alert>
  ) : null;

  if (subscription.isPending)
    return (
      <>
        {header}
        <PageLoader label="Loading your subscription..." />
      </>
    );
  if (subscription.isError) {
    return (
      <>
        {header}
        <QueryError
          message={describeError(subscription.error, {
            fallback: SubscriptionMessages.subscriptionLoadFailed,
          })}
          onRetry={subscription.refetch}
        />
      </>
    );
  }
  if (!sub) {
    return (
      <>
        {header}
        {messageAlert}
        <EmptyState
          title="No Active Subscription"
          description="Your firm doesn't have an active subscription plan."
          action={
            <Button component={RouterLink} to={paths.app.plans} variant="contained" color="secondary">
              Choose a Plan
            </Button>
          }
        />
      </>
    );
  }

  const manageable = isManageableStatus(sub.status);
  const monthly = sub.plan?.monthly_price;

  return (
    <>
      {header}
      {messageAlert}
      {cardUpdate.isError ? (
        <Alert severity="error" onClose={() => cardUpdate.reset()} sx={{ mb: 3 }}>
          {describeCardUpdateError(cardUpdate.error)}
        </Alert>
      ) : null}
      {sub.pending_change ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          Your change to the <strong>{planName(sub.pending_change.plan)}</strong> plan takes effect on{' '}
          {formatDate(sub.pending_change.effective_date)}.
        </Alert>
      ) : null}
      {sub.status === 'cancelled' && hasSubscriptionAccess(sub) ? (
        <Alert severity="warning" sx={{ mb: 3 }}>
          Your subscription is cancelled. You keep access until {formatDate(sub.access_ends_at)}, and your
          data is kept for 30 days after that.
        </Alert>
      ) : null}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card sx={{ height: '100%' }}>
            <CardHeader
              title="Current Plan"
              slotProps={{
                title: { variant: 'h6', component: 'h2' },
                action: { sx: { alignSelf: 'center', m: 0 } },
              }}
              action={<SubscriptionStatusChip status={sub.status} upper />}
            />
            <CardContent sx={{ pt: 0 }}>
              <Typography variant="h5" component="p" sx={{ fontWeight: 700, color: 'primary.main' }}>
                {planName(sub.plan ?? undefined)}
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                {sub.plan?.description || DEFAULT_DESCRIPTION}
              </Typography>
              <Typography sx={{ mt: 2, fontSize: '1.6rem', fontWeight: 800 }}>
                {monthly ? formatRand(monthly) : 'Contact Us'}
                {monthly ? (
                  <Typography
                    component="span"
                    color="text.secondary"
                    sx={{ fontSize: '1rem', fontWeight: 400 }}
                  >
                    {' '}
                    per month
                  </Typography>
                ) : null}
              </Typography>
              <Box
                component="dl"
                sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 2, mt: 2, mb: 0 }}
              >
                {[
                  { label: 'Started', value: formatDate(sub.start_date) },
                  {
                    label: 'Next Billing',
                    value: sub.status === 'cancelled' ? 'None' : formatDate(sub.end_date),
                  },
                  // The third fact is the date that matters now: the trial's end in a trial, the end of access once
                  // cancelled (the trial date is gone then), else the billing cycle.
                  sub.status === 'trial'
                    ? { label: 'Trial Ends', value: formatDate(sub.trial_end_date) }
                    : sub.status === 'cancelled'
                      ? { label: 'Access Ends', value: formatDate(sub.access_ends_at ?? sub.end_date) }
                      : { label: 'Billing Cycle', value: billingCycleLabel(sub.billing_cycle ?? 'monthly') },
                ].map((fact) => (
                  <Box key={fact.label}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {fact.label}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
                      {fact.value}
                    </Typography>
                  </Box>
                ))}
              </Box>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3 }}>
                <Button
                  component={RouterLink}
                  to={paths.app.subscriptionChangePlan}
                  variant="contained"
                  startIcon={<SwapHorizIcon />}
                >
                  Change Plan
                </Button>
                {manageable ? (
                  <Button
                    variant="outlined"
                    startIcon={<CreditCardIcon />}
                    onClick={() => cardUpdate.mutate(sub.id)}
                    disabled={cardUpdate.isPending}
                  >
                    {cardUpdate.isPending ? 'Opening PayFast...' : 'Update Payment'}
                  </Button>
                ) : null}
                {manageable ? (
                  <Button
                    component={RouterLink}
                    to={paths.app.subscriptionCancel}
                    variant="outlined"
                    color="error"
                  >
                    Cancel
                  </Button>
                ) : null}
              </Stack>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card sx={{ height: '100%' }}>
            <CardHeader
              title="Usage Overview"
              slotProps={{
                title: { variant: 'h6', component: 'h2' },
                action: { sx: { alignSelf: 'center', m: 0 } },
              }}
              action={
                <Button
                  component={RouterLink}
                  to={paths.app.subscriptionUsageHistory}
                  size="small"
                  startIcon={<HistoryIcon />}
                >
                  View History
                </Button>
              }
            />
            <CardContent sx={{ pt: 0 }}>
              {usage.isPending ? (
                <Stack spacing={2} aria-label="Loading usage">
                  <Skeleton height={40} />
                  <Skeleton height={40} />
                  <Skeleton height={40} />
                </Stack>
              ) : usage.isError ? (
                <QueryError
                  message={describeError(usage.error, {
                    fallback: 'Failed to load usage. Please try again.',
                  })}
                  onRetry={usage.refetch}
                />
              ) : usage.data ? (
                <UsageBars usage={usage.data} />
              ) : (
                <Typography color="text.secondary">Usage data not available</Typography>
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </>
  );
}
