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
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { QueryError } from '../../../components/query-state';
import { describeError } from '../../../lib/api-client';
import { formatDate, formatRand } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { monthLabel, randAxis } from '../admin-format';
import { useExpiringSoon, useTrends, useUsageLimits } from '../api/analytics';
import { AdminPageHeader } from './admin-page-header';

function ChartCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
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

const KIND_LABELS = { trial_end: 'Trial ends', period_end: 'Period ends', access_end: 'Access ends' } as const;

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
          <TextField select size="small" label="Period" value={months} onChange={(e) => setMonths(Number(e.target.value))} sx={{ minWidth: 170 }}>
            {[6, 12, 24].map((n) => (
              <MenuItem key={n} value={n}>
                Last {n} months
              </MenuItem>
            ))}
          </TextField>
        }
      />
      {trends.isError ? (
        <QueryError sx={{ mb: 3 }} message={describeError(trends.error, { fallback: 'Failed to load analytics. Please try again.' })} onRetry={trends.refetch} />
      ) : null}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard title="Subscriptions over time" description="Active subscriptions at each month's end, with new subscriptions and cancellations.">
            {trends.isPending ? (
              <Skeleton variant="rounded" height={300} />
            ) : (
              <Box role="img" aria-label={`Line chart of subscriptions over the last ${months} months. The data table below lists the figures.`} sx={{ height: 300 }}>
                <ResponsiveContainer width="100%" height="100%">
                  <LineChart data={data} margin={{ top: 8, right: 16, left: -8, bottom: 0 }}>
                    <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
                    <XAxis dataKey="label" tick={{ fontSize: 12 }} />
                    <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
                    <Tooltip />
                    <Legend />
                    <Line type="monotone" dataKey="active_at_month_end" name="Active" stroke={theme.palette.primary.main} strokeWidth={3} dot={false} />
                    <Line type="monotone" dataKey="new_subscriptions" name="New" stroke={theme.palette.success.main} strokeWidth={2} />
                    <Line type="monotone" dataKey="trials_started" name="Trials started" stroke={theme.palette.info.main} strokeWidth={2} strokeDasharray="4 3" />
                    <Line type="monotone" dataKey="cancellations" name="Cancellations" stroke={theme.palette.error.main} strokeWidth={2} />
                  </LineChart>
                </ResponsiveContainer>
              </Box>
            )}
          </ChartCard>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard title="Revenue over time" description={`Completed payments per month, in rand. ${trends.data ? `${formatRand(totalRevenue)} over the period.` : ''}`}>
            {trends.isPending ? (
              <Skeleton variant="rounded" height={300} />
            ) : (
              <Box role="img" aria-label={`Bar chart of revenue over the last ${months} months, ${formatRand(totalRevenue)} in total. The data table below lists the figures.`} sx={{ height: 300 }}>
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={data} margin={{ top: 8, right: 16, left: 16, bottom: 0 }}>
                    <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} vertical={false} />
                    <XAxis dataKey="label" tick={{ fontSize: 12 }} />
                    <YAxis tickFormatter={randAxis} tick={{ fontSize: 12 }} width={80} />
                    <Tooltip formatter={(value) => formatRand(Number(value))} />
                    <Bar dataKey="revenue" name="Revenue" fill={theme.palette.secondary.main} radius={[4, 4, 0, 0]} />
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
              <TableContainer>
                <Table size="small" aria-label="Subscriptions and revenue by month">
                  <TableHead>
                    <TableRow>
                      <TableCell>Month</TableCell>
                      <TableCell align="right">Active at month end</TableCell>
                      <TableCell align="right">New</TableCell>
                      <TableCell align="right">Trials started</TableCell>
                      <TableCell align="right">Cancellations</TableCell>
                      <TableCell align="right">Expirations</TableCell>
                      <TableCell align="right">Payments</TableCell>
                      <TableCell align="right">Revenue</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.map((m) => (
                      <TableRow key={m.month}>
                        <TableCell>{m.label}</TableCell>
                        <TableCell align="right">{m.active_at_month_end}</TableCell>
                        <TableCell align="right">{m.new_subscriptions}</TableCell>
                        <TableCell align="right">{m.trials_started}</TableCell>
                        <TableCell align="right">{m.cancellations}</TableCell>
                        <TableCell align="right">{m.expirations}</TableCell>
                        <TableCell align="right">{m.payments}</TableCell>
                        <TableCell align="right">{formatRand(m.revenue)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </AccordionDetails>
          </Accordion>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent sx={{ p: 3 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, mb: 2 }}>
                <Typography variant="h6" component="h2">
                  Ending soon
                </Typography>
                <TextField select size="small" label="Within" value={days} onChange={(e) => setDays(Number(e.target.value))} sx={{ minWidth: 120 }}>
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
                <Alert severity="error">{describeError(expiring.error, { fallback: 'Failed to load subscriptions ending soon.' })}</Alert>
              ) : expiring.data.subscriptions.length === 0 ? (
                <Typography color="text.secondary">No subscriptions end in the next {days} days.</Typography>
              ) : (
                <TableContainer>
                  <Table size="small" aria-label="Subscriptions ending soon">
                    <TableHead>
                      <TableRow>
                        <TableCell>Firm</TableCell>
                        <TableCell>Plan</TableCell>
                        <TableCell>What</TableCell>
                        <TableCell>Date</TableCell>
                        <TableCell align="right">Days left</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {expiring.data.subscriptions.map((s) => (
                        <TableRow key={`${s.subscription_id}-${s.kind}`}>
                          <TableCell>{s.firm_name}</TableCell>
                          <TableCell>{s.plan_name}</TableCell>
                          <TableCell>
                            {KIND_LABELS[s.kind]}
                            {!s.has_payment_method && s.kind !== 'access_end' ? <Chip size="small" color="warning" variant="outlined" label="No card" sx={{ ml: 1 }} /> : null}
                          </TableCell>
                          <TableCell>{formatDate(s.ends_at)}</TableCell>
                          <TableCell align="right">{s.days_left}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
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
                <Alert severity="error">{describeError(limits.error, { fallback: 'Failed to load usage against limits.' })}</Alert>
              ) : limits.data.firms.length === 0 ? (
                <Typography color="text.secondary">No firm is above {limits.data.threshold}% of any limit.</Typography>
              ) : (
                <TableContainer>
                  <Table size="small" aria-label="Firms near their plan limits">
                    <TableHead>
                      <TableRow>
                        <TableCell>Firm</TableCell>
                        <TableCell>Users</TableCell>
                        <TableCell>Digital services</TableCell>
                        <TableCell>Storage</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {limits.data.firms.map((f) => (
                        <TableRow key={f.firm_id}>
                          <TableCell>
                            {f.firm_name}
                            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                              {f.plan_name}
                              {f.over_limit ? ' · over a limit' : ''}
                            </Typography>
                          </TableCell>
                          {[f.users, f.digital_services, f.storage_mb].map((u, i) => (
                            <TableCell key={i} sx={{ minWidth: 110 }}>
                              <Typography variant="body2">{u.percent === null ? `${Math.round(u.used)} / ∞` : `${Math.round(u.percent)}%`}</Typography>
                              {u.percent !== null ? (
                                <LinearProgress
                                  variant="determinate"
                                  value={Math.min(100, u.percent)}
                                  color={u.percent >= 90 ? 'error' : u.percent >= 75 ? 'warning' : 'primary'}
                                  aria-hidden
                                />
                              ) : null}
                            </TableCell>
                          ))}
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </>
  );
}
