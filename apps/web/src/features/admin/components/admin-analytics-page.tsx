import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { RowsTable } from '../../../components/data-table/rows-table';
import type { DataTableColumn } from '../../../components/data-table/columns';
import { QueryError } from '../../../components/query-state';
import { describeError } from '../../../lib/api-client';
import { formatDate, formatRand } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { monthLabel, randAxis } from '../admin-format';
import {
  useExpiringSoon,
  useTrends,
  useUsageLimits,
  type ExpiringSubscription,
  type FirmUsage,
  type MonthTrend,
} from '../api/analytics';
import { AdminPageHeader } from './admin-page-header';

function ChartCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {description}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const KIND_LABELS = {
  trial_end: 'Trial ends',
  period_end: 'Period ends',
  access_end: 'Access ends',
} as const;

const count = (
  id: keyof MonthTrend & string,
  header: string,
): DataTableColumn<MonthTrend & { label: string }> => ({
  id,
  header,
  align: 'right',
  sortValue: (m) => Number(m[id]),
  cell: (m) => String(m[id]),
});

const MONTH_COLUMNS: DataTableColumn<MonthTrend & { label: string }>[] = [
  {
    id: 'month',
    header: 'Month',
    card: 'title',
    sortValue: (m) => m.month,
    cell: (m) => <Typography sx={{ fontWeight: 600 }}>{m.label}</Typography>,
  },
  count('active_at_month_end', 'Active at month end'),
  count('new_subscriptions', 'New'),
  count('trials_started', 'Trials started'),
  count('cancellations', 'Cancellations'),
  count('expirations', 'Expirations'),
  count('payments', 'Payments'),
  {
    id: 'revenue',
    header: 'Revenue',
    align: 'right',
    sortValue: (m) => m.revenue,
    cell: (m) => formatRand(m.revenue),
  },
];

const ENDING_COLUMNS: DataTableColumn<ExpiringSubscription>[] = [
  {
    id: 'firm',
    header: 'Firm',
    card: 'title',
    sortValue: (s) => s.firm_name,
    cell: (s) => <Typography sx={{ fontWeight: 600 }}>{s.firm_name}</Typography>,
  },
  { id: 'plan', header: 'Plan', sortValue: (s) => s.plan_name, cell: (s) => s.plan_name },
  {
    id: 'what',
    header: 'What',
    cell: (s) => (
      <>
        {KIND_LABELS[s.kind]}
        {!s.has_payment_method && s.kind !== 'access_end' ? (
          <Chip size="small" color="warning" variant="outlined" label="No card" sx={{ ml: 1 }} />
        ) : null}
      </>
    ),
  },
  {
    id: 'date',
    header: 'Date',
    sortValue: (s) => s.ends_at,
    cell: (s) => (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatDate(s.ends_at)}
      </Box>
    ),
  },
  {
    id: 'days',
    header: 'Days left',
    align: 'right',
    sortValue: (s) => s.days_left,
    cell: (s) => String(s.days_left),
  },
];

function UsageMeter({ usage }: { usage: FirmUsage['users'] }) {
  return (
    <Box sx={{ minWidth: 110 }}>
      <Typography variant="body2">
        {usage.percent === null ? `${Math.round(usage.used)} / ∞` : `${Math.round(usage.percent)}%`}
      </Typography>
      {usage.percent !== null ? (
        <LinearProgress
          variant="determinate"
          value={Math.min(100, usage.percent)}
          color={usage.percent >= 90 ? 'error' : usage.percent >= 75 ? 'warning' : 'primary'}
          aria-hidden
        />
      ) : null}
    </Box>
  );
}

const LIMIT_COLUMNS: DataTableColumn<FirmUsage>[] = [
  {
    id: 'firm',
    header: 'Firm',
    card: 'title',
    sortValue: (f) => f.firm_name,
    cell: (f) => (
      <>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {f.firm_name}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {f.plan_name}
          {f.over_limit ? ' · over a limit' : ''}
        </Typography>
      </>
    ),
  },
  {
    id: 'users',
    header: 'Users',
    sortValue: (f) => f.users.percent,
    cell: (f) => <UsageMeter usage={f.users} />,
  },
  {
    id: 'services',
    header: 'Digital services',
    sortValue: (f) => f.digital_services.percent,
    cell: (f) => <UsageMeter usage={f.digital_services} />,
  },
  {
    id: 'storage',
    header: 'Storage',
    sortValue: (f) => f.storage_mb.percent,
    cell: (f) => <UsageMeter usage={f.storage_mb} />,
  },
];

