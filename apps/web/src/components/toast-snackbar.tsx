import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { MuiTheme } from './mui-theme';

export type Toast = { id: number; message: string; severity: AlertColor };

/** The toast on screen, bottom centre (toast-provider.tsx); a chunk of its own, loaded with the first toast. */
export function ToastSnackbar({
  toast: current,
  onClose,
}: {
  toast: Toast | undefined;
  onClose: () => void;
}) {
  return (
    <MuiTheme>
      <Snackbar
        key={current?.id}
        open={Boolean(current)}
        autoHideDuration={4000}
        onClose={(_, reason) => reason !== 'clickaway' && onClose()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {current ? (
          <Alert onClose={onClose} severity={current.severity} variant="filled" sx={{ width: '100%' }}>
            {current.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </MuiTheme>
  );
}
