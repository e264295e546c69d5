import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { PageLoader } from '../../../components/page-loader';
import { useToast } from '../../../components/toast-provider';
import { describeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMailOutbox, useSalesContacts, useUpdateSalesContact, type MailMessage, type MailQuery } from '../api/directory';
import { useDebouncedValue } from '../use-debounced-value';
import { AdminPageHeader } from './admin-page-header';
import { SearchField } from './search-field';
import { StatusChip } from './status-chip';
import { AdminTablePagination } from './admin-table-pagination';

function MailDialog({ message, onClose }: { message: MailMessage | null; onClose: () => void }) {
  const titleId = useId();
  const [view, setView] = useState<'html' | 'text'>('html');
  const showHtml = Boolean(message?.html) && view === 'html';
  return (
    <Dialog open={message !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{message?.subject}</DialogTitle>
      <DialogContent dividers>
        {message ? (
          <>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '80px 1fr', rowGap: 0.5, columnGap: 2, m: 0, mb: 2 }}>
              <Typography component="dt" color="text.secondary">To</Typography>
              <Typography component="dd" sx={{ m: 0 }}>{message.to}</Typography>
              <Typography component="dt" color="text.secondary">Created</Typography>
              <Typography component="dd" sx={{ m: 0 }}>{formatDateTime(message.created_at)}</Typography>
              <Typography component="dt" color="text.secondary">Status</Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                <StatusChip status={message.status} />
                {message.error ? <Typography component="span" color="error" sx={{ ml: 1 }}>{message.error}</Typography> : null}
              </Typography>
            </Box>
            {message.html ? (
              <Tabs value={view} onChange={(_, v: 'html' | 'text') => setView(v)} aria-label="Message format" sx={{ mb: 1 }}>
                <Tab value="html" label="Formatted" />
                <Tab value="text" label="Plain text" />
              </Tabs>
            ) : null}
            {showHtml ? (
              // The e-mail's HTML is shown in a sandbox: no scripts, no access to the app.
              <Box component="iframe" title={`E-mail: ${message.subject}`} sandbox="" srcDoc={message.html ?? ''} sx={{ width: '100%', height: 420, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }} />
            ) : (
              <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0, p: 2, bgcolor: 'grey.50', borderRadius: 1, border: 1, borderColor: 'divider' }}>
                {message.text}
              </Box>
            )}
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function MailOutbox() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<MailQuery['status']>('');
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(25);
  const debounced = useDebouncedValue(search);
  const mail = useMailOutbox({ search: debounced, status, skip: page * rowsPerPage, limit: rowsPerPage });
  const [open, setOpen] = useState<MailMessage | null>(null);
  const rows = mail.data?.messages ?? [];
  return (
    <Card>
      <CardContent sx={{ p: 0 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2, alignItems: { md: 'center' } }}>
          <SearchField value={search} onChange={(v) => { setSearch(v); setPage(0); }} placeholder="Search by recipient or subject..." label="Search e-mails" />
          <TextField select size="small" label="Status" value={status} onChange={(e) => { setStatus(e.target.value as MailQuery['status']); setPage(0); }} sx={{ minWidth: 150 }}>
            <MenuItem value="">All</MenuItem>
            <MenuItem value="kept">Kept</MenuItem>
            <MenuItem value="sent">Sent</MenuItem>
            <MenuItem value="failed">Failed</MenuItem>
          </TextField>
          <Box sx={{ flexGrow: 1 }} />
          <Button onClick={() => void mail.refetch()} disabled={mail.isFetching}>
            Refresh
          </Button>
        </Stack>
        {mail.isFetching && !mail.isPending ? <LinearProgress aria-label="Updating" /> : null}
        {mail.isPending ? (
          <PageLoader label="Loading e-mails..." />
        ) : mail.isError ? (
          <Box sx={{ p: 2 }}>
            <Alert severity="error">{describeError(mail.error, { fallback: 'Failed to load the mail outbox. Please try again.' })}</Alert>
          </Box>
        ) : rows.length === 0 ? (
          <Box sx={{ p: 2 }}>
            <EmptyState icon={<MailOutlineIcon />} title="No e-mails" description={debounced || status ? 'Try another search.' : 'E-mails the platform sends will be listed here.'} />
          </Box>
        ) : (
          <>
            <TableContainer>
              <Table aria-label="Mail outbox">
                <TableHead>
                  <TableRow>
                    <TableCell>Created</TableCell>
                    <TableCell>To</TableCell>
                    <TableCell>Subject</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell align="right">Message</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((message) => (
                    <TableRow key={message.id} hover>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(message.created_at)}</TableCell>
                      <TableCell>{message.to}</TableCell>
                      <TableCell>{message.subject}</TableCell>
                      <TableCell>
                        <StatusChip status={message.status} />
                      </TableCell>
                      <TableCell align="right">
                        <Button size="small" onClick={() => setOpen(message)} aria-label={`Open e-mail: ${message.subject}`}>
                          Open
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <AdminTablePagination
              count={mail.data.total}
              page={page}
              rowsPerPage={rowsPerPage}
              onPageChange={setPage}
              onRowsPerPageChange={setRowsPerPage}
            />
          </>
        )}
      </CardContent>
      <MailDialog message={open} onClose={() => setOpen(null)} />
    </Card>
  );
}

function SalesContacts() {
  const toast = useToast();
  const contacts = useSalesContacts();
  const update = useUpdateSalesContact();
  if (contacts.isPending) return <PageLoader label="Loading requests..." />;
  if (contacts.isError) return <Alert severity="error">{describeError(contacts.error, { fallback: 'Failed to load sales-contact requests.' })}</Alert>;
  if (contacts.data.requests.length === 0) return <EmptyState title="No sales-contact requests" description="Requests from the 'Contact Us' plans appear here." />;
  return (
    <Card>
      <TableContainer>
        <Table aria-label="Sales-contact requests">
          <TableHead>
            <TableRow>
              <TableCell>Received</TableCell>
              <TableCell>Contact</TableCell>
              <TableCell>Firm</TableCell>
              <TableCell>Plan</TableCell>
              <TableCell>Message</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {contacts.data.requests.map((request) => (
              <TableRow key={request.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(request.created_at)}</TableCell>
                <TableCell>
                  <Typography sx={{ fontWeight: 600 }}>{request.name}</Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    <a href={`mailto:${request.email}`}>{request.email}</a>
                    {request.phone ? ` · ${request.phone}` : ''}
                  </Typography>
                </TableCell>
                <TableCell>{request.firm_name ?? '-'}</TableCell>
                <TableCell>{request.plan?.display_name ?? '-'}</TableCell>
                <TableCell sx={{ maxWidth: 320, whiteSpace: 'pre-wrap' }}>{request.message || '-'}</TableCell>
                <TableCell>
                  <TextField
                    select
                    size="small"
                    value={request.status}
                    onChange={(e) =>
                      update.mutate(
                        { id: request.id, status: e.target.value as 'new' | 'contacted' | 'closed' },
                        {
                          onSuccess: () => toast('Request updated'),
                          onError: (err) => toast(describeError(err, { fallback: 'Failed to update the request.' }), 'error'),
                        },
                      )
                    }
                    slotProps={{ htmlInput: { 'aria-label': `Status of the request from ${request.name}` } }}
                    sx={{ minWidth: 130 }}
                  >
                    <MenuItem value="new">New</MenuItem>
                    <MenuItem value="contacted">Contacted</MenuItem>
                    <MenuItem value="closed">Closed</MenuItem>
                  </TextField>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}

/** 'Admin Settings': the mail outbox (embedded mode) and sales-contact requests. */
export function AdminSettingsPage() {
  useDocumentTitle('Admin Settings');
  const [tab, setTab] = useState<'mail' | 'sales'>('mail');
  return (
    <>
      <AdminPageHeader title="Admin Settings" description="The mail outbox and the requests sent to the sales team." />
      <Tabs value={tab} onChange={(_, v: 'mail' | 'sales') => setTab(v)} aria-label="Settings sections" sx={{ mb: 2 }}>
        <Tab value="mail" label="Mail Outbox" />
        <Tab value="sales" label="Sales Requests" />
      </Tabs>
      {tab === 'mail' ? (
        <>
          <Alert severity="info" sx={{ mb: 2 }}>
            Without an SMTP server (the embedded mode), every e-mail the platform sends is kept here instead: password resets, payment
            receipts, trial reminders and notifications. With SMTP configured the list shows what was sent.
          </Alert>
          <MailOutbox />
        </>
      ) : (
        <SalesContacts />
      )}
    </>
  );
}
