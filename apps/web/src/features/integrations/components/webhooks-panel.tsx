import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEvent } from '@lexserve/contracts/integrations';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { RowsTable } from '../../../components/data-table/rows-table';
import { useToast } from '../../../components/toast-provider';
import { formatDateTime } from '../../../lib/format';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useSendTestEvent,
  useWebhookDeliveries,
  useWebhooks,
  webhookErrorMessage,
  type Webhook,
  type WebhookDelivery,
} from '../api/webhooks';
import { SecretOnceDialog, type ShownSecret } from './secret-once-dialog';

const STATUS_COLOUR = { pending: 'warning', succeeded: 'success', failed: 'error' } as const;
const STATUS_LABEL = { pending: 'Retrying', succeeded: 'Delivered', failed: 'Failed' } as const;

function AddWebhookDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (s: ShownSecret) => void;
}) {
  const titleId = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateWebhook();
  const toggle = (event: WebhookEvent) =>
    setEvents((current) =>
      current.includes(event) ? current.filter((e) => e !== event) : [...current, event],
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!url.trim()) return setError('Please enter the endpoint URL');
    if (!events.length) return setError('Choose at least one event');
    setError(null);
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (hook) => {
          setUrl('');
          setEvents([]);
          onCreated({
            title: 'Webhook endpoint added',
            intro: `Verify each message to ${hook.url} with this signing secret (see the integrations guide).`,
            label: 'Signing secret',
            value: hook.secret,
          });
        },
        onError: (err) => setError(webhookErrorMessage(err, 'Failed to add the endpoint. Please try again.')),
      },
    );
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Add webhook endpoint</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            {error ? <Alert severity="error">{error}</Alert> : null}
            <TextField
              label="Endpoint URL"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              required
              placeholder="https://practice.example.co.za/lexserve/webhooks"
            />
            <div>
              <FormLabel component="legend">Events</FormLabel>
              <FormGroup>
                {WEBHOOK_EVENTS.map((event) => (
                  <FormControlLabel
                    key={event}
                    control={<Checkbox checked={events.includes(event)} onChange={() => toggle(event)} />}
                    label={`${WEBHOOK_EVENT_LABELS[event]} (${event})`}
                  />
                ))}
              </FormGroup>
            </div>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            Add endpoint
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

const lastAttemptOf = (d: WebhookDelivery) => d.attempts[d.attempts.length - 1];

