import type { NotificationType } from '@lexserve/contracts/constants';

/**
 * Business constants of spec 1, sections 4.2 and 9, in one file.
 * Times are milliseconds.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Session handling (spec 4.2 / 9, "Session"). */
const DEFAULT_SESSION_TIMING = {
  /** Refresh the access token when it is this close to expiry (or already expired). */
  refreshBeforeExpiryMs: 5 * MINUTE,
  /** User activity is written at most this often. */
  activityThrottleMs: 30 * SECOND,
  /** No activity for this long sends the user to /login?reason=session_expired. */
  inactivityLogoutMs: 25 * MINUTE,
  /** How long before the inactivity logout the 'Session Expiring' banner appears. */
  expiryWarningMs: 2 * MINUTE,
  /** How often the app checks that a token is still present. */
  tokenPresenceCheckMs: 60 * SECOND,
  /** Periodic refresh attempt while the user is active. */
  periodicRefreshMs: 2 * MINUTE,
  /** ...made only when the user was active within this window... */
  periodicRefreshRecentActivityMs: 1 * MINUTE,
  /** ...and within this one. */
  periodicRefreshActivityWindowMs: 5 * MINUTE,
  /** Before a request, refresh first if the user was active within this window. */
  refreshBeforeRequestActivityMs: 30 * MINUTE,
  /** On a token-expired event, refresh instead of logging out if active within this window. */
  tokenExpiredRefreshActivityMs: 2 * MINUTE,
  /** How often the session watcher re-evaluates inactivity. */
  inactivityCheckMs: 5 * SECOND,
} as const;

type SessionTiming = { -readonly [K in keyof typeof DEFAULT_SESSION_TIMING]: number };

/**
 * Key of an optional JSON object in localStorage that shortens the session timers, used by the
 * end-to-end journeys (session expiry in seconds instead of 25 minutes). Overrides can only make
 * a timer shorter, never longer, so the setting cannot weaken the inactivity logout.
 */
const SESSION_TIMING_OVERRIDE_KEY = 'lexserve.session_timing';

const readSessionTiming = (): SessionTiming => {
  const timing: SessionTiming = { ...DEFAULT_SESSION_TIMING };
  try {
    const raw =
      typeof localStorage === 'undefined' ? null : localStorage.getItem(SESSION_TIMING_OVERRIDE_KEY);
    if (!raw) return timing;
    const overrides = JSON.parse(raw) as Record<string, unknown>;
    for (const key of Object.keys(timing) as (keyof SessionTiming)[]) {
      const value = overrides[key];
      if (typeof value === 'number' && Number.isFinite(value) && value > 0 && value < timing[key]) {
        timing[key] = value;
      }
    }
  } catch {
    // A malformed override is ignored: the spec's values apply.
  }
  return timing;
};

export const SESSION_TIMING: Readonly<SessionTiming> = readSessionTiming();

/** Keys of the values kept in the browser (spec 3, "Values kept in the browser"). */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  tokenExpiresAt: 'token_expires_at',
  lastActivity: 'last_activity',
  appVersion: 'app_version',
} as const;

/** Version check against /meta.json (spec 4.7 and the product decision: 120 s). */
export const VERSION_CHECK_INTERVAL_MS = 120 * SECOND;

/** Pending case closures count refresh (spec 2.6). */
export const PENDING_CLOSURES_REFRESH_MS = 30 * SECOND;

/** Notification stats refresh for the navigation badge (same as the stats lifetime). */
export const NOTIFICATION_STATS_REFRESH_MS = 30 * SECOND;

/** Badges show at most this number ("99+" beyond). */
export const BADGE_MAX = 99;

/** Success banners (dashboard, profile) and the shared banner hide after this long. */
export const BANNER_AUTO_HIDE_MS = 5 * SECOND;

// Roles and their labels are shared with the API (packages/contracts/src/constants.ts, no zod: the first pages load it).
export { CREATABLE_FIRM_ROLES, FIRM_ROLES, ROLE_LABELS } from '@lexserve/contracts/constants';
export type { Role } from '@lexserve/contracts/constants';
export type CreatableFirmRole = 'branch_admin' | 'legal_practitioner';

/** Subscription statuses that count as active (spec 9). */
export const ACTIVE_SUBSCRIPTION_STATUSES = ['active', 'trial'] as const;

/** Notification types (spec 3 and 9) with their labels. */
export { NOTIFICATION_TYPES } from '@lexserve/contracts/constants';
export type { NotificationType };

export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  assignment_notification: 'Assignment',
  status_update: 'Status Update',
  completion_notification: 'Completion',
  deadline_reminder: 'Deadline',
  system_alert: 'System Alert',
};

/** Password rule shared by sign-up, change password and reset (spec 9). */
export const PASSWORD_MIN_LENGTH = 8;
export { PASSWORD_RULE as PASSWORD_COMPLEXITY } from '@lexserve/contracts/constants';

/** Where users reach LexServe support (payment pages, 'Contact Support'). */
export const SUPPORT_CONTACT = { email: 'support@lexserve.co.za', phone: '+27 10 446 5300' } as const;
