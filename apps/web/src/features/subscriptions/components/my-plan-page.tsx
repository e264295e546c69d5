import { SubscriptionMessages } from '@lexserve/contracts/subscriptions';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-state';
import { useToast } from '../../../components/toast-provider';
import { paths } from '../../../config/paths';
import { describeError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { formatDate, formatRand } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMySubscription } from '../api/get-my-subscription';
import {
  describeCancelError,
  describeCardUpdateError,
  useCancelSubscription,
  useCardUpdate,
} from '../api/manage-subscription';
import { CANCELLATION_REASONS, CANCELLATION_REASON_LABELS } from '../cancellation';
import { billingCycleLabel, planName } from '../plan-display';
import { hasSubscriptionAccess, isManageableStatus, isSubscriptionActive } from '../subscription-status';
import { storageGbRounded } from '../usage-display';
import { PageHeader } from './page-header';
import { SubscriptionStatusChip } from './subscription-status-chip';

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}

function SectionCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
          <Box component="span" sx={{ color: 'secondary.main', display: 'inline-flex' }} aria-hidden>
            {icon}
          </Box>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** 'My Subscription Plan' (spec 2.8). */
export function MyPlanPage() {
  useDocumentTitle('My Subscription Plan');
  const toast = useToast();
  const { data: user } = useCurrentUser();
  const subscription = useMySubscription();
  const cancel = useCancelSubscription();
  const cardUpdate = useCardUpdate();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const header = (
    <PageHeader
      title="My Subscription Plan"
      subtitle="Manage your firm's subscription and billing information"
    />
  );

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

  const sub = subscription.data;
  const active = isSubscriptionActive(sub);

  if (!sub) {
    return (
      <>
        {header}
        <EmptyState
          icon={<ReceiptLongOutlinedIcon />}
          title="No Active Subscription"
          description="Your firm doesn't have a subscription plan yet. Choose a plan to start serving and tracking documents."
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
  const onCancel = async () => {
    setError(null);
    try {
      await cancel.mutateAsync({ subscriptionId: sub.id, reason: reason || null });
      setConfirmOpen(false);
      toast(SubscriptionMessages.cancelled);
    } catch (caught) {
      setConfirmOpen(false);
      setError(describeCancelError(caught));
    }
  };

  return (
    <>
      {header}
      {error ? (
        <Alert severity="error" onClose={() => setError(null)} sx={{ mb: 3 }}>
          {error}
        </Alert>
      ) : null}
      {cardUpdate.isError ? (
        <Alert severity="error" onClose={() => cardUpdate.reset()} sx={{ mb: 3 }}>
          {describeCardUpdateError(cardUpdate.error)}
        </Alert>
      ) : null}
      {sub.status === 'cancelled' && sub.access_ends_at && hasSubscriptionAccess(sub) ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          Your subscription was cancelled. You keep access until {formatDate(sub.access_ends_at)}; your data
          is kept for 30 days after that.
        </Alert>
      ) : null}
      {sub.status === 'pending' ? (
        <Alert
          severity="warning"
          sx={{ mb: 3 }}
          action={
            <Button component={RouterLink} to={paths.app.plans} color="inherit" size="small">
              Complete Payment
            </Button>
          }
        >
          Your plan is waiting for its first payment.
        </Alert>
      ) : null}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <SectionCard title="Current Plan" icon={<ReceiptLongOutlinedIcon />}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
              <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
                {planName(sub.plan ?? undefined)}
              </Typography>
              <SubscriptionStatusChip status={sub.status} />
            </Stack>
            {sub.amount ? (
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {formatRand(sub.amount)} per{' '}
                {sub.billing_cycle === 'annual'
                  ? 'year'
                  : sub.billing_cycle === 'quarterly'
                    ? 'quarter'
                    : 'month'}
              </Typography>
            ) : null}
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' },
                gap: 2,
              }}
            >
              <Fact label="Billing Cycle" value={billingCycleLabel(sub.billing_cycle)} />
              <Fact label="Start Date" value={formatDate(sub.start_date)} />
              <Fact label="End Date" value={formatDate(sub.end_date)} />
              {/* Only the dates that apply: no "Trial Ends: -" once a trial is over or cancelled. */}
              {sub.trial_end_date ? <Fact label="Trial Ends" value={formatDate(sub.trial_end_date)} /> : null}
              {sub.access_ends_at ? (
                <Fact label="Access Ends" value={formatDate(sub.access_ends_at)} />
              ) : null}
            </Box>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ mt: 3, flexWrap: 'wrap' }}
              useFlexGap
            >
              <Button
                component={RouterLink}
                to={paths.app.subscription}
                variant="contained"
                startIcon={<TuneIcon />}
              >
                Manage Subscription
              </Button>
              {manageable ? (
                <Button
                  variant="outlined"
                  startIcon={<CreditCardIcon />}
                  onClick={() => cardUpdate.mutate(sub.id)}
                  disabled={cardUpdate.isPending}
                >
                  {cardUpdate.isPending ? 'Opening PayFast...' : 'Update Payment Method'}
                </Button>
              ) : null}
              {manageable ? (
                <Button variant="outlined" color="error" onClick={() => setConfirmOpen(true)}>
                  Cancel Subscription
                </Button>
              ) : null}
            </Stack>
          </SectionCard>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={3} sx={{ height: '100%' }}>
            <SectionCard title="Billing Information" icon={<CreditCardIcon />}>
              <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
                <Fact label="Name" value={user?.full_name || user?.display_name || '-'} />
                <Fact label="Contact Email" value={user?.email || '-'} />
                <Fact label="Plan" value={planName(sub.plan ?? undefined)} />
                {active && sub.next_billing_date ? (
                  <Fact
                    label="Next Charge"
                    value={`${sub.next_charge_amount ? formatRand(sub.next_charge_amount) : '-'} on ${formatDate(sub.next_billing_date)}`}
                  />
                ) : null}
              </Box>
            </SectionCard>
          </Stack>
        </Grid>
        <Grid size={12}>
          <SectionCard title="Usage Summary" icon={<TuneIcon />}>
            <Grid container spacing={2}>
              {[
                { label: 'Digital Services Used', value: sub.current_digital_services ?? 0 },
                { label: 'Active Users', value: sub.current_users ?? 0 },
                { label: 'Storage', value: `${storageGbRounded(sub.current_storage_mb)} GB` },
              ].map((item) => (
                <Grid key={item.label} size={{ xs: 12, sm: 4 }}>
                  <Box
                    sx={{
                      p: 2,
                      borderRadius: 2,
                      bgcolor: 'grey.50',
                      border: 1,
                      borderColor: 'divider',
                      textAlign: 'center',
                    }}
                  >
                    <Typography sx={{ fontSize: '1.75rem', fontWeight: 800, color: 'primary.main' }}>
                      {item.value}
                    </Typography>
                    <Typography color="text.secondary">{item.label}</Typography>
                  </Box>
                </Grid>
              ))}
            </Grid>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              Usage statistics are updated daily.
            </Typography>
          </SectionCard>
        </Grid>
      </Grid>
      <ConfirmDialog
        open={confirmOpen}
        type="danger"
        title="Cancel Subscription"
        message="Are you sure you want to cancel your subscription? This action cannot be undone."
        confirmLabel={cancel.isPending ? 'Cancelling...' : 'Yes, Cancel Subscription'}
        cancelLabel="Keep Subscription"
        loading={cancel.isPending}
        onConfirm={() => void onCancel()}
        onCancel={() => setConfirmOpen(false)}
      >
        <TextField
          select
          label="Reason (optional)"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          size="small"
        >
          <MenuItem value="">
            <em>Prefer not to say</em>
          </MenuItem>
          {CANCELLATION_REASONS.map((value) => (
            <MenuItem key={value} value={value}>
              {CANCELLATION_REASON_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
      </ConfirmDialog>
    </>
  );
}
