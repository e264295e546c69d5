import { ROLES, ROLE_LABELS, type Role } from '@lexserve/contracts/common';
import PersonOffOutlinedIcon from '@mui/icons-material/PersonOffOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
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
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { useToast } from '../../../components/toast-provider';
import { describeError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminUsers, useSetUserActive, type AdminUser, type UserQuery } from '../api/directory';
import { useDebouncedValue } from '../use-debounced-value';
import { AdminPageHeader } from './admin-page-header';
import { SearchField } from './search-field';
import { StatusChip } from './status-chip';
import { ReasonDialog } from './user-status-reason-dialog';
import { AdminTablePagination } from './admin-table-pagination';

function UserDetailsDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={user !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{user?.full_name}</DialogTitle>
      <DialogContent dividers>
        {user ? (
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '160px 1fr', rowGap: 1.25, columnGap: 2, m: 0 }}>
            {[
              ['Email', user.email],
              ['Role', user.role_display_name || ROLE_LABELS[user.role]],
              ['Firm', user.firm_name ?? '-'],
              ['Phone', user.phone_number ?? '-'],
              ['Address', user.address ?? '-'],
              ['Status', <StatusChip key="s" status={user.is_active ? 'active' : 'cancelled'} label={user.is_active ? 'Active' : 'Inactive'} />],
              ['Joined', formatDate(user.created_at)],
              ['Last login', formatDateTime(user.last_login, 'Never')],
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** 'User Management' across all firms (product decision: a real screen). */
export function AdminUsersPage() {
  useDocumentTitle('User Management');
  const toast = useToast();
  const { data: me } = useCurrentUser();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [status, setStatus] = useState<UserQuery['status']>('all');
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(25);
  const debounced = useDebouncedValue(search);
  const users = useAdminUsers({ search: debounced, role, status, skip: page * rowsPerPage, limit: rowsPerPage });
  const setActive = useSetUserActive();
  const [viewing, setViewing] = useState<AdminUser | null>(null);
  const [changing, setChanging] = useState<AdminUser | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirm = async (reason: string) => {
    if (!changing) return;
    setError(null);
    try {
      await setActive.mutateAsync({ id: changing.id, is_active: !changing.is_active, reason });
      toast(`${changing.full_name} was ${changing.is_active ? 'deactivated' : 'activated'}`);
      setChanging(null);
    } catch (caught) {
      setError(describeError(caught, { fallback: 'Failed to update the user. Please try again.' }));
    }
  };

  const rows = users.data?.users ?? [];
  return (
    <>
      <AdminPageHeader title="User Management" description="Every user of the platform: find a user, see their details, and activate or deactivate their account." />
      <Paper variant="outlined">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2 }}>
          <SearchField value={search} onChange={(v) => { setSearch(v); setPage(0); }} placeholder="Search by name or email..." label="Search users" />
          <TextField select size="small" label="Role" value={role} onChange={(e) => { setRole(e.target.value as Role | ''); setPage(0); }} sx={{ minWidth: 200 }}>
            <MenuItem value="">All roles</MenuItem>
            {ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {ROLE_LABELS[r]}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label="Status" value={status} onChange={(e) => { setStatus(e.target.value as UserQuery['status']); setPage(0); }} sx={{ minWidth: 150 }}>
            <MenuItem value="all">All</MenuItem>
            <MenuItem value="active">Active</MenuItem>
            <MenuItem value="inactive">Inactive</MenuItem>
          </TextField>
        </Stack>
        {users.isFetching && !users.isPending ? <LinearProgress aria-label="Updating" /> : null}
        {users.isPending ? (
          <PageLoader label="Loading users..." />
        ) : users.isError ? (
          <Box sx={{ p: 2 }}>
            <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void users.refetch()}>Retry</Button>}>
              {describeError(users.error, { fallback: 'Failed to load users. Please try again.' })}
            </Alert>
          </Box>
        ) : rows.length === 0 ? (
          <Box sx={{ p: 2 }}>
            <EmptyState title="No users found" description="Try another search or filter." />
          </Box>
        ) : (
          <>
            <TableContainer>
              <Table aria-label="Users">
                <TableHead>
                  <TableRow>
                    <TableCell>User</TableCell>
                    <TableCell>Role</TableCell>
                    <TableCell>Firm</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell>Last login</TableCell>
                    <TableCell align="right">Actions</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((user) => {
                    const self = me?.id === user.id;
                    return (
                      <TableRow key={user.id} hover>
                        <TableCell>
                          <Typography sx={{ fontWeight: 600 }}>{user.full_name}</Typography>
                          <Typography variant="caption" color="text.secondary">
                            {user.email}
                          </Typography>
                        </TableCell>
                        <TableCell>{user.role_display_name || ROLE_LABELS[user.role]}</TableCell>
                        <TableCell>{user.firm_name ?? '-'}</TableCell>
                        <TableCell>
                          <StatusChip status={user.is_active ? 'active' : 'cancelled'} label={user.is_active ? 'Active' : 'Inactive'} />
                        </TableCell>
                        <TableCell>{formatDateTime(user.last_login, 'Never')}</TableCell>
                        <TableCell align="right">
                          <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
                            <Button size="small" startIcon={<VisibilityOutlinedIcon />} onClick={() => setViewing(user)} aria-label={`View ${user.full_name}`}>
                              View
                            </Button>
                            <Button
                              size="small"
                              color={user.is_active ? 'error' : 'success'}
                              startIcon={user.is_active ? <PersonOffOutlinedIcon /> : <PersonOutlineIcon />}
                              disabled={self}
                              title={self ? 'You cannot deactivate your own account' : undefined}
                              onClick={() => {
                                setError(null);
                                setChanging(user);
                              }}
                              aria-label={`${user.is_active ? 'Deactivate' : 'Activate'} ${user.full_name}`}
                            >
                              {user.is_active ? 'Deactivate' : 'Activate'}
                            </Button>
                          </Stack>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
            <AdminTablePagination
              count={users.data.total}
              page={page}
              rowsPerPage={rowsPerPage}
              onPageChange={setPage}
              onRowsPerPageChange={setRowsPerPage}
            />
          </>
        )}
      </Paper>
      <UserDetailsDialog user={viewing} onClose={() => setViewing(null)} />
      {changing ? (
        <ReasonDialog
          open
          title={changing.is_active ? 'Deactivate User' : 'Activate User'}
          message={
            changing.is_active
              ? `${changing.full_name} will be signed out and unable to log in until the account is activated again.`
              : `${changing.full_name} will be able to log in again.`
          }
          confirmLabel={changing.is_active ? 'Deactivate' : 'Activate'}
          danger={changing.is_active}
          busy={setActive.isPending}
          error={error}
          onConfirm={(reason) => void confirm(reason)}
          onCancel={() => setChanging(null)}
        />
      ) : null}
    </>
  );
}
