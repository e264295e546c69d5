import AddAPhotoOutlinedIcon from '@mui/icons-material/AddAPhotoOutlined';
import AddIcon from '@mui/icons-material/Add';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Document } from '@lexserve/contracts/documents';
import type { ServiceAttempt } from '@lexserve/contracts/returns';
import { useState, type ReactNode } from 'react';
import { describeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useServiceAttempts } from '../api/service-attempts';
import { accuracyLabel } from '../hooks/use-geolocation';
import { useServiceAddress } from '../hooks/use-service-address';
import { AttemptPhotosDialog } from './attempt-photos-dialog';
import { PhotoThumbnail } from './photo-thumbnail';
import { RecordAttemptDialog } from './record-attempt-dialog';
import { TAP } from './tap';

const SERVED_OUTCOMES = new Set([
  'served_personally',
  'served_at_residence',
  'served_at_business',
  'affixed_to_door',
]);

/** "-33.924870, 18.424055 ±12 m", with a link to the spot on OpenStreetMap. */
function GpsLine({ attempt }: { attempt: ServiceAttempt }) {
  if (attempt.latitude === null || attempt.longitude === null)
    return <>No GPS position (not available when recorded)</>;
  const { latitude, longitude } = attempt;
  const map = `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=18/${latitude}/${longitude}`;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}>
      <span>
        {latitude.toFixed(6)}, {longitude.toFixed(6)}
        {attempt.accuracy_m !== null ? ` ${accuracyLabel(attempt.accuracy_m)}` : ''}
      </span>
      <Link
        href={map}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Map of attempt position ${latitude.toFixed(6)}, ${longitude.toFixed(6)}`}
        sx={{
          ...TAP,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 0.5,
          whiteSpace: 'nowrap',
          my: -1.25,
        }}
      >
        Map <OpenInNewIcon sx={{ fontSize: 14 }} aria-hidden />
      </Link>
    </Stack>
  );
}

/** A fact of the attempt; `wide` facts (address, position, notes) take the whole row on a phone. */
function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? { xs: '1 / -1', sm: 'auto' } : undefined }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

type AttemptItemProps = {
  attempt: ServiceAttempt;
  index: number;
  documentId: number;
  onAddPhotos?: () => void;
};

function AttemptItem({ attempt, index, documentId, onAddPhotos }: AttemptItemProps) {
  const label = `Attempt ${index}`;
  return (
    <Box
      component="li"
      aria-label={label}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1.5, sm: 2 } }}
    >
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}
      >
        <Typography variant="subtitle2" component="h4">
          {label} · {formatDateTime(attempt.device_time)}
        </Typography>
        <Chip
          size="small"
          label={attempt.outcome_label}
          color={SERVED_OUTCOMES.has(attempt.outcome) ? 'success' : 'warning'}
        />
      </Stack>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
        <Fact label="Device time">{formatDateTime(attempt.device_time)}</Fact>
        <Fact label="Server time">{formatDateTime(attempt.server_time)}</Fact>
        <Fact label="Recorded by" wide>
          {attempt.recorded_by?.full_name ?? '—'}
        </Fact>
        <Fact label="Address" wide>
          {attempt.address}
        </Fact>
        <Fact label="GPS position" wide>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <PlaceOutlinedIcon fontSize="small" color="action" aria-hidden sx={{ mt: '1px' }} />
            <GpsLine attempt={attempt} />
          </Stack>
        </Fact>
        {attempt.notes ? (
          <Fact label="Notes" wide>
            {attempt.notes}
          </Fact>
        ) : null}
      </Box>
      <Box sx={{ mt: 1.5 }}>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
          Photos ({attempt.photos.length}) · SHA-256
        </Typography>
        {attempt.photos.length ? (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
            {attempt.photos.map((photo, i) => (
              <PhotoThumbnail
                key={photo.id}
                documentId={documentId}
                photo={photo}
                label={`${label}, photo ${i + 1}`}
              />
            ))}
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            No photos.
          </Typography>
        )}
        {onAddPhotos ? (
          <Button
            variant="outlined"
            startIcon={<AddAPhotoOutlinedIcon />}
            onClick={onAddPhotos}
            sx={{ ...TAP, mt: 1.5 }}
          >
            Add Photos
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}

type AttemptsCardProps = { document: Document; canRecord: boolean; currentUserId: number | null };

/** The sheriff's attempts, newest first, each with both times, the address, the GPS position and the photos. */
export function AttemptsCard({ document, canRecord, currentUserId }: AttemptsCardProps) {
  const attempts = useServiceAttempts(document.id);
  const serviceAddress = useServiceAddress(document);
  const [recording, setRecording] = useState(false);
  const [photosFor, setPhotosFor] = useState<number | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const list = [...(attempts.data ?? [])].sort((a, b) => b.server_time.localeCompare(a.server_time));
  const closed = ['completed', 'cancelled', 'archived'].includes(document.status) || document.is_revoked;
  const mayRecord = canRecord && !closed;

  return (
    <Card>
      <CardContent>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 1, flexWrap: 'wrap' }}
        >
          <Typography variant="h6" component="h3">
            Service Attempts
          </Typography>
          {mayRecord ? (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setRecording(true)}
              sx={{ ...TAP, width: { xs: '100%', sm: 'auto' } }}
            >
              Record Service Attempt
            </Button>
          ) : null}
        </Stack>
        {success ? (
          <Alert severity="success" sx={{ mb: 2 }} onClose={() => setSuccess(null)}>
            {success}
          </Alert>
        ) : null}
        {attempts.isLoading ? (
          <Skeleton variant="rounded" height={120} />
        ) : attempts.isError ? (
          <Alert severity="error">
            {describeError(attempts.error, { fallback: 'Failed to load service attempts' })}
          </Alert>
        ) : list.length === 0 ? (
          <Typography color="text.secondary">No service attempts have been recorded.</Typography>
        ) : (
          <Stack
            component="ol"
            aria-label="Service attempts"
            spacing={1.5}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
          >
            {list.map((attempt, i) => (
              <AttemptItem
                key={attempt.id}
                attempt={attempt}
                index={list.length - i}
                documentId={document.id}
                onAddPhotos={
                  mayRecord && attempt.recorded_by?.id === currentUserId
                    ? () => setPhotosFor(attempt.id)
                    : undefined
                }
              />
            ))}
          </Stack>
        )}
      </CardContent>
      {recording ? (
        <RecordAttemptDialog
          open
          documentId={document.id}
          defaultAddress={list[0]?.address ?? serviceAddress}
          onClose={(saved) => {
            setRecording(false);
            if (saved) setSuccess('Service attempt recorded');
          }}
        />
      ) : null}
      {photosFor !== null ? (
        <AttemptPhotosDialog
          documentId={document.id}
          attemptId={photosFor}
          onClose={() => setPhotosFor(null)}
        />
      ) : null}
    </Card>
  );
}
