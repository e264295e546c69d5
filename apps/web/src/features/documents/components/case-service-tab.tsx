import DownloadDoneIcon from '@mui/icons-material/DownloadDone';
import DraftsOutlinedIcon from '@mui/icons-material/DraftsOutlined';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DeliveryRecord, Document } from '@lexserve/contracts/documents';
import { MAGISTERIAL_DISTRICTS } from '@lexserve/contracts/courts';
import { useEffect, useState, type ReactNode } from 'react';
import { describeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import {
  assignSheriff,
  resendDelivery,
  useDeliveries,
  useDocumentWrite,
  useSheriffs,
} from '../../../lib/documents-api/service';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** What the sheriff's cards (the sheriff feature's returns and attempts) are given by the Service tab. */
type SheriffCardsProps = {
  document: Document;
  /** The returns card is shown (served by the sheriff, or a sheriff is assigned). */
  showReturns: boolean;
  isAssignedSheriff: boolean;
  currentUserId: number | null;
};

/** The sheriff's returns and attempts, composed in by app/ (a feature does not import another). */
export type SheriffCards = (props: SheriffCardsProps) => ReactNode;

type CaseServiceTabProps = {
  document: Document;
  /** Firm roles assign sheriffs and see the DSA delivery record. */
  isFirmRole: boolean;
  /** The signed-in user is the assigned sheriff. */
  isAssignedSheriff: boolean;
  /** The signed-in user (a sheriff adds photos to the attempts they recorded). */
  currentUserId: number | null;
  sheriffCards: SheriffCards;
};

/**
 * "Service": electronic delivery on the DSA, the sheriff assignment, the sheriff's returns and service attempts. The
 * assigned sheriff, on a phone, sees the returns and attempts first.
 */
export function CaseServiceTab({
  document,
  isFirmRole,
  isAssignedSheriff,
  currentUserId,
  sheriffCards,
}: CaseServiceTabProps) {
  // Initiating process is served by the sheriff (no e-service): the return and attempts come first.
  const bySheriff = document.service_channel === 'sheriff';
  const showReturns = bySheriff || isAssignedSheriff || Boolean(document.assigned_sheriff_id);
  return (
    <Stack spacing={3}>
      {isFirmRole && !bySheriff ? <DeliveryCard document={document} /> : null}
      {isFirmRole && !bySheriff ? <SheriffCard document={document} /> : null}
      {sheriffCards({ document, showReturns, isAssignedSheriff, currentUserId })}
      {isFirmRole && bySheriff ? <SheriffCard document={document} /> : null}
      {isFirmRole && bySheriff && document.delivery ? <DeliveryCard document={document} /> : null}
    </Stack>
  );
}

function CardTitle({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Stack
      direction="row"
      sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 1, flexWrap: 'wrap' }}
    >
      <Typography variant="h6" component="h3">
        {children}
      </Typography>
      {action}
    </Stack>
  );
}

const DELIVERY_STATUS_COLOR: Record<
  DeliveryRecord['status'],
  'default' | 'info' | 'success' | 'warning' | 'error'
> = {
  pending: 'default',
  sent: 'info',
  opened: 'success',
  downloaded: 'success',
  expired: 'warning',
  superseded: 'default',
  revoked: 'error',
};

