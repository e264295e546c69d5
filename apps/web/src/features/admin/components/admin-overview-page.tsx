import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import HourglassEmptyOutlinedIcon from '@mui/icons-material/HourglassEmptyOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { QueryError } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { describeError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { formatDateTime, formatRand } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAnalyticsOverview, useHealth } from '../api/analytics';
import { AdminPageHeader } from './admin-page-header';
import { StatCard } from './stat-card';

const section = paths.app.adminSection;

/** 'Admin Dashboard' (spec 2.14) with the real figures (product decision). */
export function AdminOverviewPage() {
  useDocumentTitle('Admin Dashboard');
  const { data: user } = useCurrentUser();
  const overview = useAnalyticsOverview();
  const health = useHealth();
  const data = overview.data;
  const loading = overview.isPending;

  return (
    <>
      <AdminPageHeader title="Admin Dashboard" />
      <Alert severity="info" icon={<AdminPanelSettingsOutlinedIcon />} sx={{ mb: 3 }}>
        Welcome back{user ? `, ${user.display_name || user.full_name}` : ''}. Manage subscription plans, firm
        subscriptions, users and firms, and keep an eye on the platform&apos;s health from here.
      </Alert>
      {overview.isError ? (
        <QueryError
          sx={{ mb: 3 }}
          message={describeError(overview.error, {
            fallback: 'Failed to load the dashboard figures. Please try again.',
          })}
          onRetry={overview.refetch}
        />
      ) : null}
      <Grid container spacing={2.5} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard
            label="Total Subscriptions"
            value={data?.total_subscriptions ?? 0}
            hint={data ? `${data.pending_subscriptions} awaiting payment` : undefined}
            icon={<ReceiptLongOutlinedIcon />}
            to={section('firm-subscriptions')}
            loading={loading}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard
            label="Active Subscriptions"
            value={data?.active_subscriptions ?? 0}
            hint={data ? `${data.active_percentage.toFixed(1)}% of total` : undefined}
            icon={<CheckCircleOutlinedIcon />}
            to={`${section('firm-subscriptions')}?status=active`}
            loading={loading}
            color="success.main"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard
            label="Trial Subscriptions"
            value={data?.trial_subscriptions ?? 0}
            hint="Free trials in progress"
            icon={<HourglassEmptyOutlinedIcon />}
            to={`${section('firm-subscriptions')}?status=trial`}
            loading={loading}
            color="info.main"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard
            label="Monthly Revenue"
            value={formatRand(data?.monthly_revenue ?? 0)}
            hint={data ? `${formatRand(data.revenue_this_month)} collected this month` : undefined}
            icon={<PaymentsOutlinedIcon />}
            to={section('reports')}
            loading={loading}
            color="secondary.dark"
          />
        </Grid>
      </Grid>
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent sx={{ p: 3 }}>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                Quick Actions
              </Typography>
              <Stack spacing={1.5}>
                <Button
                  component={RouterLink}
                  to={section('plans')}
                  variant="outlined"
                  startIcon={<SellOutlinedIcon />}
                  sx={{ justifyContent: 'flex-start' }}
                >
                  Manage Subscription Plans
                </Button>
                <Button
                  component={RouterLink}
                  to={section('firm-subscriptions')}
                  variant="outlined"
                  startIcon={<ReceiptLongOutlinedIcon />}
                  sx={{ justifyContent: 'flex-start' }}
                >
                  View Firm Subscriptions
                </Button>
                <Button
                  component={RouterLink}
                  to={section('users')}
                  variant="outlined"
                  startIcon={<PeopleOutlineIcon />}
                  sx={{ justifyContent: 'flex-start' }}
                >
                  User Management
                </Button>
                <Button
                  component={RouterLink}
                  to={section('firms')}
                  variant="outlined"
                  startIcon={<BusinessOutlinedIcon />}
                  sx={{ justifyContent: 'flex-start' }}
                >
                  Firm Management
                </Button>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent sx={{ p: 3 }}>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                System Status
              </Typography>
              {health.isError ? (
                <Alert severity="error">
                  {describeError(health.error, { fallback: 'Failed to load the system status.' })}
                </Alert>
              ) : (
                <>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
                    <Typography color="text.secondary">Health score</Typography>
                    <Typography sx={{ fontWeight: 700 }}>
                      {health.data ? `${health.data.health_score}%` : '…'}
                    </Typography>
                  </Stack>
                  <LinearProgress
                    variant={health.data ? 'determinate' : 'indeterminate'}
                    value={health.data?.health_score ?? 0}
                    color={
                      !health.data || health.data.health_score >= 90
                        ? 'success'
                        : health.data.health_score >= 70
                          ? 'warning'
                          : 'error'
                    }
                    sx={{ height: 8, borderRadius: 4, mb: 2 }}
                    aria-label="Health score"
                  />
                  <List dense disablePadding>
                    <ListItem disableGutters secondaryAction={<strong>{data?.total_users ?? '…'}</strong>}>
                      <ListItemText
                        primary="Total users"
                        secondary={data ? `${data.active_users} active` : undefined}
                      />
                    </ListItem>
                    <ListItem disableGutters secondaryAction={<strong>{data?.total_firms ?? '…'}</strong>}>
                      <ListItemText
                        primary="Total firms"
                        secondary={
                          data ? `${data.firms_without_subscription} without a subscription` : undefined
                        }
                      />
                    </ListItem>
                  </List>
                  {health.data ? (
                    health.data.status === 'healthy' ? (
                      <Alert severity="success" icon={<CheckCircleOutlinedIcon />} sx={{ mt: 1 }}>
                        All systems operational
                      </Alert>
                    ) : (
                      <Alert
                        severity={health.data.status === 'degraded' ? 'warning' : 'error'}
                        icon={<WarningAmberIcon />}
                        sx={{ mt: 1 }}
                        action={
                          <Button component={RouterLink} to={section('health')} color="inherit" size="small">
                            Details
                          </Button>
                        }
                      >
                        {health.data.issues[0] ?? 'Some checks need attention.'}
                      </Alert>
                    )
                  ) : null}
                  {data ? (
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
                      Figures as at {formatDateTime(data.generated_at)}
                    </Typography>
                  ) : null}
                </>
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </>
  );
}
