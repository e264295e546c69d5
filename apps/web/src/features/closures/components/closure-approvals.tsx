import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import SummarizeOutlinedIcon from '@mui/icons-material/SummarizeOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  CLOSURE_MESSAGES,
  CLOSURE_STATUSES,
  type Closure,
  type ClosureStatus,
} from '@lexserve/contracts/closures';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { NotificationBanner } from '../../../components/notification-banner';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn } from '../../../components/data-table/columns';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/auth';
import { formatDateTime } from '../../../lib/format';
import { loadClosuresErrorMessage, useClosureList } from '../api/closures';
import { closurePermissions, personName } from '../closure-state';
import { useClosureLiveRefresh } from '../hooks/use-closure-live-refresh';
import { ClosureStatusChip } from './closure-details';
import { DecideClosureDialog, type DecideMode } from './decide-closure-dialog';

const ROWS_PER_PAGE_OPTIONS = [5, 10, 25, 50];
const DEFAULT_ROWS_PER_PAGE = 10;
const SEARCH_DEBOUNCE_MS = 300;

type StatusFilter = 'all' | ClosureStatus;
const FILTER_LABELS: Record<StatusFilter, string> = {
  all: 'All',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  completed: 'Completed',
};

function StatCard({ label, value, icon }: { label: string; value: number | undefined; icon: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
            {icon}
          </Box>
          <Box>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
              {value ?? '–'}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * Case Closure Approvals (spec 2.12 and 2.13): stat cards, search, status filter (pending by default), the table
 * with approve and reject confirmations, pagination of 5, 10, 25 or 50 rows (10 by default). `showFirm` adds the
 * firm column for the system administrator, who sees every firm's closures.
 */
export function ClosureApprovals({ showFirm = false }: { showFirm?: boolean }) {
  const { data: user } = useCurrentUser();
  const allowed = closurePermissions(user?.role).canApproveClosure;
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(DEFAULT_ROWS_PER_PAGE);
  const [decision, setDecision] = useState<{ closure: Closure; mode: DecideMode } | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  useClosureLiveRefresh(allowed);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setSearch(searchText.trim());
      setPage(0);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchText]);

  const list = useClosureList(
    {
      status: status === 'all' ? undefined : status,
      skip: page * rowsPerPage,
      limit: rowsPerPage,
      search: search || undefined,
    },
    allowed,
  );

  if (user && !allowed) return <Alert severity="warning">{CLOSURE_MESSAGES.noApprovePermission}</Alert>;

  const counts = list.data?.counts;
  const ownRequest = (c: Closure) => c.closed_by_user_id === user?.id && user?.role !== 'firm_admin';
  const columns: DataTableColumn<Closure>[] = [
    {
      id: 'case',
      header: 'Case',
      card: 'title',
      cell: (c) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {c.document.title || 'Untitled'}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {c.document.case_number ? `#${c.document.case_number}` : 'No case number'}
          </Typography>
        </>
      ),
    },
    ...(showFirm ? [{ id: 'firm', header: 'Firm', cell: (c: Closure) => c.firm_name ?? '-' }] : []),
    { id: 'status', header: 'Status', cell: (c) => <ClosureStatusChip status={c.closure_status} /> },
    {
      id: 'requested-by',
      header: 'Requested By',
      cell: (c) => personName(c.closed_by_user, c.closed_by_user_id),
    },
    { id: 'reason', header: 'Reason', cell: (c) => c.closure_reason || 'No reason provided' },
    {
      id: 'requested-at',
      header: 'Requested At',
      cellSx: { whiteSpace: 'nowrap' },
      cell: (c) => formatDateTime(c.requested_at),
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      card: 'actions',
      cell: (c) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1 }}>
          <Button size="small" component={RouterLink} to={paths.app.activeCase(c.document_id)}>
            View Case
          </Button>
          {c.closure_status === 'pending' ? (
            <Tooltip title={ownRequest(c) ? 'Another approver must decide your own request' : ''}>
              <span>
                <Button
                  size="small"
                  color="success"
                  variant="contained"
                  disabled={ownRequest(c)}
                  onClick={() => setDecision({ closure: c, mode: 'approve' })}
                >
                  Approve
                </Button>
              </span>
            </Tooltip>
          ) : null}
          {c.closure_status === 'pending' ? (
            <span>
              <Button
                size="small"
                color="error"
                variant="outlined"
                disabled={ownRequest(c)}
                onClick={() => setDecision({ closure: c, mode: 'reject' })}
              >
                Reject
              </Button>
            </span>
          ) : null}
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2.5}>
      <NotificationBanner
        open={Boolean(banner)}
        severity="success"
        message={banner}
        onClose={() => setBanner(null)}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard label="Total Closures" value={counts?.all} icon={<SummarizeOutlinedIcon />} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard label="Pending Approval" value={counts?.pending} icon={<HourglassEmptyIcon />} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard label="Approved" value={counts?.approved} icon={<CheckCircleOutlineIcon />} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <StatCard label="Rejected" value={counts?.rejected} icon={<CancelOutlinedIcon />} />
        </Grid>
      </Grid>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          placeholder="Search cases..."
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': 'Search cases' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ flex: { sm: '1 1 auto' }, width: { sm: 'auto' }, maxWidth: { sm: 360 } }}
        />
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as StatusFilter);
            setPage(0);
          }}
          sx={{ width: { xs: '100%', sm: 200 }, flexShrink: 0 }}
        >
          {(['all', ...CLOSURE_STATUSES] as StatusFilter[]).map((s) => (
            <MenuItem key={s} value={s}>
              {FILTER_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          startIcon={<RefreshIcon />}
          onClick={() => void list.refetch()}
          disabled={list.isFetching}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap', alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          Refresh
        </Button>
      </Stack>

      {/* On phones the rows become cards, with their actions in view. */}
      <DataTable
        label="Case closures"
        query={list}
        rows={(data) => data.closures}
        rowKey={(c) => c.id}
        columns={columns}
        size="small"
        loadingLabel="Loading case closures"
        errorMessage={loadClosuresErrorMessage}
        empty={
          <EmptyState
            title="No case closures found"
            description={
              status === 'pending'
                ? 'Closure requests waiting for approval appear here.'
                : 'Try another status or search.'
            }
          />
        }
        paging={{
          count: (data) => data.total,
          page,
          rowsPerPage,
          rowsPerPageOptions: ROWS_PER_PAGE_OPTIONS,
          onPageChange: setPage,
          onRowsPerPageChange: setRowsPerPage,
        }}
      />

      <DecideClosureDialog
        closure={decision?.closure ?? null}
        mode={decision?.mode ?? 'approve'}
        onClose={() => setDecision(null)}
        onDone={(message) => {
          setDecision(null);
          setBanner(message);
        }}
      />
    </Stack>
  );
}
