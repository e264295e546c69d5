import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Slide from '@mui/material/Slide';
import Stack from '@mui/material/Stack';

type Props = { open: boolean; onStaySignedIn: () => void; onDismiss: () => void };

/** 'Session Expiring' banner (spec 2.12). */
export function SessionExpiringBanner({ open, onStaySignedIn, onDismiss }: Props) {
  return (
    <Slide direction="down" in={open} mountOnEnter unmountOnExit>
      <Alert
        severity="warning"
        variant="filled"
        role="alert"
        sx={{
          position: 'fixed',
          top: 8,
          left: '50%',
          transform: 'translateX(-50%)',
          zIndex: (t) => t.zIndex.snackbar + 1,
          width: 'min(640px, calc(100% - 16px))',
          boxShadow: 6,
        }}
        action={
          <Stack direction="row" spacing={1} sx={{ alignSelf: 'center' }}>
            <Button color="inherit" variant="outlined" size="small" onClick={onStaySignedIn}>
              Stay Signed In
            </Button>
            <Button color="inherit" size="small" onClick={onDismiss}>
              Dismiss
            </Button>
          </Stack>
        }
      >
        <AlertTitle>Session Expiring</AlertTitle>
        Your session is about to expire…
      </Alert>
    </Slide>
  );
}
