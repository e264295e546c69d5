import { useCallback, useEffect, useRef, useState } from 'react';
import { SESSION_TIMING } from '../config/constants';
import { refreshSession } from './api-client';
import {
  getLastActivity,
  hasSession,
  isAccessTokenDue,
  msSinceActivity,
  onSessionEvent,
  recordActivity,
} from './session-store';

const ACTIVITY_EVENTS = ['mousedown', 'mousemove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

type SessionWatcherOptions = {
  /** No activity for the inactivity window, or a token-expired event while idle: expired-session login. */
  onInactive: () => void;
  /** The token disappeared (logout in another tab, storage cleared). */
  onTokenMissing: () => void;
};

type SessionWatcher = {
  /** The 'Session Expiring' banner should show. */
  expiringSoon: boolean;
  /** 'Stay Signed In': counts as activity and refreshes the token. */
  staySignedIn: () => Promise<void>;
  dismiss: () => void;
};

/**
 * Session handling of spec 4.2 while a user is signed in: records activity (throttled), logs out
 * after the inactivity window, checks for the token, refreshes periodically while the user is
 * active, and reacts to the token-expired event raised by the API client.
 */
export const useSessionWatcher = ({ onInactive, onTokenMissing }: SessionWatcherOptions): SessionWatcher => {
  const [expiringSoon, setExpiringSoon] = useState(false);
  const dismissedRef = useRef(false);
  const handlers = useRef({ onInactive, onTokenMissing });
  useEffect(() => {
    handlers.current = { onInactive, onTokenMissing };
  }, [onInactive, onTokenMissing]);

  useEffect(() => {
    if (getLastActivity() === null) recordActivity({ force: true });

    const onActivity = () => recordActivity();
    for (const type of ACTIVITY_EVENTS)
      window.addEventListener(type, onActivity, { passive: true, capture: true });

    let ended = false;
    const end = (reason: 'inactive' | 'missing') => {
      if (ended) return;
      ended = true;
      if (reason === 'inactive') handlers.current.onInactive();
      else handlers.current.onTokenMissing();
    };

    const checkInactivity = () => {
      const idle = msSinceActivity();
      if (idle >= SESSION_TIMING.inactivityLogoutMs) {
        end('inactive');
        return;
      }
      const warn = idle >= SESSION_TIMING.inactivityLogoutMs - SESSION_TIMING.expiryWarningMs;
      if (!warn) dismissedRef.current = false;
      setExpiringSoon(warn && !dismissedRef.current);
    };

    const checkTokenPresence = () => {
      if (!hasSession()) end('missing');
    };

    const periodicRefresh = () => {
      const idle = msSinceActivity();
      if (
        idle > SESSION_TIMING.periodicRefreshRecentActivityMs ||
        idle > SESSION_TIMING.periodicRefreshActivityWindowMs
      )
        return;
      if (isAccessTokenDue()) void refreshSession();
    };

    const unsubscribe = onSessionEvent('token-expired', () => {
      if (msSinceActivity() <= SESSION_TIMING.tokenExpiredRefreshActivityMs) {
        // Active a moment ago: keep the user signed in if the refresh token still works. When the
        // server refuses it, the API client announces 'session-ended' and the notice shows.
        void refreshSession();
      } else {
        end('inactive');
      }
    });

    const timers = [
      window.setInterval(checkInactivity, SESSION_TIMING.inactivityCheckMs),
      window.setInterval(checkTokenPresence, SESSION_TIMING.tokenPresenceCheckMs),
      window.setInterval(periodicRefresh, SESSION_TIMING.periodicRefreshMs),
    ];
    checkInactivity();

    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
      for (const timer of timers) window.clearInterval(timer);
      unsubscribe();
    };
  }, []);

  const staySignedIn = useCallback(async () => {
    recordActivity({ force: true });
    dismissedRef.current = false;
    setExpiringSoon(false);
    await refreshSession();
  }, []);

  const dismiss = useCallback(() => {
    dismissedRef.current = true;
    setExpiringSoon(false);
  }, []);

  return { expiringSoon, staySignedIn, dismiss };
};
