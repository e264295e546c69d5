import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { useId } from 'react';

type ConfirmDialogType = 'danger' | 'warning' | 'info';

type ConfirmDialogProps = {
  open: boolean;
  type?: ConfirmDialogType;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Shows a spinner on the confirm button and blocks closing while the action runs. */
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
};

const LOOK: Record<ConfirmDialogType, { color: 'error' | 'warning' | 'primary'; icon: ReactNode }> = {
  danger: { color: 'error', icon: <ErrorOutlinedIcon color="error" aria-hidden /> },
  warning: { color: 'warning', icon: <WarningAmberIcon color="warning" aria-hidden /> },
  info: { color: 'primary', icon: <InfoOutlinedIcon color="primary" aria-hidden /> },
};

/** Shared confirm dialog (spec 2.13): a type, a title, a message, confirm and cancel labels. */
export function ConfirmDialog({
  open,
  type = 'info',
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  loading = false,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const look = LOOK[type];
  return (
    <Dialog
      open={open}
      onClose={loading ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {look.icon}
        {title}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId} component="div">
          {message}
        </DialogContentText>
        {children ? <Box sx={{ mt: 2 }}>{children}</Box> : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={loading}>
          {cancelLabel}
        </Button>
        <Button
          variant="contained"
          color={look.color}
          onClick={onConfirm}
          disabled={loading}
          startIcon={loading ? <CircularProgress size={16} color="inherit" /> : undefined}
          autoFocus={type !== 'danger'}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
