import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import CleaningServicesOutlinedIcon from '@mui/icons-material/CleaningServicesOutlined';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryState } from '../../../components/query-state';
import { useToast } from '../../../components/toast-provider';
import { describeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCleanupExpiredTrials, useHealth, type Health } from '../api/analytics';
import { AdminPageHeader } from './admin-page-header';
import { StatCard } from './stat-card';

type CheckKey = keyof Health['checks'];

/** Each check, in words, and whether a non-zero value is a problem. */
const CHECKS: { key: CheckKey; label: string; description: string; bad: boolean }[] = [
  {
    key: 'jobs_pending',
    label: 'Scheduled jobs waiting',
    description: 'Trial ends, renewals and reminders queued for later.',
    bad: false,
  },
  {
    key: 'jobs_overdue',
    label: 'Overdue jobs',
    description: 'Jobs whose time has passed but have not run.',
    bad: true,
  },
  {
    key: 'jobs_failed',
    label: 'Failed jobs',
    description: 'Jobs that gave up after their retries.',
    bad: true,
  },
  {
    key: 'events_pending',
    label: 'Events waiting',
    description: 'Domain events not yet turned into notifications.',
    bad: false,
  },
  {
    key: 'events_failed',
    label: 'Failed events',
    description: 'Events that could not be delivered.',
    bad: true,
  },
  {
    key: 'mail_kept',
    label: 'Mail kept in the outbox',
    description: 'E-mails kept for reading in Settings (no SMTP server).',
    bad: false,
  },
  { key: 'mail_failed', label: 'Mail failures', description: 'E-mails the mail server refused.', bad: true },
  {
    key: 'payments_pending_stale',
    label: 'Stale pending payments',
    description: 'Payments started more than a day ago and never confirmed.',
    bad: true,
  },
  {
    key: 'notifications_rejected_24h',
    label: 'Rejected notifications (24 h)',
    description: 'Payment notifications refused in the last day.',
    bad: true,
  },
  {
    key: 'subscriptions_past_end',
    label: 'Subscriptions past their end',
    description: 'Active subscriptions whose period ended without renewal.',
    bad: true,
  },
];

/** 'System Health': the database, the payment provider, background work and outstanding issues. */
export function AdminHealthPage() {
  useDocumentTitle('System Health');
  const toast = useToast();
  const health = useHealth();
  const cleanup = useCleanupExpiredTrials();
  const [confirm, setConfirm] = useState(false);

  const runCleanup = async () => {
    try {
      const result = await cleanup.mutateAsync();
      toast(result.message);
    } catch (caught) {
      toast(describeError(caught, { fallback: 'Failed to clean up expired trials.' }), 'error');
    } finally {
      setConfirm(false);
    }
  };

  const actions = (
    <>
      <Button
        variant="outlined"
        startIcon={<RefreshIcon />}
        onClick={() => void health.refetch()}
        disabled={health.isFetching}
      >
        Refresh
      </Button>
      <Button
        variant="outlined"
        startIcon={<CleaningServicesOutlinedIcon />}
        onClick={() => setConfirm(true)}
      >
        Clean Up Expired Trials
      </Button>
    </>
  );

  return (
    <>
      <AdminPageHeader
        title="System Health"
        description="Checked every minute while this page is open."
        actions={actions}
      />
      <QueryState
        query={health}
        loadingLabel="Checking the system..."
        errorMessage={(caught) =>
          describeError(caught, { fallback: 'Failed to load the system health. Please try again.' })
        }
      >
        {(data) => (
          <>
            <Alert
              severity={
                data.status === 'healthy' ? 'success' : data.status === 'degraded' ? 'warning' : 'error'
              }
              icon={
                data.status === 'healthy' ? (
                  <CheckCircleOutlinedIcon />
                ) : data.status === 'degraded' ? (
                  <WarningAmberIcon />
                ) : (
                  <ErrorOutlinedIcon />
                )
              }
              sx={{ mb: 3 }}
            >
              <AlertTitle>
                {data.status === 'healthy'
                  ? 'All systems operational'
                  : data.status === 'degraded'
                    ? 'Some checks need attention'
                    : 'The system is unhealthy'}
              </AlertTitle>
              {data.issues.length ? (
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {data.issues.map((issue) => (
                    <li key={issue}>{issue}</li>
                  ))}
                </Box>
              ) : (
                `Checked ${formatDateTime(data.generated_at)}.`
              )}
            </Alert>
            <Grid container spacing={2.5} sx={{ mb: 3 }}>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <StatCard
                  label="Health score"
                  value={`${data.health_score}%`}
                  color={
                    data.health_score >= 90
                      ? 'success.main'
                      : data.health_score >= 70
                        ? 'warning.main'
                        : 'error.main'
                  }
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <StatCard
                  label="Database"
                  value={data.database.ok ? 'Online' : 'Offline'}
                  hint={`${data.database.kind} · ${Math.round(data.database.latency_ms)} ms`}
                  color={data.database.ok ? 'success.main' : 'error.main'}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <StatCard
                  label="Payment provider"
                  value={data.payment_provider}
                  hint={`Mode: ${data.payfast_mode}`}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <StatCard
                  label="Issues"
                  value={data.issues.length}
                  color={data.issues.length ? 'warning.main' : 'success.main'}
                />
              </Grid>
            </Grid>
            <Card>
              <CardContent sx={{ p: 3 }}>
                <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                  Background work
                </Typography>
                <Grid container spacing={2}>
                  {CHECKS.map((check) => {
                    const value = data.checks[check.key];
                    const problem = check.bad && value > 0;
                    return (
                      <Grid key={check.key} size={{ xs: 12, sm: 6, md: 4 }}>
                        <Box
                          sx={{
                            p: 2,
                            border: 1,
                            borderColor: problem ? 'warning.main' : 'divider',
                            borderRadius: 2,
                            height: '100%',
                            bgcolor: problem ? 'rgba(178,106,0,0.06)' : 'transparent',
                          }}
                        >
                          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                            <Typography sx={{ fontWeight: 600 }}>{check.label}</Typography>
                            <Typography
                              sx={{ fontWeight: 800, color: problem ? 'warning.main' : 'text.primary' }}
                            >
                              {value}
                            </Typography>
                          </Box>
                          <Typography variant="body2" color="text.secondary">
                            {check.description}
                          </Typography>
                        </Box>
                      </Grid>
                    );
                  })}
                </Grid>
              </CardContent>
            </Card>
          </>
        )}
      </QueryState>
      <ConfirmDialog
        open={confirm}
        type="warning"
        title="Clean Up Expired Trials"
        message="Trials whose end date has passed without a payment are marked expired now, instead of waiting for the scheduled job."
        confirmLabel={cleanup.isPending ? 'Cleaning up...' : 'Clean Up'}
        loading={cleanup.isPending}
        onConfirm={() => void runCleanup()}
        onCancel={() => setConfirm(false)}
      />
    </>
  );
}
