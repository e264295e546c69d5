import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import { useToast } from '../../../components/toast-provider';
import { copyToClipboard } from '../../../lib/clipboard';

export type ShownSecret = { title: string; intro: string; label: string; value: string };

/**
 * Shows a new API key or signing secret exactly once, with a copy button. Closing needs the explicit button, so the
 * secret is not lost to a stray click outside the dialog.
 */
export function SecretOnceDialog({
  secret: current,
  onClose,
}: {
  secret: ShownSecret | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const last = useRef<ShownSecret | null>(null);
  if (current) last.current = current;
  const secret = current ?? last.current;
  const showToast = useToast();
  const copy = async () => {
    if (!secret) return;
    const ok = await copyToClipboard(secret.value);
    showToast(
      ok ? 'Copied to clipboard.' : 'Could not copy. Please select the text and copy it.',
      ok ? 'success' : 'warning',
    );
  };
  return (
    <Dialog open={Boolean(current)} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{secret?.title}</DialogTitle>
      <DialogContent dividers>
        {secret ? (
          <>
            <Typography gutterBottom>{secret.intro}</Typography>
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 1,
                my: 2,
                p: 1.5,
                borderRadius: 1,
                bgcolor: 'grey.100',
                border: '1px solid',
                borderColor: 'divider',
              }}
            >
              <Typography
                component="code"
                aria-label={secret.label}
                sx={{ fontFamily: 'monospace', wordBreak: 'break-all', userSelect: 'all' }}
              >
                {secret.value}
              </Typography>
              <Tooltip title="Copy to clipboard">
                <IconButton aria-label={`Copy ${secret.label}`} onClick={() => void copy()}>
                  <ContentCopyIcon />
                </IconButton>
              </Tooltip>
            </Box>
            <Alert severity="warning">Store it somewhere safe now: it will not be shown again.</Alert>
          </>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          I&apos;ve saved it
        </Button>
      </DialogActions>
    </Dialog>
  );
}
