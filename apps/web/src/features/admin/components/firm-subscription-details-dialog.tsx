import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { describeError } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatRand } from '../../../lib/format';
import { useFirmSubscription, type FirmSubscription } from '../api/firm-subscriptions';
import { StatusChip } from './status-chip';

const changeLabel = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, ' ');

/** 'View Details' of a firm subscription (spec 2.14) with its payments and history. */
/** 'At once', or the date a scheduled change takes effect. */
const takesEffect = (entry: { created_at: string; effective_at: string }): string =>
  Math.abs(new Date(entry.effective_at).getTime() - new Date(entry.created_at).getTime()) < 60_000
    ? 'At once'
    : formatDate(entry.effective_at);

export function FirmSubscriptionDetailsDialog({
  subscription,
  onClose,
}: {
  subscription: FirmSubscription | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const detail = useFirmSubscription(subscription?.id ?? null);
  const sub = detail.data ?? subscription;

  return (
    <Dialog open={subscription !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Subscription Details</DialogTitle>
      <DialogContent dividers>
        {sub ? (
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' },
              rowGap: 1.25,
              columnGap: 2,
              m: 0,
            }}
          >
            {[
              ['Firm Name', sub.firm?.name || `Firm ${sub.firm_id}`],
              ['Plan', sub.plan?.display_name || sub.plan?.name || `Plan ${sub.plan_id}`],
              ['Status', <StatusChip key="status" status={sub.status} />],
              ['Monthly Price', sub.plan?.monthly_price ? formatRand(sub.plan.monthly_price) : 'Contact Us'],
              ['Start Date', formatDate(sub.start_date)],
              ['End Date', formatDate(sub.end_date)],
              ['Trial Ends', formatDate(sub.trial_ends_at ?? sub.trial_end_date)],
              ['Access Ends', formatDate(sub.access_ends_at)],
              ['Payment Card', sub.has_payment_method ? 'On file' : 'None'],
              ...(sub.cancellation_reason ? [['Cancellation Reason', sub.cancellation_reason] as const] : []),
            ].map(([label, value]) => (
              <Box key={String(label)} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary" sx={{ fontWeight: 600 }}>
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        ) : null}
        <Divider sx={{ my: 3 }} />
        {detail.isPending ? (
          <PageLoader label="Loading payments and history..." />
        ) : detail.isError ? (
          <Alert severity="error">
            {describeError(detail.error, { fallback: 'Failed to load the subscription details.' })}
          </Alert>
        ) : (
          <>
            <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
              Payments
            </Typography>
            {detail.data.payments.length ? (
              <Table size="small" aria-label="Payments">
                <TableHead>
                  <TableRow>
                    <TableCell>Date</TableCell>
                    <TableCell>Reference</TableCell>
                    <TableCell align="right">Amount</TableCell>
                    <TableCell>Status</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {detail.data.payments.map((payment) => (
                    <TableRow key={payment.id}>
                      <TableCell>{formatDateTime(payment.paid_at ?? payment.created_at)}</TableCell>
                      <TableCell>{payment.payment_reference}</TableCell>
                      <TableCell align="right">{formatRand(payment.amount)}</TableCell>
                      <TableCell>
                        <StatusChip status={payment.status} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : (
              <Typography color="text.secondary">No payments.</Typography>
            )}
            <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
              History
            </Typography>
            {detail.data.history.length ? (
              <Table size="small" aria-label="History">
                <TableHead>
                  <TableRow>
                    <TableCell>When</TableCell>
                    <TableCell>Takes effect</TableCell>
                    <TableCell>Change</TableCell>
                    <TableCell>Details</TableCell>
                    <TableCell>By</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {detail.data.history.map((entry) => (
                    <TableRow key={entry.id}>
                      {/* When the change was made; a change scheduled for later (a downgrade at the period's end) says when. */}
                      <TableCell>{formatDateTime(entry.created_at)}</TableCell>
                      <TableCell>{takesEffect(entry)}</TableCell>
                      <TableCell>{changeLabel(entry.change_type)}</TableCell>
                      <TableCell>
                        {[
                          entry.from_status || entry.to_status
                            ? `${entry.from_status ?? '-'} → ${entry.to_status ?? '-'}`
                            : null,
                          entry.from_plan && entry.to_plan && entry.from_plan !== entry.to_plan
                            ? `${entry.from_plan} → ${entry.to_plan}`
                            : null,
                          entry.reason,
                        ]
                          .filter(Boolean)
                          .join(' · ') || '-'}
                      </TableCell>
                      <TableCell>{entry.performed_by ?? 'System'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : (
              <Typography color="text.secondary">No changes recorded.</Typography>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
