import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';

type Props = { open: boolean; onUpdate: () => void; onDismiss: () => void };

/** 'New Version Available' notice (spec 2.12). */
export function VersionNotice({ open, onUpdate, onDismiss }: Props) {
  return (
    <Snackbar open={open} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
      <Alert
        severity="info"
        variant="filled"
        sx={{ width: '100%', maxWidth: 460 }}
        action={
          <Stack direction="row" spacing={1} sx={{ alignSelf: 'center' }}>
            <Button color="inherit" variant="outlined" size="small" onClick={onUpdate}>
              Update
            </Button>
            <Button color="inherit" size="small" onClick={onDismiss}>
              Later
            </Button>
          </Stack>
        }
      >
        <AlertTitle>New Version Available</AlertTitle>A new version of LexServe is available. Update to load
        it.
      </Alert>
    </Snackbar>
  );
}
