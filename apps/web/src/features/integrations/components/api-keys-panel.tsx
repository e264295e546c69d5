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
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast-provider';
import { formatDateTime } from '../../../lib/format';
import { apiKeyErrorMessage, useApiKeys, useCreateApiKey, useRevokeApiKey, type ApiKey } from '../api/api-keys';
import { SecretOnceDialog, type ShownSecret } from './secret-once-dialog';

function CreateApiKeyDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (s: ShownSecret) => void }) {
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
        onError: (err) => setError(apiKeyErrorMessage(err, 'Failed to create the API key. Please try again.')),
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
            <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} required helperText="What uses it, e.g. Practice system" slotProps={{ htmlInput: { maxLength: 80 } }} />
            <div>
              <FormLabel id={`${titleId}-scope`}>Scope</FormLabel>
              <RadioGroup aria-labelledby={`${titleId}-scope`} value={scope} onChange={(e) => setScope(e.target.value as ApiKeyScope)}>
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
        Your practice-management system uses a key to read and update your firm&apos;s cases. Read-only keys cannot change anything.
      </Typography>
      {keys.isError ? <Alert severity="error">{apiKeyErrorMessage(keys.error, 'Failed to load API keys. Please try again.')}</Alert> : null}
      {keys.data && keys.data.api_keys.length === 0 ? <Typography>No API keys yet.</Typography> : null}
      {keys.data && keys.data.api_keys.length > 0 ? (
        <Table size="small" aria-label="API keys">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Scope</TableCell>
              <TableCell>Key</TableCell>
              <TableCell>Created</TableCell>
              <TableCell>Last used</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {keys.data.api_keys.map((k) => (
              <TableRow key={k.id}>
                <TableCell>{k.name}</TableCell>
                <TableCell>{API_KEY_SCOPE_LABELS[k.scope]}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{k.prefix}…</TableCell>
                <TableCell>
                  {formatDateTime(k.created_at)}
                  {k.created_by ? ` by ${k.created_by.full_name}` : ''}
                </TableCell>
                <TableCell>{k.last_used_at ? formatDateTime(k.last_used_at) : 'Never'}</TableCell>
                <TableCell align="right">
                  <Button color="error" size="small" onClick={() => setRevoking(k)} aria-label={`Revoke ${k.name}`}>
                    Revoke
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
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
