import type { TokenPair } from '@lexserve/contracts/auth';
import { SESSION_TIMING, STORAGE_KEYS } from '../config/constants';

/**
 * The browser side of a session: the token pair, its expiry and the last-activity time, kept in
 * localStorage (spec 3, "Values kept in the browser") so that every tab shares one session.
 */

type Listener = () => void;
const listeners = new Set<Listener>();

const read = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
const write = (key: string, value: string | null): void => {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the session then lives only in memory.
  }
};

const notify = (): void => {
  for (const listener of [...listeners]) listener();
};

if (typeof window !== 'undefined') {
  // Another tab logged in or out: follow it.
  window.addEventListener('storage', (event) => {
    if (
      event.key === null ||
      event.key === STORAGE_KEYS.accessToken ||
      event.key === STORAGE_KEYS.refreshToken
    ) {
      notify();
    }
  });
}

/** Subscribe to token changes (login, refresh, logout, another tab). Returns the unsubscribe function. */
export const subscribeTokens = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const getAccessToken = (): string | null => read(STORAGE_KEYS.accessToken);
export const getRefreshToken = (): string | null => read(STORAGE_KEYS.refreshToken);

/** Expiry of the access token in epoch ms: the stored value, else the JWT's exp claim. */
const getTokenExpiresAt = (): number | null => {
  const stored = Number(read(STORAGE_KEYS.tokenExpiresAt));
  if (Number.isFinite(stored) && stored > 0) return stored;
  const token = getAccessToken();
  return token ? decodeJwtExpiry(token) : null;
};

const decodeJwtExpiry = (token: string): number | null => {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp * 1000 : null;
  } catch {
    return null;
  }
};

/** True when a session exists (a token is present). */
export const hasSession = (): boolean => Boolean(getAccessToken() || getRefreshToken());

export const storeTokens = (
  pair: Pick<TokenPair, 'access_token' | 'refresh_token'> & { expires_in?: number },
): void => {
  write(STORAGE_KEYS.accessToken, pair.access_token);
  write(STORAGE_KEYS.refreshToken, pair.refresh_token);
  const expiresAt =
    typeof pair.expires_in === 'number'
      ? Date.now() + pair.expires_in * 1000
      : decodeJwtExpiry(pair.access_token);
  write(STORAGE_KEYS.tokenExpiresAt, expiresAt ? String(expiresAt) : null);
  notify();
};

export const clearTokens = (): void => {
  write(STORAGE_KEYS.accessToken, null);
  write(STORAGE_KEYS.refreshToken, null);
  write(STORAGE_KEYS.tokenExpiresAt, null);
  write(STORAGE_KEYS.lastActivity, null);
  notify();
};

/** True when the access token is missing, expired, or within the refresh window of its expiry. */
export const isAccessTokenDue = (now = Date.now()): boolean => {
  if (!getAccessToken()) return true;
  const expiresAt = getTokenExpiresAt();
  if (expiresAt === null) return false;
  return expiresAt - now <= SESSION_TIMING.refreshBeforeExpiryMs;
};

// ---- activity -------------------------------------------------------------------------------

export const getLastActivity = (): number | null => {
  const value = Number(read(STORAGE_KEYS.lastActivity));
  return Number.isFinite(value) && value > 0 ? value : null;
};

/** Milliseconds since the last recorded activity (Infinity when none was recorded). */
export const msSinceActivity = (now = Date.now()): number => {
  const last = getLastActivity();
  return last === null ? Number.POSITIVE_INFINITY : now - last;
};

/**
 * Records user activity, at most once per throttle window (spec 4.2: 30 seconds), unless forced
 * (login, 'Stay Signed In').
 */
export const recordActivity = (options: { force?: boolean; now?: number } = {}): void => {
  const now = options.now ?? Date.now();
  const last = getLastActivity();
  if (!options.force && last !== null && now - last < SESSION_TIMING.activityThrottleMs) return;
  write(STORAGE_KEYS.lastActivity, String(now));
};

// ---- why the session ended ------------------------------------------------------------------

/**
 * 'logout': the user logged out; 'inactive': the inactivity window passed (login shows the
 * 'Session Expired' warning); 'expired': the server refused the refresh token (the expired notice
 * shows). The guard of the authenticated area reads it to pick where to send the user.
 */
export type SessionEndReason = 'logout' | 'inactive' | 'expired';
let sessionEndReason: SessionEndReason | null = null;

export const setSessionEndReason = (reason: SessionEndReason | null): void => {
  sessionEndReason = reason;
};
export const getSessionEndReason = (): SessionEndReason | null => sessionEndReason;

// ---- session events -------------------------------------------------------------------------

/**
 * 'token-expired': a call was refused with 401 even after one refresh (spec 4.2, token-expired event).
 * 'session-ended': the session is gone for good (refresh refused); the app shows the expired notice.
 */
type SessionEvent = 'token-expired' | 'session-ended';
const sessionEvents = new EventTarget();

export const emitSessionEvent = (type: SessionEvent): void => {
  sessionEvents.dispatchEvent(new Event(type));
};

export const onSessionEvent = (type: SessionEvent, handler: () => void): (() => void) => {
  sessionEvents.addEventListener(type, handler);
  return () => sessionEvents.removeEventListener(type, handler);
};
