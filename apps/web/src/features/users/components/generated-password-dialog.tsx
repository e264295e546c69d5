import CheckCircleIcon from '@mui/icons-material/CheckCircle';
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
import { USER_MESSAGES, type CreateFirmUserResult } from '../api/firm-users';

/**
 * Shows the generated password exactly once (spec 2.8). Closing needs the explicit button, so the
 * password is not lost to a stray click outside the dialog.
 */
export function GeneratedPasswordDialog({
  result: current,
  onClose,
}: {
  result: CreateFirmUserResult | null;
  onClose: () => void;
}) {
  const titleId = useId();
  // Keep the content while the dialog fades out.
  const last = useRef<CreateFirmUserResult | null>(null);
  if (current) last.current = current;
  const result = current ?? last.current;
  const showToast = useToast();
  const copy = async () => {
    if (!result) return;
    const ok = await copyToClipboard(result.generated_password);
    showToast(
      ok ? USER_MESSAGES.copied : 'Could not copy. Please select the password and copy it.',
      ok ? 'success' : 'warning',
    );
  };
  return (
    <Dialog open={Boolean(current)} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CheckCircleIcon color="success" aria-hidden />
        User Created Successfully!
      </DialogTitle>
      <DialogContent dividers>
        {result ? (
          <>
            <Typography gutterBottom>
              {result.user.full_name} ({result.user.email}) can now log in with this password:
            </Typography>
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
                aria-label="Generated password"
                sx={{
                  fontFamily: 'monospace',
                  fontSize: '1.15rem',
                  wordBreak: 'break-all',
                  userSelect: 'all',
                }}
              >
                {result.generated_password}
              </Typography>
              <Tooltip title="Copy to clipboard">
                <IconButton aria-label="Copy password to clipboard" onClick={() => void copy()}>
                  <ContentCopyIcon />
                </IconButton>
              </Tooltip>
            </Box>
            <Alert severity="warning">
              Please save this password securely and share it with the user. This password will not be shown
              again.
            </Alert>
          </>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          I&apos;ve Saved the Password
        </Button>
      </DialogActions>
    </Dialog>
  );
}
