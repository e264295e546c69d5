import BlockIcon from '@mui/icons-material/Block';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import ScheduleIcon from '@mui/icons-material/Schedule';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { useToast } from '../../../components/toast-provider';
import { formatDate, formatRand } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  describeListError,
  describeReactivateError,
  describeSuspendError,
  useFirmSubscriptions,
  useReactivateSubscription,
  useSuspendSubscription,
  type FirmSubscription,
} from '../api/firm-subscriptions';
import { useDebouncedValue } from '../use-debounced-value';
import { AdminPageHeader } from './admin-page-header';
import { FirmSubscriptionDetailsDialog } from './firm-subscription-details-dialog';
import { SearchField } from './search-field';
import { StatusChip } from './status-chip';
import { AdminTablePagination } from './admin-table-pagination';

/** The tabs of spec 2.14, with their counts. */
export const SUBSCRIPTION_TABS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'trial', label: 'Trial' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'expired', label: 'Expired' },
  { value: 'expiring', label: 'Expiring' },
] as const;
type TabValue = (typeof SUBSCRIPTION_TABS)[number]['value'];

const parseTab = (value: string | null): TabValue => SUBSCRIPTION_TABS.find((tab) => tab.value === value)?.value ?? 'all';

type Action = { kind: 'suspend' | 'reactivate'; subscription: FirmSubscription };

