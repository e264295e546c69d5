import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { QueuedPhoto, usePhotoQueue } from '../hooks/use-photo-queue';
import { shortHash } from '../utils/service-time';
import { TAP } from './tap';

type PhotoQueue = ReturnType<typeof usePhotoQueue>;

/**
 * The camera: `capture="environment"` opens the back camera on a phone (a desktop browser offers a file picker).
 * Each photo shows its thumbnail, its upload progress and, once stored, the SHA-256 the server computed on arrival.
 */
export function AttemptPhotosUploader({ queue }: { queue: PhotoQueue }) {
  const inputId = useId();
  return (
    <Stack spacing={2}>
      <Box>
        <Button
          component="label"
          htmlFor={inputId}
          variant="contained"
          startIcon={<PhotoCameraIcon />}
          sx={{ ...TAP, width: { xs: '100%', sm: 'auto' } }}
        >
          Take Photos
        </Button>
        <input
          id={inputId}
          data-testid="attempt-photo-input"
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          hidden
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (files.length) queue.add(files);
          }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Photos of the door, the house number or the notice, up to 15 MB each. Each is fingerprinted
          (SHA-256) when it arrives.
        </Typography>
      </Box>
      {queue.failed ? (
        <Alert severity="error" role="alert">
          {queue.failed === 1 ? '1 photo was not uploaded.' : `${queue.failed} photos were not uploaded.`} It
          is kept here: retry it, or remove it.
        </Alert>
      ) : null}
      {queue.photos.length ? (
        <Box
          component="ul"
          aria-label="Photos of this attempt"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          }}
        >
          {queue.photos.map((photo, index) => (
            <QueuedPhotoItem
              key={photo.key}
              photo={photo}
              index={index + 1}
              onRetry={() => queue.retry(photo.key)}
              onRemove={() => queue.remove(photo.key)}
            />
          ))}
        </Box>
      ) : null}
    </Stack>
  );
}

function QueuedPhotoItem({
  photo,
  index,
  onRetry,
  onRemove,
}: {
  photo: QueuedPhoto;
  index: number;
  onRetry: () => void;
  onRemove: () => void;
}) {
  const name = `Photo ${index}`;
  const sha = photo.stored?.sha256 ?? null;
  const mismatch = Boolean(sha && photo.localSha256 && sha !== photo.localSha256);
  return (
    <Box
      component="li"
      aria-label={name}
      sx={{
        display: 'flex',
        gap: 1.5,
        p: 1,
        border: 1,
        borderColor: photo.status === 'failed' ? 'error.main' : 'divider',
        borderRadius: 1,
        minWidth: 0,
      }}
    >
      <Box
        component="img"
        src={photo.preview}
        alt={name}
        sx={{
          width: 88,
          height: 88,
          objectFit: 'cover',
          borderRadius: 1,
          flexShrink: 0,
          bgcolor: 'grey.100',
        }}
      />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={photo.file.name}>
          {name}
        </Typography>
        {photo.status === 'uploading' || photo.status === 'waiting' ? (
          <>
            <LinearProgress
              variant={photo.status === 'waiting' ? 'indeterminate' : 'determinate'}
              value={photo.percent}
              aria-label={`${name} upload progress`}
              sx={{ my: 1, height: 8, borderRadius: 4 }}
            />
            <Typography variant="caption" color="text.secondary">
              {photo.status === 'waiting' ? 'Waiting…' : `Uploading ${photo.percent}%`}
            </Typography>
          </>
        ) : null}
        {photo.status === 'uploaded' ? (
          <Stack spacing={0.25}>
            <Typography
              variant="caption"
              color="success.main"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
            >
              <CheckCircleIcon fontSize="inherit" aria-hidden /> Uploaded
            </Typography>
            {sha ? (
              <Typography
                variant="caption"
                sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
                title={sha}
                data-testid="photo-sha256"
              >
                SHA-256 {shortHash(sha)}
              </Typography>
            ) : null}
            {mismatch ? (
              <Typography variant="caption" color="error">
                The fingerprint differs from the photo on this phone ({shortHash(photo.localSha256 ?? '')}).
              </Typography>
            ) : null}
          </Stack>
        ) : null}
        {photo.status === 'failed' ? (
          <Stack spacing={0.5}>
            <Typography
              variant="caption"
              color="error"
              sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}
            >
              <ErrorOutlineIcon fontSize="inherit" aria-hidden sx={{ mt: '2px' }} /> {photo.error}
            </Typography>
            <Stack direction="row" spacing={1}>
              <Button variant="outlined" onClick={onRetry} sx={TAP} aria-label={`Retry ${name}`}>
                Retry
              </Button>
              <Button color="inherit" onClick={onRemove} sx={TAP} aria-label={`Remove ${name}`}>
                Remove
              </Button>
            </Stack>
          </Stack>
        ) : null}
      </Box>
    </Box>
  );
}
