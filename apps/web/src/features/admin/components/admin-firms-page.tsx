import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import DoNotDisturbOnOutlinedIcon from '@mui/icons-material/DoNotDisturbOnOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { DataTableColumn } from '../../../components/data-table/columns';
import { DataTable } from '../../../components/data-table/data-table';
import { useTablePaging } from '../../../components/data-table/use-table-paging';
import { EmptyState } from '../../../components/empty-state';
import { useToast } from '../../../components/toast-provider';
import { describeError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAdminFirms, useSetFirmActive, type AdminFirm, type FirmQuery } from '../api/directory';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { AdminPageHeader } from './admin-page-header';
import { FirmDetailsDialog } from './firm-details-dialog';
import { ActiveStatusSelect, FilterBar, activeChip } from './list-filters';
import { SearchField } from './search-field';
import { StatusChip } from './status-chip';

type RowActions = { onView: (firm: AdminFirm) => void; onToggle: (firm: AdminFirm) => void };

const firmColumns = ({ onView, onToggle }: RowActions): DataTableColumn<AdminFirm>[] => [
  {
    id: 'firm',
    header: 'Firm',
    card: 'title',
    cell: (firm) => (
      <>
        <Typography sx={{ fontWeight: 600 }}>{firm.name}</Typography>
        <Typography variant="caption" color="text.secondary">
          {firm.contact_email}
        </Typography>
      </>
    ),
  },
  { id: 'users', header: 'Users', align: 'right', cell: (firm) => firm.users_count },
  { id: 'branches', header: 'Branches', align: 'right', cell: (firm) => firm.branches_count },
  {
    id: 'subscription',
    header: 'Subscription',
    cell: (firm) =>
      firm.subscription ? (
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
      ),
  },
  { id: 'status', header: 'Status', cell: (firm) => <StatusChip {...activeChip(firm.is_active)} /> },
  {
    id: 'actions',
    header: 'Actions',
    align: 'right',
    card: 'actions',
    cell: (firm) => (
      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
        <Button
          size="small"
          startIcon={<VisibilityOutlinedIcon />}
          onClick={() => onView(firm)}
          aria-label={`View ${firm.name}`}
        >
          View
        </Button>
        <Button
          size="small"
          color={firm.is_active ? 'error' : 'success'}
          startIcon={<DoNotDisturbOnOutlinedIcon />}
          onClick={() => onToggle(firm)}
          aria-label={`${firm.is_active ? 'Deactivate' : 'Activate'} ${firm.name}`}
        >
          {firm.is_active ? 'Deactivate' : 'Activate'}
        </Button>
      </Stack>
    ),
  },
];

/** 'Firm Management' (product decision: a real screen). */
export function AdminFirmsPage() {
  useDocumentTitle('Firm Management');
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<FirmQuery['status']>('all');
  const paging = useTablePaging();
  const debounced = useDebouncedValue(search);
  const firms = useAdminFirms({ search: debounced, status, skip: paging.skip, limit: paging.rowsPerPage });
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

  const filters = (
    <FilterBar>
      <SearchField
        value={search}
        onChange={(v) => {
          setSearch(v);
          paging.reset();
        }}
        placeholder="Search by firm name or email..."
        label="Search firms"
      />
      <ActiveStatusSelect
        value={status}
        onChange={(value) => {
          setStatus(value);
          paging.reset();
        }}
      />
    </FilterBar>
  );

  return (
    <>
      <AdminPageHeader
        title="Firm Management"
        description="Every registered firm: its users, branches and subscription, and whether it is active."
      />
      {error ? (
        <Alert severity="error" role="alert" onClose={() => setError(null)} sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      <DataTable
        label="Firms"
        query={firms}
        rows={(data) => data.firms}
        rowKey={(firm) => firm.id}
        columns={firmColumns({ onView: setViewing, onToggle: setChanging })}
        toolbar={filters}
        paging={{ ...paging, count: (data) => data.total }}
        loadingLabel="Loading firms..."
        errorMessage={(caught) =>
          describeError(caught, { fallback: 'Failed to load firms. Please try again.' })
        }
        empty={
          <EmptyState
            icon={<BusinessOutlinedIcon />}
            title="No firms found"
            description="Try another search or filter."
          />
        }
      />
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
