import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import DoNotDisturbOnOutlinedIcon from '@mui/icons-material/DoNotDisturbOnOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { useToast } from '../../../components/toast-provider';
import { describeError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { humanise } from '../admin-format';
import { useFirmSubscriptionHistory } from '../api/analytics';
import { useAdminFirms, useFirmBranches, useSetFirmActive, type AdminFirm, type FirmQuery } from '../api/directory';
import { useDebouncedValue } from '../use-debounced-value';
import { AdminPageHeader } from './admin-page-header';
import { SearchField } from './search-field';
import { StatusChip } from './status-chip';
import { AdminTablePagination } from './admin-table-pagination';

function FirmDetailsDialog({ firm, onClose }: { firm: AdminFirm | null; onClose: () => void }) {
  const titleId = useId();
  const branches = useFirmBranches(firm?.id ?? null);
  const history = useFirmSubscriptionHistory(firm?.id ?? null);
  return (
    <Dialog open={firm !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{firm?.name}</DialogTitle>
      <DialogContent dividers>
        {firm ? (
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, rowGap: 1.25, columnGap: 2, m: 0 }}>
            {[
              ['Contact email', firm.contact_email],
              ['Phone', firm.phone ?? '-'],
              ['Address', firm.address ?? '-'],
              ['Status', <StatusChip key="s" status={firm.is_active ? 'active' : 'cancelled'} label={firm.is_active ? 'Active' : 'Inactive'} />],
              ['Users', firm.users_count],
              ['Branches', `${firm.branches_count} of ${firm.max_branches} allowed`],
              ['Subscription', firm.subscription ? `${firm.subscription.plan_name} · ${humanise(firm.subscription.status)}` : 'None'],
              ['Registered', formatDate(firm.created_at)],
            ].map(([label, value]) => (
              <Box key={String(label)} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary" sx={{ fontWeight: 600 }}>
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        ) : null}
        <Divider sx={{ my: 3 }} />
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          Branches
        </Typography>
        {branches.isPending ? (
          <LinearProgress aria-label="Loading branches" />
        ) : branches.isError ? (
          <Alert severity="error">{describeError(branches.error, { fallback: 'Failed to load branches.' })}</Alert>
        ) : branches.data.length === 0 ? (
          <Typography color="text.secondary">No branches.</Typography>
        ) : (
          <Table size="small" aria-label="Branches">
            <TableHead>
              <TableRow>
                <TableCell>Branch</TableCell>
                <TableCell>Practice number</TableCell>
                <TableCell>Digital service address</TableCell>
                <TableCell>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {branches.data.map((branch) => (
                <TableRow key={branch.id}>
                  <TableCell>
                    {branch.name}
                    {branch.is_main ? <Chip size="small" label="Main" sx={{ ml: 1 }} /> : null}
                  </TableCell>
                  <TableCell>{branch.practice_number}</TableCell>
                  <TableCell>{branch.digital_service_address ?? '-'}</TableCell>
                  <TableCell>
                    <StatusChip status={branch.is_active ? 'active' : 'cancelled'} label={branch.is_active ? 'Active' : 'Inactive'} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
          Subscription history
        </Typography>
        {history.isPending ? (
          <LinearProgress aria-label="Loading subscription history" />
        ) : history.isError ? (
          <Alert severity="error">{describeError(history.error, { fallback: 'Failed to load the subscription history.' })}</Alert>
        ) : history.data.history.length === 0 ? (
          <Typography color="text.secondary">No subscription changes yet.</Typography>
        ) : (
          <Table size="small" aria-label="Subscription history">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Change</TableCell>
                <TableCell>Plan</TableCell>
                <TableCell>Reason</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {history.data.history.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell>{formatDateTime(entry.effective_at)}</TableCell>
                  <TableCell>{humanise(entry.change_type)}</TableCell>
                  <TableCell>{entry.to_plan ?? entry.from_plan ?? '-'}</TableCell>
                  <TableCell>{entry.reason ?? '-'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** 'Firm Management' (product decision: a real screen). */
export function AdminFirmsPage() {
  useDocumentTitle('Firm Management');
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<FirmQuery['status']>('all');
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(25);
  const debounced = useDebouncedValue(search);
  const firms = useAdminFirms({ search: debounced, status, skip: page * rowsPerPage, limit: rowsPerPage });
  const setActive = useSetFirmActive();
  const [viewing, setViewing] = useState<AdminFirm | null>(null);
  const [changing, setChanging] = useState<AdminFirm | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (!changing) return;
    setError(null);
    try {
      await setActive.mutateAsync({ id: changing.id, is_active: !changing.is_active });
      toast(`${changing.name} was ${changing.is_active ? 'deactivated' : 'activated'}`);
    } catch (caught) {
      setError(describeError(caught, { fallback: 'Failed to update the firm. Please try again.' }));
    } finally {
      setChanging(null);
    }
  };

  const rows = firms.data?.firms ?? [];
  return (
    <>
      <AdminPageHeader title="Firm Management" description="Every registered firm: its users, branches and subscription, and whether it is active." />
      {error ? (
        <Alert severity="error" role="alert" onClose={() => setError(null)} sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      <Paper variant="outlined">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2 }}>
          <SearchField value={search} onChange={(v) => { setSearch(v); setPage(0); }} placeholder="Search by firm name or email..." label="Search firms" />
          <TextField select size="small" label="Status" value={status} onChange={(e) => { setStatus(e.target.value as FirmQuery['status']); setPage(0); }} sx={{ minWidth: 150 }}>
            <MenuItem value="all">All</MenuItem>
            <MenuItem value="active">Active</MenuItem>
            <MenuItem value="inactive">Inactive</MenuItem>
          </TextField>
        </Stack>
        {firms.isFetching && !firms.isPending ? <LinearProgress aria-label="Updating" /> : null}
        {firms.isPending ? (
          <PageLoader label="Loading firms..." />
        ) : firms.isError ? (
          <Box sx={{ p: 2 }}>
            <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void firms.refetch()}>Retry</Button>}>
              {describeError(firms.error, { fallback: 'Failed to load firms. Please try again.' })}
            </Alert>
          </Box>
        ) : rows.length === 0 ? (
          <Box sx={{ p: 2 }}>
            <EmptyState icon={<BusinessOutlinedIcon />} title="No firms found" description="Try another search or filter." />
          </Box>
        ) : (
          <>
            <TableContainer>
              <Table aria-label="Firms">
                <TableHead>
                  <TableRow>
                    <TableCell>Firm</TableCell>
                    <TableCell align="right">Users</TableCell>
                    <TableCell align="right">Branches</TableCell>
                    <TableCell>Subscription</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell align="right">Actions</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((firm) => (
                    <TableRow key={firm.id} hover>
                      <TableCell>
                        <Typography sx={{ fontWeight: 600 }}>{firm.name}</Typography>
                        <Typography variant="caption" color="text.secondary">
                          {firm.contact_email}
                        </Typography>
                      </TableCell>
                      <TableCell align="right">{firm.users_count}</TableCell>
                      <TableCell align="right">{firm.branches_count}</TableCell>
                      <TableCell>
                        {firm.subscription ? (
                          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                            <StatusChip status={firm.subscription.status} />
                            <Typography variant="caption" color="text.secondary">
                              {firm.subscription.plan_name}
                              {firm.subscription.end_date ? ` · until ${formatDate(firm.subscription.end_date)}` : ''}
                            </Typography>
                          </Stack>
                        ) : (
                          <Typography variant="body2" color="text.secondary">
                            None
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell>
                        <StatusChip status={firm.is_active ? 'active' : 'cancelled'} label={firm.is_active ? 'Active' : 'Inactive'} />
                      </TableCell>
                      <TableCell align="right">
                        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
                          <Button size="small" startIcon={<VisibilityOutlinedIcon />} onClick={() => setViewing(firm)} aria-label={`View ${firm.name}`}>
                            View
                          </Button>
                          <Button
                            size="small"
                            color={firm.is_active ? 'error' : 'success'}
                            startIcon={<DoNotDisturbOnOutlinedIcon />}
                            onClick={() => setChanging(firm)}
                            aria-label={`${firm.is_active ? 'Deactivate' : 'Activate'} ${firm.name}`}
                          >
                            {firm.is_active ? 'Deactivate' : 'Activate'}
                          </Button>
                        </Stack>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <AdminTablePagination
              count={firms.data.total}
              page={page}
              rowsPerPage={rowsPerPage}
              onPageChange={setPage}
              onRowsPerPageChange={setRowsPerPage}
            />
          </>
        )}
      </Paper>
      <FirmDetailsDialog firm={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={changing !== null}
        type={changing?.is_active ? 'danger' : 'info'}
        title={changing?.is_active ? 'Deactivate Firm' : 'Activate Firm'}
        message={
          changing?.is_active
            ? `Deactivate ${changing.name}? The firm no longer appears in the firm directory, and verification of its served documents reports the firm as unverified.`
            : `Activate ${changing?.name ?? 'this firm'}? It appears in the firm directory again and counts as verified.`
        }
        confirmLabel={setActive.isPending ? 'Working...' : changing?.is_active ? 'Deactivate' : 'Activate'}
        loading={setActive.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setChanging(null)}
      />
    </>
  );
}
