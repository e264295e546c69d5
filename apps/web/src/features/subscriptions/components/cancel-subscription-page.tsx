import { SubscriptionMessages } from '@lexserve/contracts/subscriptions';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import MoneyOffIcon from '@mui/icons-material/MoneyOff';
import StorageIcon from '@mui/icons-material/Storage';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { describeError } from '../../../lib/api-client';
import { formatDate, formatRand } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMySubscription } from '../api/get-my-subscription';
import { describeCancelError, useCancelSubscription } from '../api/manage-subscription';
import { CANCELLATION_REASONS, CANCELLATION_REASON_LABELS, cancellationReasonLabel } from '../cancellation';
import { planName } from '../plan-display';
import { isManageableStatus } from '../subscription-status';
import { PageHeader } from './page-header';

/** Cancel the subscription (spec 2.13); the reason and feedback are sent and stored (product decision). */
export function CancelSubscriptionPage() {
  useDocumentTitle('Cancel Subscription');
  const navigate = useNavigate();
  const subscription = useMySubscription();
  const cancel = useCancelSubscription();
  const [reason, setReason] = useState('');
  const [feedback, setFeedback] = useState('');
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const header = <PageHeader title="Cancel Subscription" subtitle="We're sorry to see you go." />;

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
  if (!sub?.id || !isManageableStatus(sub.status)) {
    return (
      <>
        {header}
        <EmptyState
          title="Cancellation Not Available"
          description={
            sub
              ? 'This subscription cannot be cancelled at this time.'
              : 'No active subscription found to cancel.'
          }
          action={
            <Button component={RouterLink} to={paths.app.subscription} variant="contained">
              Back to Subscription
            </Button>
          }
        />
      </>
    );
  }

  const accessUntil = sub.end_date ?? (sub.status === 'trial' ? sub.trial_end_date : null);
  const price = sub.plan?.monthly_price;

  const onConfirm = async () => {
    setError(null);
    try {
      await cancel.mutateAsync({ subscriptionId: sub.id, reason, feedback });
      setConfirmOpen(false);
      navigate(paths.app.subscription, { state: { message: SubscriptionMessages.cancelledRetainAccess } });
    } catch (caught) {
      setConfirmOpen(false);
      setError(describeCancelError(caught));
    }
  };

  return (
    <>
      {header}
      {error ? (
        <Alert severity="error" role="alert" onClose={() => setError(null)} sx={{ mb: 3 }}>
          {error}
        </Alert>
      ) : null}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={3}>
            <Card>
              <CardContent sx={{ p: 3 }}>
                <Typography variant="h6" component="h2" gutterBottom>
                  Current Plan
                </Typography>
                <Typography variant="h5" component="p" sx={{ fontWeight: 700, color: 'primary.main' }}>
                  {planName(sub.plan ?? undefined)}
                </Typography>
                <Typography color="text.secondary">
                  {price ? `${formatRand(price)} per month` : 'Contact Us'}
                </Typography>
                <Typography sx={{ mt: 2 }}>
                  Access will continue until:{' '}
                  <strong>{accessUntil ? formatDate(accessUntil) : 'End of current billing period'}</strong>
                </Typography>
              </CardContent>
            </Card>
            <Card>
              <CardContent sx={{ p: 3 }}>
                <Typography variant="h6" component="h2">
                  Important information
                </Typography>
                <List dense>
                  <ListItem disableGutters>
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <EventAvailableIcon color="primary" aria-hidden />
                    </ListItemIcon>
                    <ListItemText primary="You keep full access until the end of your current billing period." />
                  </ListItem>
                  <ListItem disableGutters>
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <StorageIcon color="primary" aria-hidden />
                    </ListItemIcon>
                    <ListItemText primary="Your data is preserved for 30 days after access ends, so you can come back." />
                  </ListItem>
                  <ListItem disableGutters>
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <MoneyOffIcon color="primary" aria-hidden />
                    </ListItemIcon>
                    <ListItemText primary="No further charges will be made to your card." />
                  </ListItem>
                </List>
              </CardContent>
            </Card>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card>
            <CardContent sx={{ p: 3 }}>
              <Typography variant="h6" component="h2" gutterBottom>
                Tell us why you are cancelling
              </Typography>
              <Stack spacing={2.5} sx={{ mt: 2 }}>
                <TextField
                  select
                  required
                  label="Reason for cancelling"
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                  helperText="Choose a reason to continue."
                >
                  {CANCELLATION_REASONS.map((value) => (
                    <MenuItem key={value} value={value}>
                      {CANCELLATION_REASON_LABELS[value]}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  label="Feedback (optional)"
                  multiline
                  minRows={4}
                  value={feedback}
                  onChange={(event) => setFeedback(event.target.value)}
                  slotProps={{ htmlInput: { maxLength: 2000 } }}
                  helperText="What could we have done better?"
                />
              </Stack>
              <Stack
                direction={{ xs: 'column-reverse', sm: 'row' }}
                spacing={1.5}
                sx={{ mt: 3, justifyContent: 'flex-end' }}
              >
                <Button component={RouterLink} to={paths.app.subscription} variant="outlined">
                  Keep Subscription
                </Button>
                <Button
                  variant="contained"
                  color="error"
                  disabled={!reason}
                  onClick={() => setConfirmOpen(true)}
                >
                  Cancel Subscription
                </Button>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <ConfirmDialog
        open={confirmOpen}
        type="danger"
        title="Cancel your subscription?"
        message={
          <>
            Your {planName(sub.plan ?? undefined)} subscription will be cancelled. You keep access until{' '}
            {accessUntil ? formatDate(accessUntil) : 'the end of your current billing period'}.
            <Box component="dl" sx={{ mt: 2, mb: 0 }}>
              <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
                Reason
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, mb: 1 }}>
                {cancellationReasonLabel(reason)}
              </Typography>
              {feedback.trim() ? (
                <>
                  <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
                    Feedback
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
                    {feedback.trim()}
                  </Typography>
                </>
              ) : null}
            </Box>
          </>
        }
        confirmLabel={cancel.isPending ? 'Cancelling...' : 'Yes, Cancel Subscription'}
        cancelLabel="Keep Subscription"
        loading={cancel.isPending}
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirmOpen(false)}
      />
    </>
  );
}
