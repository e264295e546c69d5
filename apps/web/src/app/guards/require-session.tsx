import { PaymentMessages } from '@lexserve/contracts/constants';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths, sessionExpiredLoginPath } from '../../config/paths';
import { useHasSession, type LoginRedirectState } from '../../lib/auth';
import { getSessionEndReason } from '../../lib/session-store';

/** Pages that tell the visitor why the login page appeared (spec 3, 2.5–2.7). */
const LOGIN_MESSAGES: Record<string, string> = {
  [paths.app.paymentSuccess]: PaymentMessages.loginToViewStatus,
  [paths.app.paymentCancel]: PaymentMessages.loginForCancelPage,
  [paths.app.paymentCardUpdateSuccess]: PaymentMessages.loginForCardUpdate,
};

/**
 * The signed-in area's door, in the entry: without a session the visitor goes to the login page (and comes back here
 * afterwards) before the signed-in shell's code is loaded at all; with one, the shell (RequireAuth) takes over.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const signedIn = useHasSession();
  const location = useLocation();
  if (signedIn) return <>{children}</>;
  const reason = getSessionEndReason();
  if (reason === 'logout') return <Navigate to={paths.login} replace />;
  const from = { pathname: location.pathname, search: location.search, hash: location.hash };
  // Logged out for inactivity: logging in again returns to the page the user was on.
  if (reason === 'inactive')
    return <Navigate to={sessionExpiredLoginPath} replace state={{ from } satisfies LoginRedirectState} />;
  const message = LOGIN_MESSAGES[location.pathname.replace(/\/+$/, '')];
  const state: LoginRedirectState = { from, ...(message ? { message } : {}) };
  return <Navigate to={paths.login} replace state={state} />;
}
