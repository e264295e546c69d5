import { PAYMENT_STATUS_LABELS } from '@lexserve/contracts/payments';
import { SubscriptionMessages } from '@lexserve/contracts/subscriptions';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { describeError } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatRand } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMySubscription } from '../api/get-my-subscription';
import { useUsage } from '../api/get-usage';
import { useSubscriptionSummary } from '../api/manage-subscription';
import { billingCycleLabel } from '../plan-display';
import { PageHeader } from './page-header';
import { UsageBars } from './usage-overview';

const PAYMENT_STATUS_COLORS: Record<string, 'success' | 'warning' | 'error' | 'default' | 'info'> = {
  completed: 'success',
  pending: 'warning',
  processing: 'info',
  failed: 'error',
  cancelled: 'default',
  abandoned: 'default',
};

/** Usage of the current period and the billing history of the subscription (linked from 'View History'). */
export function UsageHistoryPage() {
  useDocumentTitle('Usage & Billing History');
  const subscription = useMySubscription();
  const usage = useUsage({ enabled: Boolean(subscription.data) });
  const summary = useSubscriptionSummary(subscription.data?.id);

  const header = (
    <PageHeader
      title="Usage & Billing History"
      subtitle="This period's usage against your plan, and every payment of your subscription."
      actions={
        <Button component={RouterLink} to={paths.app.subscription}>
          Back to Subscription
        </Button>
      }
    />
  );

  if (subscription.isPending)
    return (
      <>
        {header}
        <PageLoader />
      </>
    );
  if (subscription.isError) {
    return (
      <>
        {header}
        <Alert severity="error">
          {describeError(subscription.error, { fallback: SubscriptionMessages.subscriptionLoadFailed })}
        </Alert>
      </>
    );
  }
  if (!subscription.data) {
    return (
      <>
        {header}
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

  return (
    <>
      {header}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent sx={{ p: 3 }}>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                This Billing Period
              </Typography>
              {usage.isPending ? (
                <PageLoader label="Loading usage..." />
              ) : usage.isError ? (
                <Alert severity="error">
                  {describeError(usage.error, { fallback: 'Failed to load usage. Please try again.' })}
                </Alert>
              ) : usage.data ? (
                <UsageBars usage={usage.data} />
              ) : (
                <Typography color="text.secondary">Usage data not available</Typography>
              )}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent sx={{ p: 3 }}>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                Billing Summary
              </Typography>
              {summary.isPending ? (
                <PageLoader label="Loading billing history..." />
              ) : summary.isError ? (
                <Alert severity="error">
                  {describeError(summary.error, {
                    fallback: 'Failed to load billing history. Please try again.',
                  })}
                </Alert>
              ) : (
                <>
                  <Typography color="text.secondary" sx={{ mb: 2 }}>
                    {summary.data.payments_count} payment{summary.data.payments_count === 1 ? '' : 's'} ·{' '}
                    {formatRand(summary.data.total_paid)} paid in total ·{' '}
                    {billingCycleLabel(summary.data.billing_cycle)} billing
                    {summary.data.next_billing_date
                      ? ` · next charge ${formatDate(summary.data.next_billing_date)}`
                      : ''}
                  </Typography>
                  {summary.data.payments.length === 0 ? (
                    <Typography color="text.secondary">No payments yet.</Typography>
                  ) : (
                    <TableContainer>
                      <Table size="small" aria-label="Payments">
                        <TableHead>
                          <TableRow>
                            <TableCell>Date</TableCell>
                            <TableCell>Reference</TableCell>
                            <TableCell>Plan</TableCell>
                            <TableCell align="right">Amount</TableCell>
                            <TableCell>Status</TableCell>
                          </TableRow>
                        </TableHead>
                        <TableBody>
                          {summary.data.payments.map((payment) => (
                            <TableRow key={payment.id}>
                              <TableCell>{formatDateTime(payment.paid_at ?? payment.created_at)}</TableCell>
                              <TableCell>{payment.payment_reference}</TableCell>
                              <TableCell>{payment.plan_name}</TableCell>
                              <TableCell align="right">{formatRand(payment.amount)}</TableCell>
                              <TableCell>
                                <Chip
                                  size="small"
                                  label={PAYMENT_STATUS_LABELS[payment.status] ?? payment.status}
                                  color={PAYMENT_STATUS_COLORS[payment.status] ?? 'default'}
                                />
                              </TableCell>
                            </TableRow>
                          ))}
                        </TableBody>
                      </Table>
                    </TableContainer>
                  )}
                </>
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </>
  );
}
