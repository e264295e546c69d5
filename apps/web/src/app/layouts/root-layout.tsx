import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { SkipLink } from '../../components/skip-link';
import { onSessionEvent } from '../../lib/session-store';

/**
 * Wraps every page. Hosts the session-expired notice (spec 2.12): when the server refuses the
 * refresh token, cached data goes and the notice explains why the login page appeared.
 */
export function RootLayout() {
  const queryClient = useQueryClient();
  const [expired, setExpired] = useState(false);

  useEffect(
    () =>
      onSessionEvent('session-ended', () => {
        queryClient.clear();
        setExpired(true);
      }),
    [queryClient],
  );

  return (
    <>
      <SkipLink />
      <Outlet />
      <Dialog open={expired} onClose={() => setExpired(false)} aria-labelledby="session-expired-title" maxWidth="xs" fullWidth>
        <DialogTitle id="session-expired-title">Session Expired</DialogTitle>
        <DialogContent>
          <DialogContentText>Your session has expired. Please log in again to continue.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setExpired(false)} autoFocus>
            OK
          </Button>
        </DialogActions>
      </Dialog>
      <ScrollRestoration />
    </>
  );
}
