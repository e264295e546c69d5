import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  SERVICE_OUTCOMES,
  SERVICE_OUTCOME_LABELS,
  type ServiceAttempt,
  type ServiceOutcome,
} from '@lexserve/contracts/returns';
import { useId, useState } from 'react';
import { describeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { recordServiceAttempt } from '../api/service-attempts';
import { useDocumentWrite } from '../../../lib/documents-api/service';
import { useGeolocation } from '../hooks/use-geolocation';
import { usePhotoQueue } from '../hooks/use-photo-queue';
import { isoWithOffset } from '../utils/service-time';
import { fieldIssuesOf } from '../../../lib/validation-issues';
import { AttemptPhotosUploader } from './attempt-photos-uploader';
import { GpsStatus } from './gps-status';
import { TAP } from './tap';

type Values = { address: string; outcome: string; notes: string };
const FIELDS = ['address', 'outcome', 'notes'] as const;

const check = (values: Values): Record<string, string> => {
  const errors: Record<string, string> = {};
  if (!values.address.trim()) errors.address = 'The address where service was attempted is required';
  else if (values.address.trim().length > 1000)
    errors.address = 'The address is too long (at most 1000 characters)';
  if (!values.outcome) errors.outcome = 'Please choose the outcome';
  if (values.notes.length > 5000) errors.notes = 'Notes are too long (at most 5000 characters)';
  return errors;
};

type RecordAttemptDialogProps = {
  open: boolean;
  documentId: number;
  /** The address to start from: the last attempt's, else the recipient's (the sheriff corrects it at the door). */
  defaultAddress: string;
  onClose: (saved: ServiceAttempt | null) => void;
};

/**
 * Rendered only while open (its state, the GPS request and the photo queue start afresh each time).
 *
 * The sheriff at the door, on a phone: the position from the GPS (or why there is none), the address (the last attempt's or
 * the recipient's, to correct), the outcome and notes; the phone's time is taken when Save is pressed. Then the camera, for photos of
 * this attempt.
 */
export function RecordAttemptDialog({ open, documentId, defaultAddress, onClose }: RecordAttemptDialogProps) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [saved, setSaved] = useState<ServiceAttempt | null>(null);
  const gps = useGeolocation(open && !saved);
  const record = useDocumentWrite(recordServiceAttempt);
  const queue = usePhotoQueue(documentId, saved?.id ?? null);
  const [values, setValues] = useState<Values>({ address: defaultAddress, outcome: '', notes: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const set = (field: keyof Values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const save = async () => {
    const found = check(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    const fix = gps.status === 'ready' ? gps.fix : null;
    try {
      const attempt = await record.mutateAsync({
        documentId,
        input: {
          device_time: isoWithOffset(new Date()),
          address: values.address.trim(),
          latitude: fix?.latitude ?? null,
          longitude: fix?.longitude ?? null,
          accuracy_m: fix?.accuracy_m ?? null,
          outcome: values.outcome as ServiceOutcome,
          notes: values.notes.trim() || null,
          target_id: null,
        },
      });
      setSaved(attempt);
    } catch (error) {
      const issues = fieldIssuesOf(error, (path) => (FIELDS as readonly string[]).includes(path));
      if (issues) {
        setErrors(issues.fields);
        setFailure(issues.others.length ? issues.others.join(' ') : null);
      } else {
        setFailure(
          describeError(error, { fallback: 'Failed to record the service attempt. Please try again.' }),
        );
      }
    }
  };

  const close = () => onClose(saved);
  const busy = record.isPending || queue.busy;

  return (
    <Dialog
      open={open}
      onClose={busy || queue.failed ? undefined : close}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle id={titleId}>{saved ? 'Photos of the Attempt' : 'Record Service Attempt'}</DialogTitle>
      <DialogContent dividers>
        {saved ? (
          <Stack spacing={2}>
            <Alert severity="success" role="status">
              Service attempt recorded at {formatDateTime(saved.server_time)} (server time). Add photos now,
              or close.
            </Alert>
            <AttemptPhotosUploader queue={queue} />
          </Stack>
        ) : (
          <Stack spacing={2.5}>
            {failure ? (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            ) : null}
            <GpsStatus state={gps} onRetry={gps.retry} />
            <TextField
              label="Address"
              required
              multiline
              minRows={2}
              value={values.address}
              onChange={set('address')}
              error={Boolean(errors.address)}
              helperText={
                errors.address ??
                'Where service was attempted; correct it if it differs from the recipient’s address'
              }
            />
            <TextField
              select
              label="Outcome"
              required
              value={values.outcome}
              onChange={set('outcome')}
              error={Boolean(errors.outcome)}
              helperText={errors.outcome}
            >
              {SERVICE_OUTCOMES.map((o) => (
                <MenuItem key={o} value={o} sx={TAP}>
                  {SERVICE_OUTCOME_LABELS[o]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Notes"
              multiline
              minRows={3}
              value={values.notes}
              onChange={set('notes')}
              error={Boolean(errors.notes)}
              helperText={errors.notes}
            />
            <Typography variant="caption" color="text.secondary">
              The phone’s date and time are recorded when you save; the server adds its own.
            </Typography>
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
        {saved ? (
          <Button
            variant="contained"
            onClick={close}
            disabled={busy || queue.failed > 0}
            sx={{ ...TAP, width: { xs: '100%', sm: 'auto' } }}
          >
            {queue.busy ? 'Uploading…' : 'Done'}
          </Button>
        ) : (
          <>
            <Button onClick={close} disabled={record.isPending} sx={TAP}>
              Cancel
            </Button>
            <Button
              variant="contained"
              onClick={() => void save()}
              disabled={record.isPending}
              sx={{ ...TAP, flexGrow: { xs: 1, sm: 0 } }}
            >
              {record.isPending ? 'Saving…' : gps.status === 'ready' ? 'Save Attempt' : 'Save Without GPS'}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
