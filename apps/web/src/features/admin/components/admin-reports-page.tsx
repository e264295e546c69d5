import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { DataTableColumn } from '../../../components/data-table/columns';
import { RowsTable } from '../../../components/data-table/rows-table';
import { QueryError } from '../../../components/query-state';
import { describeError } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatRand } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LONG_MONTHS, humanise } from '../admin-format';
import {
  useCancellationReport,
  useMonthlySummary,
  type CancellationRow,
  type PaymentFeedbackRow,
  type PlanRevenue,
} from '../api/analytics';
import { AdminPageHeader } from './admin-page-header';
import { StatCard } from './stat-card';

const title = (text: string) => <Typography sx={{ fontWeight: 600 }}>{text}</Typography>;
const longText = (text: string | null | undefined) => (
  <Box sx={{ maxWidth: 360, whiteSpace: 'pre-wrap' }}>{text || '-'}</Box>
);

const PLAN_REVENUE_COLUMNS: DataTableColumn<PlanRevenue>[] = [
  { id: 'plan', header: 'Plan', card: 'title', sortValue: (p) => p.name, cell: (p) => title(p.name) },
  {
    id: 'payments',
    header: 'Payments',
    align: 'right',
    sortValue: (p) => p.payments,
    cell: (p) => String(p.payments),
  },
  {
    id: 'revenue',
    header: 'Revenue',
    align: 'right',
    sortValue: (p) => p.revenue,
    cell: (p) => formatRand(p.revenue),
  },
];

const CANCELLATION_COLUMNS: DataTableColumn<CancellationRow>[] = [
  {
    id: 'firm',
    header: 'Firm',
    card: 'title',
    sortValue: (c) => c.firm_name,
    cell: (c) => title(c.firm_name),
  },
  {
    id: 'date',
    header: 'Date',
    sortValue: (c) => c.at,
    cell: (c) => (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatDate(c.at)}
      </Box>
    ),
  },
  { id: 'plan', header: 'Plan', sortValue: (c) => c.plan_name, cell: (c) => c.plan_name ?? '-' },
  { id: 'reason', header: 'Reason', sortValue: (c) => c.reason, cell: (c) => humanise(c.reason) },
  { id: 'feedback', header: 'Feedback', cell: (c) => longText(c.feedback) },
  { id: 'by', header: 'By', cell: (c) => c.by ?? 'System' },
];

const PAYMENT_FEEDBACK_COLUMNS: DataTableColumn<PaymentFeedbackRow>[] = [
  {
    id: 'firm',
    header: 'Firm',
    card: 'title',
    sortValue: (f) => f.firm_name,
    cell: (f) => title(f.firm_name ?? '-'),
  },
  {
    id: 'when',
    header: 'When',
    sortValue: (f) => f.at,
    cell: (f) => (
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(f.at)}
      </Box>
    ),
  },
  { id: 'user', header: 'User', cell: (f) => f.user ?? '-' },
  { id: 'reason', header: 'Reason', sortValue: (f) => f.reason, cell: (f) => humanise(f.reason) },
  { id: 'feedback', header: 'Feedback', cell: (f) => longText(f.feedback) },
];

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Reason counts as bars: the share of each reason at a glance. */
function ReasonBars({ reasons, empty }: { reasons: { reason: string; count: number }[]; empty: string }) {
  const total = reasons.reduce((sum, r) => sum + r.count, 0);
  if (!reasons.length) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <Stack spacing={1.5}>
      {reasons.map((r) => (
        <Box key={r.reason}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
            <Typography variant="body2">{humanise(r.reason)}</Typography>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {r.count}
            </Typography>
          </Box>
          <LinearProgress
            variant="determinate"
            value={total ? (r.count / total) * 100 : 0}
            color="secondary"
            sx={{ height: 6, borderRadius: 3 }}
            aria-hidden
          />
        </Box>
      ))}
    </Stack>
  );
}

