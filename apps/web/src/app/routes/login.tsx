import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import type { TokenPair } from '@lexserve/contracts/auth';
import { Alert } from '../../components/plain/alert';
import { paths } from '../../config/paths';
import { LoginForm } from '../../features/auth/components/login-form';
import { startSession, useHasSession, type LoginRedirectState } from '../../lib/auth';
import { sharedKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { loadAppShell } from '../load-app-shell';
import { AuthCard } from './auth-card';

/** Where to go after login: the page the user came from, or else /dashboard (spec 2.2). */
export const returnPathFrom = (state: LoginRedirectState | null | undefined): string => {
  const from = state?.from;
  const path =
    typeof from === 'string' ? from : from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : '';
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith(paths.login)) return '/dashboard';
  return path;
};

export function LoginPage() {
  useDocumentTitle('Log in');
  const location = useLocation();
  const state = (location.state ?? null) as LoginRedirectState | null;
  const [params, setParams] = useSearchParams();
  const signedIn = useHasSession();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | undefined>(state?.message);
  const sessionExpired = params.get('reason') === 'session_expired';

  if (signedIn) return <Navigate to={returnPathFrom(state)} replace state={state?.returnState} />;

  const onLoggedIn = (tokens: TokenPair) => {
    queryClient.removeQueries({ queryKey: sharedKeys.me });
    startSession(tokens);
  };

  return (
    <AuthCard title="Log in" subtitle="Welcome back to LexServe">
      <div className="ls-stack" style={{ gap: 16, marginBottom: 24 }}>
        {sessionExpired ? (
          <Alert
            severity="warning"
            title="Session Expired"
            onClose={() =>
              setParams(
                (current) => {
                  current.delete('reason');
                  return current;
                },
                { replace: true, state: location.state },
              )
            }
          >
            Your session has expired due to inactivity. Please log in again to continue.
          </Alert>
        ) : null}
        {message ? (
          <Alert severity="success" onClose={() => setMessage(undefined)}>
            {message}
          </Alert>
        ) : null}
      </div>
      <LoginForm
        onLoggedIn={onLoggedIn}
        onAttempt={() => {
          setMessage(undefined);
          void loadAppShell();
        }}
      />
      <p className="ls-p" style={{ marginTop: 24, textAlign: 'center' }}>
        Don&apos;t have an account?{' '}
        <RouterLink to={paths.signup} style={{ fontWeight: 600 }}>
          Sign up
        </RouterLink>
      </p>
    </AuthCard>
  );
}
