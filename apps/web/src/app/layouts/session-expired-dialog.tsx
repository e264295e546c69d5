import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MuiTheme } from '../../components/mui-theme';

/** The session-expired notice (spec 2.12); a chunk of its own, loaded when a session first ends (root-layout.tsx). */
export function SessionExpiredDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <MuiTheme>
      <Dialog open={open} onClose={onClose} aria-labelledby="session-expired-title" maxWidth="xs" fullWidth>
        <DialogTitle id="session-expired-title">Session Expired</DialogTitle>
        <DialogContent>
          <DialogContentText>Your session has expired. Please log in again to continue.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose} autoFocus>
            OK
          </Button>
        </DialogActions>
      </Dialog>
    </MuiTheme>
  );
}
