import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { SkipLink } from '../../components/skip-link';
import { getSessionEndReason, onSessionEvent } from '../../lib/session-store';

const SessionExpiredDialog = lazy(async () => ({
  default: (await import('./session-expired-dialog')).SessionExpiredDialog,
}));

/**
 * Wraps every page. Hosts the session-expired notice (spec 2.12): when the server refuses the
 * refresh token, cached data goes and the notice explains why the login page appeared.
 */
export function RootLayout() {
  const queryClient = useQueryClient();
  // A session refused before this layout was first drawn (main.tsx asks for the current user at start, while the
  // signed-in shell's code loads) shows the notice too.
  const [expired, setExpired] = useState(() => getSessionEndReason() === 'expired');
  // The dialog's code loads when a session first ends, and stays mounted so that it closes as before.
  const [everExpired, setEverExpired] = useState(expired);

  useEffect(
    () =>
      onSessionEvent('session-ended', () => {
        queryClient.clear();
        setExpired(true);
        setEverExpired(true);
      }),
    [queryClient],
  );

  return (
    <>
      <SkipLink />
      <Outlet />
      {everExpired && (
        <Suspense fallback={null}>
          <SessionExpiredDialog open={expired} onClose={() => setExpired(false)} />
        </Suspense>
      )}
      <ScrollRestoration />
    </>
  );
}
