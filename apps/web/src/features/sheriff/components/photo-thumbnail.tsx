import BrokenImageOutlinedIcon from '@mui/icons-material/BrokenImageOutlined';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { AttemptPhoto } from '@lexserve/contracts/returns';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { usePhotoImage } from '../api/service-attempts';
import { shortHash } from '../utils/service-time';

const SIZE = 96;

/** A stored photo of an attempt: the image (fetched with the session), opening full size, with its SHA-256. */
export function PhotoThumbnail({
  documentId,
  photo,
  label,
}: {
  documentId: number;
  photo: AttemptPhoto;
  label: string;
}) {
  const image = usePhotoImage(documentId, photo);
  const [src, setSrc] = useState<string | null>(null);

  useEffect(() => {
    if (!image.data) return;
    const url = URL.createObjectURL(image.data);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [image.data]);

  return (
    <Box component="figure" sx={{ m: 0, minWidth: SIZE }}>
      {src ? (
        <Box
          component="a"
          href={src}
          target="_blank"
          rel="noopener"
          sx={{ display: 'block', lineHeight: 0 }}
          aria-label={`Open ${label}`}
        >
          <Box
            component="img"
            src={src}
            alt={label}
            sx={{
              width: SIZE,
              height: SIZE,
              objectFit: 'cover',
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
            }}
          />
        </Box>
      ) : image.isError ? (
        <Box
          sx={{
            width: SIZE,
            height: SIZE,
            display: 'grid',
            placeItems: 'center',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'grey.50',
          }}
          title="The photo could not be loaded"
        >
          <BrokenImageOutlinedIcon color="disabled" titleAccess={`${label} could not be loaded`} />
        </Box>
      ) : (
        <Skeleton variant="rounded" width={SIZE} height={SIZE} />
      )}
      <Typography
        component="figcaption"
        variant="caption"
        sx={{ display: 'block', fontFamily: 'monospace', fontSize: 11, mt: 0.5, whiteSpace: 'nowrap' }}
        title={`SHA-256 ${photo.sha256}, uploaded ${formatDateTime(photo.uploaded_at)}`}
      >
        {shortHash(photo.sha256)}
      </Typography>
    </Box>
  );
}
