import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DataTableColumn } from '../../../components/data-table/columns';
import { DataTable } from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/empty-state';
import { useToast } from '../../../components/toast-provider';
import { describeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useSalesContacts, useUpdateSalesContact, type SalesContactList } from '../api/directory';

type SalesContact = SalesContactList['requests'][number];
type ContactStatus = 'new' | 'contacted' | 'closed';

const contactColumns = (
  onStatus: (request: SalesContact, status: ContactStatus) => void,
): DataTableColumn<SalesContact>[] => [
  {
    id: 'received',
    header: 'Received',
    cellSx: { whiteSpace: 'nowrap' },
    sortValue: (request) => request.created_at,
    cell: (request) => formatDateTime(request.created_at),
  },
  {
    id: 'contact',
    header: 'Contact',
    card: 'title',
    sortValue: (request) => request.name,
    cell: (request) => (
      <>
        <Typography sx={{ fontWeight: 600 }}>{request.name}</Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          <a href={`mailto:${request.email}`}>{request.email}</a>
          {request.phone ? ` · ${request.phone}` : ''}
        </Typography>
      </>
    ),
  },
  {
    id: 'firm',
    header: 'Firm',
    sortValue: (request) => request.firm_name,
    cell: (request) => request.firm_name ?? '-',
  },
  { id: 'plan', header: 'Plan', cell: (request) => request.plan?.display_name ?? '-' },
  {
    id: 'message',
    header: 'Message',
    cellSx: { maxWidth: 320, whiteSpace: 'pre-wrap' },
    cell: (request) => request.message || '-',
  },
  {
    id: 'status',
    header: 'Status',
    sortValue: (request) => request.status,
    cell: (request) => (
      <TextField
        select
        size="small"
        value={request.status}
        onChange={(e) => onStatus(request, e.target.value as ContactStatus)}
        slotProps={{ htmlInput: { 'aria-label': `Status of the request from ${request.name}` } }}
        sx={{ minWidth: 130 }}
      >
        <MenuItem value="new">New</MenuItem>
        <MenuItem value="contacted">Contacted</MenuItem>
        <MenuItem value="closed">Closed</MenuItem>
      </TextField>
    ),
  },
];

/** The requests sent from the 'Contact Us' plans, with their follow-up status; sortable by the page's columns. */
export function SalesContacts() {
  const toast = useToast();
  const contacts = useSalesContacts();
  const update = useUpdateSalesContact();
  const setStatus = (request: SalesContact, status: ContactStatus) =>
    update.mutate(
      { id: request.id, status },
      {
        onSuccess: () => toast('Request updated'),
        onError: (err) => toast(describeError(err, { fallback: 'Failed to update the request.' }), 'error'),
      },
    );
  return (
    <DataTable
      label="Sales-contact requests"
      query={contacts}
      rows={(data) => data.requests}
      rowKey={(request) => request.id}
      columns={contactColumns(setStatus)}
      hover={false}
      loadingLabel="Loading requests..."
      errorMessage={(caught) => describeError(caught, { fallback: 'Failed to load sales-contact requests.' })}
      empty={
        <EmptyState
          title="No sales-contact requests"
          description="Requests from the 'Contact Us' plans appear here."
        />
      }
    />
  );
}