/** 'Analytics Dashboard': subscriptions and revenue over time, renewals due, firms near their limits. */
export function AdminAnalyticsPage() {
  useDocumentTitle('Analytics Dashboard');
  const theme = useTheme();
  const [months, setMonths] = useState(12);
  const [days, setDays] = useState(30);
  const trends = useTrends(months);
  const expiring = useExpiringSoon(days);
  const limits = useUsageLimits();
  const data = (trends.data?.months ?? []).map((m) => ({ ...m, label: monthLabel(m.month) }));
  const totalRevenue = data.reduce((sum, m) => sum + m.revenue, 0);

  return (
    <>
      <AdminPageHeader
        title="Analytics Dashboard"
        description="Subscriptions and revenue over time, subscriptions ending soon and firms close to their plan limits."
        actions={
          <TextField
            select
            size="small"
            label="Period"
            value={months}
            onChange={(e) => setMonths(Number(e.target.value))}
            sx={{ minWidth: 170 }}
          >
            {[6, 12, 24].map((n) => (
              <MenuItem key={n} value={n}>
                Last {n} months
              </MenuItem>
            ))}
          </TextField>
        }
      />
      {trends.isError ? (
        <QueryError
          sx={{ mb: 3 }}
          message={describeError(trends.error, { fallback: 'Failed to load analytics. Please try again.' })}
          onRetry={trends.refetch}
        />
      ) : null}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard
            title="Subscriptions over time"
            description="Active subscriptions at each month's end, with new subscriptions and cancellations."
          >
            {trends.isPending ? (
              <Skeleton variant="rounded" height={300} />
            ) : (
              <Box
                role="img"
                aria-label={`Line chart of subscriptions over the last ${months} months. The data table below lists the figures.`}
                sx={{ height: 300 }}
              >
                <ResponsiveContainer width="100%" height="100%">
                  <LineChart data={data} margin={{ top: 8, right: 16, left: -8, bottom: 0 }}>
                    <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
                    <XAxis dataKey="label" tick={{ fontSize: 12 }} />
                    <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
                    <Tooltip />
                    <Legend />
                    <Line
                      type="monotone"
                      dataKey="active_at_month_end"
                      name="Active"
                      stroke={theme.palette.primary.main}
                      strokeWidth={3}
                      dot={false}
                    />
                    <Line
                      type="monotone"
                      dataKey="new_subscriptions"
                      name="New"
                      stroke={theme.palette.success.main}
                      strokeWidth={2}
                    />
                    <Line
                      type="monotone"
                      dataKey="trials_started"
                      name="Trials started"
                      stroke={theme.palette.info.main}
                      strokeWidth={2}
                      strokeDasharray="4 3"
                    />
                    <Line
                      type="monotone"
                      dataKey="cancellations"
                      name="Cancellations"
                      stroke={theme.palette.error.main}
                      strokeWidth={2}
                    />
                  </LineChart>
                </ResponsiveContainer>
              </Box>
            )}
          </ChartCard>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard
            title="Revenue over time"
            description={`Completed payments per month, in rand. ${trends.data ? `${formatRand(totalRevenue)} over the period.` : ''}`}
          >
            {trends.isPending ? (
              <Skeleton variant="rounded" height={300} />
            ) : (
              <Box
                role="img"
                aria-label={`Bar chart of revenue over the last ${months} months, ${formatRand(totalRevenue)} in total. The data table below lists the figures.`}
                sx={{ height: 300 }}
              >
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={data} margin={{ top: 8, right: 16, left: 16, bottom: 0 }}>
                    <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} vertical={false} />
                    <XAxis dataKey="label" tick={{ fontSize: 12 }} />
                    <YAxis tickFormatter={randAxis} tick={{ fontSize: 12 }} width={80} />
                    <Tooltip formatter={(value) => formatRand(Number(value))} />
                    <Bar
                      dataKey="revenue"
                      name="Revenue"
                      fill={theme.palette.secondary.main}
                      radius={[4, 4, 0, 0]}
                    />
                  </BarChart>
                </ResponsiveContainer>
              </Box>
            )}
          </ChartCard>
        </Grid>
        <Grid size={12}>
          <Accordion disableGutters variant="outlined">
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography sx={{ fontWeight: 600 }}>Data table</Typography>
            </AccordionSummary>
            <AccordionDetails>
              <RowsTable
                label="Subscriptions and revenue by month"
                rows={data}
                rowKey={(m) => m.month}
                columns={MONTH_COLUMNS}
              />
            </AccordionDetails>
          </Accordion>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent sx={{ p: 3 }}>
              <Box
                sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, mb: 2 }}
              >
                <Typography variant="h6" component="h2">
                  Ending soon
                </Typography>
                <TextField
                  select
                  size="small"
                  label="Within"
                  value={days}
                  onChange={(e) => setDays(Number(e.target.value))}
                  sx={{ minWidth: 120 }}
                >
                  {[7, 14, 30, 60].map((n) => (
                    <MenuItem key={n} value={n}>
                      {n} days
                    </MenuItem>
                  ))}
                </TextField>
              </Box>
              {expiring.isPending ? (
                <Skeleton variant="rounded" height={120} />
              ) : expiring.isError ? (
                <Alert severity="error">
                  {describeError(expiring.error, { fallback: 'Failed to load subscriptions ending soon.' })}
                </Alert>
              ) : expiring.data.subscriptions.length === 0 ? (
                <Typography color="text.secondary">No subscriptions end in the next {days} days.</Typography>
              ) : (
                <RowsTable
                  label="Subscriptions ending soon"
                  rows={expiring.data.subscriptions}
                  rowKey={(s) => `${s.subscription_id}-${s.kind}`}
                  columns={ENDING_COLUMNS}
                />
              )}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent sx={{ p: 3 }}>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                Firms near their plan limits
              </Typography>
              {limits.isPending ? (
                <Skeleton variant="rounded" height={120} />
              ) : limits.isError ? (
                <Alert severity="error">
                  {describeError(limits.error, { fallback: 'Failed to load usage against limits.' })}
                </Alert>
              ) : limits.data.firms.length === 0 ? (
                <Typography color="text.secondary">
                  No firm is above {limits.data.threshold}% of any limit.
                </Typography>
              ) : (
                <RowsTable
                  label="Firms near their plan limits"
                  rows={limits.data.firms}
                  rowKey={(f) => f.firm_id}
                  columns={LIMIT_COLUMNS}
                />
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </>
  );
}
