import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, type ApiKeyScope } from '@lexserve/contracts/integrations';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { RowsTable } from '../../../components/data-table/rows-table';
import { useToast } from '../../../components/toast-provider';
import { formatDateTime } from '../../../lib/format';
import {
  apiKeyErrorMessage,
  useApiKeys,
  useCreateApiKey,
  useRevokeApiKey,
  type ApiKey,
} from '../api/api-keys';
import { SecretOnceDialog, type ShownSecret } from './secret-once-dialog';

function CreateApiKeyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (s: ShownSecret) => void;
}) {
  const titleId = useId();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateApiKey();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Please enter a name for the key');
    setError(null);
    create.mutate(
      { name: name.trim(), scope },
      {
        onSuccess: (key) => {
          setName('');
          setScope('read');
          onCreated({
            title: 'API key created',
            intro: `Use this key as "Authorization: Bearer <key>" in "${key.name}".`,
            label: 'API key',
            value: key.key,
          });
        },
        onError: (err) =>
          setError(apiKeyErrorMessage(err, 'Failed to create the API key. Please try again.')),
      },
    );
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Create API key</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            {error ? <Alert severity="error">{error}</Alert> : null}
            <TextField
              label="Name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              helperText="What uses it, e.g. Practice system"
              slotProps={{ htmlInput: { maxLength: 80 } }}
            />
            <div>
              <FormLabel id={`${titleId}-scope`}>Scope</FormLabel>
              <RadioGroup
                aria-labelledby={`${titleId}-scope`}
                value={scope}
                onChange={(e) => setScope(e.target.value as ApiKeyScope)}
              >
                {API_KEY_SCOPES.map((s) => (
                  <FormControlLabel key={s} value={s} control={<Radio />} label={API_KEY_SCOPE_LABELS[s]} />
                ))}
              </RadioGroup>
            </div>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            Create key
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The firm's API keys: create (the key shown once), list, revoke with a confirmation. */
export function ApiKeysPanel() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const showToast = useToast();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        showToast(`API key "${revoking.name}" revoked.`, 'success');
        setRevoking(null);
      },
      onError: (err) => {
        showToast(apiKeyErrorMessage(err, 'Failed to revoke the API key. Please try again.'), 'error');
        setRevoking(null);
      },
    });
  };

  return (
    <section aria-labelledby="api-keys-heading">
      <Stack direction="row" sx={{ mb: 1, justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h6" component="h2" id="api-keys-heading">
          API keys
        </Typography>
        <Button variant="contained" onClick={() => setCreating(true)}>
          Create API key
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Your practice-management system uses a key to read and update your firm&apos;s cases. Read-only keys
        cannot change anything.
      </Typography>
      {keys.isError ? (
        <Alert severity="error">
          {apiKeyErrorMessage(keys.error, 'Failed to load API keys. Please try again.')}
        </Alert>
      ) : null}
      {keys.data && keys.data.api_keys.length === 0 ? <Typography>No API keys yet.</Typography> : null}
      {keys.data && keys.data.api_keys.length > 0 ? (
        <RowsTable
          label="API keys"
          rows={keys.data.api_keys}
          rowKey={(k) => k.id}
          columns={[
            { id: 'name', header: 'Name', card: 'title', cell: (k) => k.name },
            { id: 'scope', header: 'Scope', cell: (k) => API_KEY_SCOPE_LABELS[k.scope] },
            { id: 'key', header: 'Key', cellSx: { fontFamily: 'monospace' }, cell: (k) => `${k.prefix}…` },
            {
              id: 'created',
              header: 'Created',
              cell: (k) =>
                `${formatDateTime(k.created_at)}${k.created_by ? ` by ${k.created_by.full_name}` : ''}`,
            },
            {
              id: 'last-used',
              header: 'Last used',
              cell: (k) => (k.last_used_at ? formatDateTime(k.last_used_at) : 'Never'),
            },
            {
              id: 'actions',
              header: 'Actions',
              align: 'right',
              card: 'actions',
              cell: (k) => (
                <Button
                  color="error"
                  size="small"
                  onClick={() => setRevoking(k)}
                  aria-label={`Revoke ${k.name}`}
                >
                  Revoke
                </Button>
              ),
            },
          ]}
        />
      ) : null}
      <CreateApiKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(secret) => {
          setCreating(false);
          setShown(secret);
        }}
      />
      <SecretOnceDialog secret={shown} onClose={() => setShown(null)} />
      <ConfirmDialog
        open={Boolean(revoking)}
        type="danger"
        title="Revoke API key?"
        message={`Systems using "${revoking?.name ?? ''}" will be refused from now on. This cannot be undone.`}
        confirmLabel="Revoke key"
        loading={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}
