import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useCallback } from 'react';
import { Outlet } from 'react-router-dom';
import { DemoFooter } from '../../components/demo-notice';
import { PageLoader } from '../../components/page-loader';
import { SessionExpiringBanner } from '../../components/session-expiring-banner';
import { MAIN_CONTENT_ID } from '../../components/skip-link';
import { VersionNotice } from '../../components/version-notice';
import { SubscriptionBanner } from '../../features/subscriptions/components/subscription-banner';
import { logout } from '../../lib/auth';
import { useSessionWatcher } from '../../lib/use-session-watcher';
import { useVersionCheck } from '../../lib/use-version-check';
import { useAuthedUser } from '../guards/authed-user';
import { SubscriptionGate } from '../guards/subscription-gate';
import { useSubscriptionAccess } from '../guards/use-subscription-access';
import { AdminNavBar } from './admin-nav-bar';
import { UserNavBar } from './user-nav-bar';

const RealtimeChannel = lazy(() => import('./realtime-channel').then((m) => ({ default: m.RealtimeChannel })));

/** Every authenticated screen: the role's bar, session and version notices, banners, the gate. */
export function AppLayout() {
  const user = useAuthedUser();
  const access = useSubscriptionAccess(user);
  const queryClient = useQueryClient();

  const onLogout = useCallback(() => void logout(queryClient), [queryClient]);
  const onInactive = useCallback(() => void logout(queryClient, 'inactive'), [queryClient]);
  const onTokenMissing = useCallback(() => queryClient.clear(), [queryClient]);
  const session = useSessionWatcher({ onInactive, onTokenMissing });
  const version = useVersionCheck();

  const showSubscriptionBanner = access.gated && !access.loading && !access.error && !access.active;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      {user.role === 'system_admin' ? (
        <AdminNavBar user={user} onLogout={onLogout} />
      ) : (
        <UserNavBar user={user} subscriptionActive={access.active} onLogout={onLogout} />
      )}
      <SessionExpiringBanner open={session.expiringSoon} onStaySignedIn={() => void session.staySignedIn()} onDismiss={session.dismiss} />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flexGrow: 1, outline: 'none', py: { xs: 2, sm: 4 } }}>
        <Container maxWidth="lg">
          {showSubscriptionBanner ? <SubscriptionBanner /> : null}
          <Suspense fallback={<PageLoader />}>
            <SubscriptionGate access={access}>
              <Outlet />
            </SubscriptionGate>
          </Suspense>
        </Container>
      </Box>
      <DemoFooter />
      <VersionNotice open={version.updateAvailable} onUpdate={() => void version.update()} onDismiss={version.dismiss} />
      <Suspense fallback={null}>
        <RealtimeChannel />
      </Suspense>
    </Box>
  );
}
