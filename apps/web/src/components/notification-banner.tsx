import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Collapse from '@mui/material/Collapse';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { BANNER_AUTO_HIDE_MS } from '../config/constants';

type NotificationBannerProps = {
  open: boolean;
  severity: AlertColor;
  title?: string;
  message: ReactNode;
  /** Buttons in the banner; a banner with actions stays until it is closed. */
  actions?: ReactNode;
  onClose?: () => void;
  /** Milliseconds before the banner closes itself (default 5 s); null keeps it open. */
  autoHideMs?: number | null;
};

/** Shared banner (spec 2.13): success, error, warning or info; closes itself after 5 s unless it has actions. */
export function NotificationBanner({
  open,
  severity,
  title,
  message,
  actions,
  onClose,
  autoHideMs = BANNER_AUTO_HIDE_MS,
}: NotificationBannerProps) {
  useEffect(() => {
    if (!open || actions || autoHideMs === null || !onClose) return;
    const timer = window.setTimeout(onClose, autoHideMs);
    return () => window.clearTimeout(timer);
  }, [open, actions, autoHideMs, onClose, message]);

  return (
    <Collapse in={open} unmountOnExit>
      <Alert
        severity={severity}
        onClose={onClose}
        action={actions}
        role={severity === 'error' ? 'alert' : 'status'}
        sx={{ mb: 2 }}
      >
        {title ? <AlertTitle>{title}</AlertTitle> : null}
        {message}
      </Alert>
    </Collapse>
  );
}
