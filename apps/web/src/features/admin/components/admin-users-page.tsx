import { ROLES, ROLE_LABELS, type Role } from '@lexserve/contracts/common';
import PersonOffOutlinedIcon from '@mui/icons-material/PersonOffOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { DataTableColumn } from '../../../components/data-table/columns';
import { DataTable } from '../../../components/data-table/data-table';
import { useTablePaging } from '../../../components/data-table/use-table-paging';
import { EmptyState } from '../../../components/empty-state';
import { useToast } from '../../../components/toast-provider';
import { describeError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminUsers, useSetUserActive, type AdminUser, type UserQuery } from '../api/directory';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { AdminPageHeader } from './admin-page-header';
import { ActiveStatusSelect, FilterBar, activeChip } from './list-filters';
import { SearchField } from './search-field';
import { StatusChip } from './status-chip';
import { UserDetailsDialog } from './user-details-dialog';
import { ReasonDialog } from './user-status-reason-dialog';

type RowActions = {
  selfId: number | undefined;
  onView: (user: AdminUser) => void;
  onToggle: (user: AdminUser) => void;
};

const userColumns = ({ selfId, onView, onToggle }: RowActions): DataTableColumn<AdminUser>[] => [
  {
    id: 'user',
    header: 'User',
    card: 'title',
    cell: (user) => (
      <>
        <Typography sx={{ fontWeight: 600 }}>{user.full_name}</Typography>
        <Typography variant="caption" color="text.secondary">
          {user.email}
        </Typography>
      </>
    ),
  },
  { id: 'role', header: 'Role', cell: (user) => user.role_display_name || ROLE_LABELS[user.role] },
  { id: 'firm', header: 'Firm', cell: (user) => user.firm_name ?? '-' },
  { id: 'status', header: 'Status', cell: (user) => <StatusChip {...activeChip(user.is_active)} /> },
  { id: 'last-login', header: 'Last login', cell: (user) => formatDateTime(user.last_login, 'Never') },
  {
    id: 'actions',
    header: 'Actions',
    align: 'right',
    card: 'actions',
    cell: (user) => {
      const self = selfId === user.id;
      return (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          <Button
            size="small"
            startIcon={<VisibilityOutlinedIcon />}
            onClick={() => onView(user)}
            aria-label={`View ${user.full_name}`}
          >
            View
          </Button>
          <Button
            size="small"
            color={user.is_active ? 'error' : 'success'}
            startIcon={user.is_active ? <PersonOffOutlinedIcon /> : <PersonOutlineIcon />}
            disabled={self}
            title={self ? 'You cannot deactivate your own account' : undefined}
            onClick={() => onToggle(user)}
            aria-label={`${user.is_active ? 'Deactivate' : 'Activate'} ${user.full_name}`}
          >
            {user.is_active ? 'Deactivate' : 'Activate'}
          </Button>
        </Stack>
      );
    },
  },
];

/** 'User Management' across all firms (product decision: a real screen). */
export function AdminUsersPage() {
  useDocumentTitle('User Management');
  const toast = useToast();
  const { data: me } = useCurrentUser();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [status, setStatus] = useState<UserQuery['status']>('all');
  const paging = useTablePaging();
  const debounced = useDebouncedValue(search);
  const users = useAdminUsers({
    search: debounced,
    role,
    status,
    skip: paging.skip,
    limit: paging.rowsPerPage,
  });
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

  const filters = (
    <FilterBar>
      <SearchField
        value={search}
        onChange={(v) => {
          setSearch(v);
          paging.reset();
        }}
        placeholder="Search by name or email..."
        label="Search users"
      />
      <TextField
        select
        size="small"
        label="Role"
        value={role}
        onChange={(e) => {
          setRole(e.target.value as Role | '');
          paging.reset();
        }}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="">All roles</MenuItem>
        {ROLES.map((r) => (
          <MenuItem key={r} value={r}>
            {ROLE_LABELS[r]}
          </MenuItem>
        ))}
      </TextField>
      <ActiveStatusSelect
        value={status}
        onChange={(value) => {
          setStatus(value);
          paging.reset();
        }}
      />
    </FilterBar>
  );

  const columns = userColumns({
    selfId: me?.id,
    onView: setViewing,
    onToggle: (user) => {
      setError(null);
      setChanging(user);
    },
  });

  return (
    <>
      <AdminPageHeader
        title="User Management"
        description="Every user of the platform: find a user, see their details, and activate or deactivate their account."
      />
      <DataTable
        label="Users"
        query={users}
        rows={(data) => data.users}
        rowKey={(user) => user.id}
        columns={columns}
        toolbar={filters}
        paging={{ ...paging, count: (data) => data.total }}
        loadingLabel="Loading users..."
        errorMessage={(caught) =>
          describeError(caught, { fallback: 'Failed to load users. Please try again.' })
        }
        empty={<EmptyState title="No users found" description="Try another search or filter." />}
      />
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
