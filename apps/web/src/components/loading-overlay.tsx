import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** Full-page loading overlay (spec 2.7): a message and 'Please wait...'. */
export function LoadingOverlay({ open, message }: { open: boolean; message?: string }) {
  return (
    <Backdrop open={open} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff' }}>
      <Paper role="status" aria-live="assertive" sx={{ p: 4, textAlign: 'center', minWidth: 260 }}>
        <CircularProgress aria-hidden sx={{ mb: 2 }} />
        {message ? (
          <Typography variant="h6" component="p">
            {message}
          </Typography>
        ) : null}
        <Typography color="text.secondary">Please wait...</Typography>
      </Paper>
    </Backdrop>
  );
}