/** Firm subscriptions (spec 2.14): tabs with counts, search, details, suspend and reactivate. */
export function FirmSubscriptionsPage() {
  useDocumentTitle('Firm Subscriptions');
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('status'));
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search);
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(25);
  const list = useFirmSubscriptions({ status: tab, search: debounced, skip: page * rowsPerPage, limit: rowsPerPage });
  const suspend = useSuspendSubscription();
  const reactivate = useReactivateSubscription();
  const [viewing, setViewing] = useState<FirmSubscription | null>(null);
  const [action, setAction] = useState<Action | null>(null);
  const [error, setError] = useState<string | null>(null);

  const setTab = (value: TabValue) => {
    setPage(0);
    setParams(value === 'all' ? {} : { status: value }, { replace: true });
  };

  const runAction = async () => {
    if (!action) return;
    setError(null);
    const name = action.subscription.firm?.name || `Firm ${action.subscription.firm_id}`;
    try {
      if (action.kind === 'suspend') {
        await suspend.mutateAsync(action.subscription.id);
        toast(`${name}'s subscription was suspended`);
      } else {
        await reactivate.mutateAsync(action.subscription.id);
        toast(`${name}'s subscription was reactivated`);
      }
    } catch (caught) {
      setError(action.kind === 'suspend' ? describeSuspendError(caught) : describeReactivateError(caught));
    } finally {
      setAction(null);
    }
  };

  const counts = list.data?.counts;
  const rows = list.data?.subscriptions ?? [];
  const tabLabel = SUBSCRIPTION_TABS.find((t) => t.value === tab)?.label ?? '';
  const busy = suspend.isPending || reactivate.isPending;

  return (
    <>
      <AdminPageHeader title="Firm Subscriptions" description="Every firm's subscription: review details, suspend an active subscription or reactivate a cancelled or expired one." />
      {error ? (
        <Alert severity="error" role="alert" onClose={() => setError(null)} sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      <Paper variant="outlined">
        <Tabs value={tab} onChange={(_, value: TabValue) => setTab(value)} variant="scrollable" scrollButtons="auto" aria-label="Subscription status" sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}>
          {SUBSCRIPTION_TABS.map((t) => (
            <Tab
              key={t.value}
              value={t.value}
              label={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <span>{t.label}</span>
                  <Chip size="small" label={counts ? counts[t.value] : '…'} color={t.value === 'expiring' && counts?.expiring ? 'warning' : 'default'} />
                </Stack>
              }
            />
          ))}
        </Tabs>
        <Box sx={{ p: 2 }}>
          <SearchField
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(0);
            }}
            placeholder="Search by firm name, plan, or ID..."
            label="Search subscriptions"
          />
        </Box>
        {list.isFetching && !list.isPending ? <LinearProgress aria-label="Updating" /> : null}
        {list.isPending ? (
          <PageLoader label="Loading subscriptions..." />
        ) : list.isError ? (
          <Box sx={{ p: 2 }}>
            <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void list.refetch()}>Retry</Button>}>
              {describeListError(list.error)}
            </Alert>
          </Box>
        ) : rows.length === 0 ? (
          <Box sx={{ p: 2 }}>
            <EmptyState title={tab === 'all' ? 'No subscriptions found' : `No ${tabLabel.toLowerCase()} subscriptions found`} description={debounced ? 'Try another search.' : undefined} />
          </Box>
        ) : (
          <>
            <TableContainer>
              <Table aria-label="Firm subscriptions">
                <TableHead>
                  <TableRow>
                    <TableCell>Firm</TableCell>
                    <TableCell>Plan</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell>Dates</TableCell>
                    <TableCell align="right">Actions</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((sub) => {
                    const firmName = sub.firm?.name || `Firm ${sub.firm_id}`;
                    return (
                      <TableRow key={sub.id} hover>
                        <TableCell>
                          <Typography sx={{ fontWeight: 600 }}>{firmName}</Typography>
                          <Typography variant="caption" color="text.secondary">
                            ID: {sub.firm_id} · Subscription #{sub.id}
                          </Typography>
                        </TableCell>
                        <TableCell>
                          <Typography>{sub.plan?.display_name || `Plan ${sub.plan_id}`}</Typography>
                          <Typography variant="caption" color="text.secondary">
                            {sub.plan?.monthly_price ? `${formatRand(sub.plan.monthly_price)}/month` : 'Contact Us'}
                          </Typography>
                        </TableCell>
                        <TableCell>
                          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                            <StatusChip status={sub.status} />
                            {sub.expires_soon ? (
                              <Tooltip title="Expires soon">
                                <ScheduleIcon color="warning" fontSize="small" aria-label="Expires soon" />
                              </Tooltip>
                            ) : null}
                          </Stack>
                        </TableCell>
                        <TableCell>
                          <Typography variant="body2">Started {formatDate(sub.start_date)}</Typography>
                          <Typography variant="body2" color="text.secondary">
                            {sub.end_date ? `Ends ${formatDate(sub.end_date)}` : 'No end date'}
                          </Typography>
                        </TableCell>
                        <TableCell align="right">
                          <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                            <Button size="small" startIcon={<VisibilityOutlinedIcon />} onClick={() => setViewing(sub)} aria-label={`View details of ${firmName}`}>
                              View
                            </Button>
                            {sub.status === 'active' ? (
                              <Button size="small" color="error" startIcon={<BlockIcon />} onClick={() => setAction({ kind: 'suspend', subscription: sub })} aria-label={`Suspend ${firmName}`}>
                                Suspend
                              </Button>
                            ) : null}
                            {sub.status === 'cancelled' || sub.status === 'expired' ? (
                              <Button size="small" color="success" startIcon={<RestartAltIcon />} onClick={() => setAction({ kind: 'reactivate', subscription: sub })} aria-label={`Reactivate ${firmName}`}>
                                Reactivate
                              </Button>
                            ) : null}
                          </Stack>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
            <AdminTablePagination
              count={list.data.total}
              page={page}
              rowsPerPage={rowsPerPage}
              onPageChange={setPage}
              onRowsPerPageChange={setRowsPerPage}
            />
          </>
        )}
      </Paper>
      <FirmSubscriptionDetailsDialog subscription={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={action !== null}
        type={action?.kind === 'suspend' ? 'danger' : 'info'}
        title={action?.kind === 'suspend' ? 'Suspend Subscription' : 'Reactivate Subscription'}
        message={
          action?.kind === 'suspend'
            ? `Suspend ${action.subscription.firm?.name || 'this firm'}'s subscription? Access ends immediately and its users are limited to the plans pages until it is reactivated.`
            : `Reactivate ${action?.subscription.firm?.name || 'this firm'}'s subscription? Access is restored for the rest of the paid period.`
        }
        confirmLabel={busy ? 'Working...' : action?.kind === 'suspend' ? 'Suspend' : 'Reactivate'}
        loading={busy}
        onConfirm={() => void runAction()}
        onCancel={() => setAction(null)}
      />
    </>
  );
}