/** 'Reports': the monthly summary, cancellation reasons and the feedback firms gave. */
export function AdminReportsPage() {
  useDocumentTitle('Reports');
  const now = new Date();
  const [year, setYear] = useState(now.getFullYear());
  const [month, setMonth] = useState(now.getMonth() + 1);
  const summary = useMonthlySummary(year, month);
  const report = useCancellationReport(summary.data?.period_start ?? '', summary.data?.period_end ?? '');
  const years = Array.from({ length: 6 }, (_, i) => now.getFullYear() - i);
  const s = summary.data;

  return (
    <>
      <AdminPageHeader
        title="Reports"
        description="The month's subscriptions and revenue, why firms cancelled, and what they told us."
        actions={
          <Stack direction="row" spacing={1.5}>
            <TextField
              select
              size="small"
              label="Month"
              value={month}
              onChange={(e) => setMonth(Number(e.target.value))}
              sx={{ minWidth: 150 }}
            >
              {LONG_MONTHS.map((name, i) => (
                <MenuItem key={name} value={i + 1}>
                  {name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Year"
              value={year}
              onChange={(e) => setYear(Number(e.target.value))}
              sx={{ minWidth: 110 }}
            >
              {years.map((y) => (
                <MenuItem key={y} value={y}>
                  {y}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        }
      />
      {summary.isError ? (
        <QueryError
          message={describeError(summary.error, {
            fallback: 'Failed to load the monthly summary. Please try again.',
          })}
          onRetry={summary.refetch}
        />
      ) : (
        <>
          <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
            Monthly summary: {LONG_MONTHS[month - 1]} {year}
          </Typography>
          <Grid container spacing={2.5} sx={{ mb: 3 }}>
            {[
              {
                label: 'Revenue',
                value: s ? formatRand(s.revenue) : '',
                hint: s ? `${s.payments_count} payments` : undefined,
                color: 'secondary.dark',
              },
              {
                label: 'New subscriptions',
                value: s?.new_subscriptions ?? 0,
                hint: s ? `${s.trials_started} trials started` : undefined,
                color: 'success.main',
              },
              {
                label: 'Active at month end',
                value: s?.active_at_month_end ?? 0,
                hint: s ? `${s.renewals} renewals · ${s.plan_changes} plan changes` : undefined,
              },
              {
                label: 'Cancellations',
                value: s?.cancellations ?? 0,
                hint: s ? `${s.expirations} expired` : undefined,
                color: 'error.main',
              },
            ].map((card) => (
              <Grid key={card.label} size={{ xs: 12, sm: 6, md: 3 }}>
                <StatCard
                  label={card.label}
                  value={card.value}
                  hint={card.hint}
                  loading={summary.isPending}
                  color={card.color}
                />
              </Grid>
            ))}
          </Grid>
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Panel title="Revenue by plan">
                {summary.isPending ? (
                  <Skeleton variant="rounded" height={120} />
                ) : s && s.revenue_by_plan.length ? (
                  <RowsTable
                    label="Revenue by plan"
                    rows={s.revenue_by_plan}
                    rowKey={(p) => p.plan_id}
                    columns={PLAN_REVENUE_COLUMNS}
                  />
                ) : (
                  <Typography color="text.secondary">No payments this month.</Typography>
                )}
                {s ? (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                    {s.failed_payments} failed and {s.cancelled_payments} cancelled payments · {s.activations}{' '}
                    activations
                  </Typography>
                ) : null}
              </Panel>
            </Grid>
            <Grid size={{ xs: 12, md: 3 }}>
              <Panel title="Cancellation reasons">
                {summary.isPending ? (
                  <Skeleton variant="rounded" height={120} />
                ) : (
                  <ReasonBars reasons={s?.cancellation_reasons ?? []} empty="No cancellations this month." />
                )}
              </Panel>
            </Grid>
            <Grid size={{ xs: 12, md: 3 }}>
              <Panel title="Why payments were cancelled">
                {summary.isPending ? (
                  <Skeleton variant="rounded" height={120} />
                ) : (
                  <ReasonBars
                    reasons={s?.payment_cancel_reasons ?? []}
                    empty="No payment feedback this month."
                  />
                )}
              </Panel>
            </Grid>
            <Grid size={12}>
              <Panel title="Cancellations and feedback">
                {report.isPending ? (
                  <Skeleton variant="rounded" height={120} />
                ) : report.isError ? (
                  <Alert severity="error">
                    {describeError(report.error, { fallback: 'Failed to load the cancellation report.' })}
                  </Alert>
                ) : report.data.cancellations.length === 0 ? (
                  <Typography color="text.secondary">No subscriptions were cancelled this month.</Typography>
                ) : (
                  <RowsTable
                    label="Cancellations"
                    rows={report.data.cancellations}
                    rowKey={(c) => `${c.subscription_id}-${c.at}`}
                    columns={CANCELLATION_COLUMNS}
                  />
                )}
              </Panel>
            </Grid>
            <Grid size={12}>
              <Panel title="Payment-cancel feedback">
                {report.isPending ? (
                  <Skeleton variant="rounded" height={80} />
                ) : report.isError ? null : report.data.payment_feedback.length === 0 ? (
                  <Typography color="text.secondary">
                    No feedback on cancelled payments this month.
                  </Typography>
                ) : (
                  <RowsTable
                    label="Payment-cancel feedback"
                    rows={report.data.payment_feedback}
                    rowKey={(f) => f.id}
                    columns={PAYMENT_FEEDBACK_COLUMNS}
                  />
                )}
              </Panel>
            </Grid>
          </Grid>
        </>
      )}
    </>
  );
}