/** The electronic service record: sent, opened, downloaded (with times and which file). */
function DeliveryCard({ document }: { document: Document }) {
  const served = Boolean(document.served_at);
  const deliveries = useDeliveries(document.id, served);
  const resend = useDocumentWrite(resendDelivery);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const latest = deliveries.data?.[0] ?? document.delivery;

  const doResend = async () => {
    setMessage(null);
    try {
      await resend.mutateAsync(document.id);
      await deliveries.refetch();
      setMessage({
        severity: 'success',
        text: 'A new download link was sent to the digital service address.',
      });
    } catch (error) {
      setMessage({
        severity: 'error',
        text: describeError(error, { fallback: 'Failed to resend the delivery link. Please try again.' }),
      });
    }
  };

  return (
    <Card>
      <CardContent>
        <CardTitle
          action={
            served && !document.is_revoked ? (
              <Button
                size="small"
                variant="outlined"
                startIcon={
                  resend.isPending ? <CircularProgress size={14} color="inherit" /> : <SendOutlinedIcon />
                }
                onClick={() => void doResend()}
                disabled={resend.isPending}
              >
                Resend Link
              </Button>
            ) : undefined
          }
        >
          Electronic Service (DSA)
        </CardTitle>
        {message ? (
          <Alert severity={message.severity} sx={{ mb: 2 }} onClose={() => setMessage(null)}>
            {message.text}
          </Alert>
        ) : null}
        {!served ? (
          <Typography color="text.secondary">
            The document is delivered to {document.digital_service_address || 'the digital service address'}{' '}
            when it is submitted.
          </Typography>
        ) : deliveries.isLoading ? (
          <Skeleton variant="rounded" height={120} />
        ) : deliveries.isError && !latest ? (
          <Alert severity="error">
            {describeError(deliveries.error, { fallback: 'Failed to load the delivery record' })}
          </Alert>
        ) : !latest ? (
          <Typography color="text.secondary">No delivery has been recorded yet.</Typography>
        ) : (
          <Box>
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', mb: 1.5, flexWrap: 'wrap', gap: 1 }}
            >
              <Typography variant="body2">
                To <strong>{latest.to_address}</strong>
              </Typography>
              <Chip
                size="small"
                label={latest.status.charAt(0).toUpperCase() + latest.status.slice(1)}
                color={DELIVERY_STATUS_COLOR[latest.status]}
              />
              <Typography variant="caption" color="text.secondary">
                Link valid until {formatDateTime(latest.expires_at)}
              </Typography>
            </Stack>
            <Stepper orientation="vertical" nonLinear activeStep={-1} aria-label="Delivery progress">
              <Step completed={Boolean(latest.sent_at)}>
                <StepLabel icon={<SendOutlinedIcon color={latest.sent_at ? 'success' : 'disabled'} />}>
                  Sent {latest.sent_at ? `· ${formatDateTime(latest.sent_at)}` : '· not yet'}
                </StepLabel>
              </Step>
              <Step completed={Boolean(latest.opened_at)} expanded>
                <StepLabel icon={<DraftsOutlinedIcon color={latest.opened_at ? 'success' : 'disabled'} />}>
                  Opened{' '}
                  {latest.opened_at
                    ? `· ${latest.open_count} opening${latest.open_count === 1 ? '' : 's'}, first ${formatDateTime(latest.opened_at)}`
                    : '· not yet'}
                </StepLabel>
                <StepContent>
                  {latest.events
                    .filter((e) => e.kind === 'opened')
                    .map((e, index) => (
                      <Typography
                        key={index}
                        variant="caption"
                        color="text.secondary"
                        component="div"
                        sx={{ wordBreak: 'break-word' }}
                      >
                        {formatDateTime(e.at)}
                        {e.ip ? ` · ${e.ip}` : ''}
                        {e.user_agent ? ` · ${e.user_agent}` : ''}
                      </Typography>
                    ))}
                </StepContent>
              </Step>
              <Step completed={latest.download_count > 0} expanded>
                <StepLabel
                  icon={<DownloadDoneIcon color={latest.download_count > 0 ? 'success' : 'disabled'} />}
                >
                  Downloaded{' '}
                  {latest.download_count > 0
                    ? `· ${latest.download_count} download${latest.download_count === 1 ? '' : 's'}, last ${formatDateTime(latest.last_downloaded_at)}`
                    : '· not yet'}
                </StepLabel>
                <StepContent>
                  {latest.events
                    .filter((e) => e.kind === 'downloaded')
                    .map((e, index) => (
                      <Typography key={index} variant="caption" color="text.secondary" component="div">
                        {formatDateTime(e.at)} · {e.filename ?? 'Proof of service'}
                        {e.ip ? ` · ${e.ip}` : ''}
                      </Typography>
                    ))}
                </StepContent>
              </Step>
            </Stepper>
            {(deliveries.data?.length ?? 0) > 1 ? (
              <Typography variant="caption" color="text.secondary">
                {deliveries.data!.length - 1} earlier link{deliveries.data!.length === 2 ? ' was' : 's were'}{' '}
                replaced.
              </Typography>
            ) : null}
          </Box>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
          <MarkEmailReadOutlinedIcon fontSize="small" color="action" aria-hidden />
          <Typography variant="caption" color="text.secondary">
            The recipient opens the link without logging in, as often as needed until it expires, and may ask
            for a fresh link to the same address; every opening and download is recorded here.
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Assign the sheriff who serves the document (firm roles pick from /users/sheriffs, filtered by service area). */
function SheriffCard({ document }: { document: Document }) {
  const [area, setArea] = useState('');
  const debouncedArea = useDebouncedValue(area);
  const sheriffs = useSheriffs(true, debouncedArea);
  const assign = useDocumentWrite(assignSheriff);
  const [choice, setChoice] = useState<string>(
    document.assigned_sheriff_id ? String(document.assigned_sheriff_id) : '',
  );
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const closed = ['completed', 'cancelled', 'archived'].includes(document.status) || document.is_revoked;

  useEffect(
    () => setChoice(document.assigned_sheriff_id ? String(document.assigned_sheriff_id) : ''),
    [document.assigned_sheriff_id],
  );

  const save = async () => {
    setMessage(null);
    try {
      const sheriffId = choice ? Number(choice) : null;
      await assign.mutateAsync({ documentId: document.id, sheriffId });
      const name = sheriffs.data?.find((s) => s.id === sheriffId)?.full_name;
      setMessage({
        severity: 'success',
        text: sheriffId ? `Sheriff ${name ?? ''} assigned`.replace('  ', ' ') : 'Sheriff assignment removed',
      });
    } catch (error) {
      setMessage({
        severity: 'error',
        text: describeError(error, { fallback: 'Failed to assign the sheriff. Please try again.' }),
      });
    }
  };

  return (
    <Card>
      <CardContent>
        <CardTitle>Sheriff</CardTitle>
        {message ? (
          <Alert severity={message.severity} sx={{ mb: 2 }} onClose={() => setMessage(null)}>
            {message.text}
          </Alert>
        ) : null}
        <Typography variant="body2" sx={{ mb: 2 }}>
          Assigned sheriff:{' '}
          <strong>
            {document.assigned_sheriff
              ? `${document.assigned_sheriff.full_name} (${document.assigned_sheriff.email})`
              : 'Not assigned'}
          </strong>
        </Typography>
        {closed ? null : (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: { sm: 'flex-start' }, flexWrap: 'wrap', gap: 1.5 }}
          >
            <Autocomplete
              freeSolo
              size="small"
              options={MAGISTERIAL_DISTRICTS as string[]}
              inputValue={area}
              onInputChange={(_, text) => setArea(text)}
              sx={{ minWidth: 240 }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Service area"
                  helperText="The magisterial district of the service address"
                />
              )}
            />
            <TextField
              select
              size="small"
              label="Assign Sheriff"
              value={choice}
              onChange={(e) => setChoice(e.target.value)}
              disabled={sheriffs.isLoading || assign.isPending}
              helperText={
                sheriffs.isError
                  ? describeError(sheriffs.error, { fallback: 'Failed to load sheriffs' })
                  : sheriffs.data?.length === 0
                    ? debouncedArea.trim()
                      ? `No sheriff serves ${debouncedArea.trim()} yet.`
                      : 'No sheriffs are registered yet.'
                    : undefined
              }
              error={sheriffs.isError}
              sx={{ maxWidth: 360 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">
                <em>No sheriff</em>
              </MenuItem>
              {document.assigned_sheriff &&
              !(sheriffs.data ?? []).some((s) => s.id === document.assigned_sheriff_id) ? (
                <MenuItem value={String(document.assigned_sheriff_id)}>
                  {document.assigned_sheriff.full_name} (assigned)
                </MenuItem>
              ) : null}
              {(sheriffs.data ?? []).map((s) => (
                <MenuItem key={s.id} value={String(s.id)}>
                  {s.full_name} · {s.office_name ?? s.email}
                  {s.service_areas.length ? ` (${s.service_areas.join(', ')})` : ''}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="contained"
              onClick={() => void save()}
              disabled={
                assign.isPending ||
                choice === (document.assigned_sheriff_id ? String(document.assigned_sheriff_id) : '')
              }
            >
              {assign.isPending ? 'Saving...' : 'Save Assignment'}
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
