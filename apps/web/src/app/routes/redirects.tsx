import { Navigate, useLocation } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader';
import { paths } from '../../config/paths';
import { useCurrentUser, useHasSession } from '../../lib/auth';
import { useAuthedUser } from '../guards/authed-user';

/** /dashboard → /app/dashboard, keeping the query (tab, subtab). */
export function DashboardRedirect() {
  const location = useLocation();
  return <Navigate to={`${paths.app.dashboard}${location.search}`} replace />;
}

/** /app → /app/admin for system_admin, otherwise /app/dashboard. */
export function AppIndexRedirect() {
  const user = useAuthedUser();
  return <Navigate to={user.role === 'system_admin' ? paths.app.admin : paths.app.dashboard} replace />;
}

/** /admin → /app/admin for system_admin, otherwise /app/dashboard (which asks for login when needed). */
export function AdminRedirect() {
  const signedIn = useHasSession();
  const me = useCurrentUser();
  if (signedIn && me.isPending) return <PageLoader />;
  return <Navigate to={me.data?.role === 'system_admin' ? paths.app.admin : paths.app.dashboard} replace />;
}

/** Any unknown path: the dashboard when logged in, otherwise the login page. */
export function CatchAllRedirect() {
  const signedIn = useHasSession();
  return <Navigate to={signedIn ? paths.app.dashboard : paths.login} replace />;
}
