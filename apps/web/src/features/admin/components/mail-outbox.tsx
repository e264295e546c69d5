import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { DataTableColumn } from '../../../components/data-table/columns';
import { DataTable } from '../../../components/data-table/data-table';
import { useTablePaging } from '../../../components/data-table/use-table-paging';
import { EmptyState } from '../../../components/empty-state';
import { describeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useMailOutbox, type MailMessage, type MailQuery } from '../api/directory';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { FilterBar } from './list-filters';
import { MailDialog } from './mail-dialog';
import { SearchField } from './search-field';
import { StatusChip } from './status-chip';

const mailColumns = (onOpen: (message: MailMessage) => void): DataTableColumn<MailMessage>[] => [
  {
    id: 'created',
    header: 'Created',
    cellSx: { whiteSpace: 'nowrap' },
    cell: (message) => formatDateTime(message.created_at),
  },
  { id: 'to', header: 'To', cell: (message) => message.to },
  { id: 'subject', header: 'Subject', card: 'title', cell: (message) => message.subject },
  { id: 'status', header: 'Status', cell: (message) => <StatusChip status={message.status} /> },
  {
    id: 'message',
    header: 'Message',
    align: 'right',
    card: 'actions',
    cell: (message) => (
      <Button size="small" onClick={() => onOpen(message)} aria-label={`Open e-mail: ${message.subject}`}>
        Open
      </Button>
    ),
  },
];

/** The mail outbox: every e-mail the platform kept or sent, newest first, with search and status. */
export function MailOutbox() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<MailQuery['status']>('');
  const paging = useTablePaging();
  const debounced = useDebouncedValue(search);
  const mail = useMailOutbox({ search: debounced, status, skip: paging.skip, limit: paging.rowsPerPage });
  const [open, setOpen] = useState<MailMessage | null>(null);

  const filters = (
    <FilterBar>
      <SearchField
        value={search}
        onChange={(v) => {
          setSearch(v);
          paging.reset();
        }}
        placeholder="Search by recipient or subject..."
        label="Search e-mails"
      />
      <TextField
        select
        size="small"
        label="Status"
        value={status}
        onChange={(e) => {
          setStatus(e.target.value as MailQuery['status']);
          paging.reset();
        }}
        sx={{ minWidth: 150 }}
      >
        <MenuItem value="">All</MenuItem>
        <MenuItem value="kept">Kept</MenuItem>
        <MenuItem value="sent">Sent</MenuItem>
        <MenuItem value="failed">Failed</MenuItem>
      </TextField>
      <Box sx={{ flexGrow: 1 }} />
      <Button onClick={() => void mail.refetch()} disabled={mail.isFetching}>
        Refresh
      </Button>
    </FilterBar>
  );

  return (
    <>
      <DataTable
        label="Mail outbox"
        query={mail}
        rows={(data) => data.messages}
        rowKey={(message) => message.id}
        columns={mailColumns(setOpen)}
        toolbar={filters}
        paging={{ ...paging, count: (data) => data.total, countLimit: (data) => data.count_limit }}
        loadingLabel="Loading e-mails..."
        errorMessage={(caught) =>
          describeError(caught, { fallback: 'Failed to load the mail outbox. Please try again.' })
        }
        empty={
          <EmptyState
            icon={<MailOutlineIcon />}
            title="No e-mails"
            description={
              debounced || status ? 'Try another search.' : 'E-mails the platform sends will be listed here.'
            }
          />
        }
      />
      <MailDialog message={open} onClose={() => setOpen(null)} />
    </>
  );
}