function DeliveriesDialog({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const titleId = useId();
  const deliveries = useWebhookDeliveries(webhook?.id ?? null);
  return (
    <Dialog open={Boolean(webhook)} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Deliveries to {webhook?.url}</DialogTitle>
      <DialogContent dividers>
        {deliveries.isError ? (
          <Alert severity="error">
            {webhookErrorMessage(deliveries.error, 'Failed to load deliveries. Please try again.')}
          </Alert>
        ) : null}
        {deliveries.data && deliveries.data.deliveries.length === 0 ? (
          <Typography>No deliveries yet. Send a test event to try the endpoint.</Typography>
        ) : null}
        {deliveries.data && deliveries.data.deliveries.length > 0 ? (
          <Table size="small" aria-label="Deliveries">
            <TableHead>
              <TableRow>
                <TableCell>Event</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Attempts</TableCell>
                <TableCell>Last answer</TableCell>
                <TableCell>Next retry</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {deliveries.data.deliveries.map((d) => {
                const last = lastAttemptOf(d);
                return (
                  <TableRow key={d.id}>
                    <TableCell>
                      {d.event}
                      <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                        {formatDateTime(d.created_at)}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Chip size="small" color={STATUS_COLOUR[d.status]} label={STATUS_LABEL[d.status]} />
                    </TableCell>
                    <TableCell>{d.attempts.length}</TableCell>
                    <TableCell>
                      {last ? (
                        <>
                          {last.status_code !== null
                            ? `HTTP ${last.status_code}`
                            : (last.error ?? 'No answer')}{' '}
                          · {last.duration_ms} ms
                          {last.response_excerpt ? (
                            <Typography
                              variant="caption"
                              sx={{ display: 'block', fontFamily: 'monospace', wordBreak: 'break-all' }}
                            >
                              {last.response_excerpt.slice(0, 200)}
                            </Typography>
                          ) : null}
                        </>
                      ) : (
                        'Not sent yet'
                      )}
                    </TableCell>
                    <TableCell>{d.next_retry_at ? formatDateTime(d.next_retry_at) : '-'}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The firm's webhook endpoints: add (the signing secret shown once), deliveries, send a test event, delete. */
export function WebhooksPanel() {
  const hooks = useWebhooks();
  const remove = useDeleteWebhook();
  const sendTest = useSendTestEvent();
  const showToast = useToast();
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [viewing, setViewing] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);

  const test = (hook: Webhook) =>
    sendTest.mutate(hook.id, {
      onSuccess: ({ delivery }) => {
        const last = lastAttemptOf(delivery);
        if (delivery.status === 'succeeded')
          showToast(`Test event delivered (HTTP ${last?.status_code}).`, 'success');
        else
          showToast(
            `Test event not delivered: ${last?.status_code !== null && last ? `HTTP ${last.status_code}` : (last?.error ?? 'no answer')}. It will be retried.`,
            'warning',
          );
      },
      onError: (err) =>
        showToast(webhookErrorMessage(err, 'Failed to send the test event. Please try again.'), 'error'),
    });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => showToast('Webhook endpoint deleted.', 'success'),
      onError: (err) =>
        showToast(webhookErrorMessage(err, 'Failed to delete the endpoint. Please try again.'), 'error'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <section aria-labelledby="webhooks-heading">
      <Stack direction="row" sx={{ mb: 1, justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h6" component="h2" id="webhooks-heading">
          Webhooks
        </Typography>
        <Button variant="contained" onClick={() => setAdding(true)}>
          Add endpoint
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        LexServe posts signed messages (Standard Webhooks) to your endpoints when the events you choose
        happen.
      </Typography>
      {hooks.isError ? (
        <Alert severity="error">
          {webhookErrorMessage(hooks.error, 'Failed to load webhook endpoints. Please try again.')}
        </Alert>
      ) : null}
      {hooks.data && hooks.data.webhooks.length === 0 ? (
        <Typography>No webhook endpoints yet.</Typography>
      ) : null}
      {hooks.data && hooks.data.webhooks.length > 0 ? (
        <RowsTable
          label="Webhook endpoints"
          rows={hooks.data.webhooks}
          rowKey={(h) => h.id}
          columns={[
            {
              id: 'url',
              header: 'URL',
              card: 'title',
              cellSx: { wordBreak: 'break-all' },
              cell: (h) => h.url,
            },
            { id: 'events', header: 'Events', cell: (h) => h.events.join(', ') },
            { id: 'created', header: 'Created', cell: (h) => formatDateTime(h.created_at) },
            {
              id: 'actions',
              header: 'Actions',
              align: 'right',
              card: 'actions',
              cellSx: { whiteSpace: 'nowrap' },
              cell: (h) => (
                <>
                  <Button size="small" onClick={() => setViewing(h)} aria-label={`Deliveries to ${h.url}`}>
                    Deliveries
                  </Button>
                  <Button
                    size="small"
                    onClick={() => test(h)}
                    disabled={sendTest.isPending}
                    aria-label={`Send test event to ${h.url}`}
                  >
                    Send test
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setDeleting(h)}
                    aria-label={`Delete ${h.url}`}
                  >
                    Delete
                  </Button>
                </>
              ),
            },
          ]}
        />
      ) : null}
      <AddWebhookDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(secret) => {
          setAdding(false);
          setShown(secret);
        }}
      />
      <SecretOnceDialog secret={shown} onClose={() => setShown(null)} />
      <DeliveriesDialog webhook={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={Boolean(deleting)}
        type="danger"
        title="Delete webhook endpoint?"
        message={`LexServe stops sending to ${deleting?.url ?? ''}, and its delivery history is deleted.`}
        confirmLabel="Delete endpoint"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
