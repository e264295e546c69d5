import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { usePhotoQueue } from '../hooks/use-photo-queue';
import { AttemptPhotosUploader } from './attempt-photos-uploader';
import { TAP } from './tap';

type AttemptPhotosDialogProps = { documentId: number; attemptId: number; onClose: () => void };

/** More photos for an attempt already recorded (rendered only while open). */
export function AttemptPhotosDialog({ documentId, attemptId, onClose }: AttemptPhotosDialogProps) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const queue = usePhotoQueue(documentId, attemptId);
  const locked = queue.busy || queue.failed > 0;
  return (
    <Dialog
      open
      onClose={locked ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle id={titleId}>Add Photos</DialogTitle>
      <DialogContent dividers>
        <AttemptPhotosUploader queue={queue} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button
          variant="contained"
          onClick={onClose}
          disabled={locked}
          sx={{ ...TAP, width: { xs: '100%', sm: 'auto' } }}
        >
          {queue.busy ? 'Uploading…' : 'Done'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
