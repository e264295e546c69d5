import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useCallback } from 'react';
import { Outlet } from 'react-router-dom';
import { DemoFooter } from '../../components/demo-notice';
import { OnceOpened } from '../../components/once-opened';
import { PageLoader } from '../../components/page-loader';
import { MAIN_CONTENT_ID } from '../../components/skip-link';
import { SubscriptionBanner } from '../../features/subscriptions/components/subscription-banner';
import { logout } from '../../lib/auth';
import { useSessionWatcher } from '../../lib/use-session-watcher';
import { useVersionCheck } from '../../lib/use-version-check';
import { useAuthedUser } from '../guards/authed-user';
import { SubscriptionGate } from '../guards/subscription-gate';
import { useSubscriptionAccess } from '../guards/use-subscription-access';
import { UserNavBar } from './user-nav-bar';
import './app-layout.css';

// The system administrator's bar is drawn with MUI: its own chunk, so that the firm roles' first view loads none of it.
const AdminNavBar = lazy(async () => ({ default: (await import('./admin-nav-bar')).AdminNavBar }));
const RealtimeChannel = lazy(() =>
  import('./realtime-channel').then((m) => ({ default: m.RealtimeChannel })),
);
// The notices (MUI) load when first shown: most visits show neither.
const SessionExpiringBanner = lazy(async () => ({
  default: (await import('../../components/session-expiring-banner')).SessionExpiringBanner,
}));
const VersionNotice = lazy(async () => ({
  default: (await import('../../components/version-notice')).VersionNotice,
}));

/**
 * Every authenticated screen: the role's bar, session and version notices, banners, the gate. The layout and the firm
 * roles' bar are plain HTML and CSS (app-layout.css); the pages inside are drawn with MUI.
 */
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
    <div className="ls-app">
      {user.role === 'system_admin' ? (
        <Suspense fallback={<div className="ls-appbar ls-appbar__bar" />}>
          <AdminNavBar user={user} onLogout={onLogout} />
        </Suspense>
      ) : (
        <UserNavBar user={user} subscriptionActive={access.active} onLogout={onLogout} />
      )}
      <OnceOpened open={session.expiringSoon}>
        <SessionExpiringBanner
          open={session.expiringSoon}
          onStaySignedIn={() => void session.staySignedIn()}
          onDismiss={session.dismiss}
        />
      </OnceOpened>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="ls-app__main">
        <div className="ls-container ls-container--lg">
          {showSubscriptionBanner ? <SubscriptionBanner /> : null}
          <Suspense fallback={<PageLoader />}>
            <SubscriptionGate access={access}>
              <Outlet />
            </SubscriptionGate>
          </Suspense>
        </div>
      </main>
      <DemoFooter />
      <OnceOpened open={version.updateAvailable}>
        <VersionNotice
          open={version.updateAvailable}
          onUpdate={() => void version.update()}
          onDismiss={version.dismiss}
        />
      </OnceOpened>
      <Suspense fallback={null}>
        <RealtimeChannel />
      </Suspense>
    </div>
  );
}
