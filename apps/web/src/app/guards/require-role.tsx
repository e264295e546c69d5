import { Navigate, Outlet } from 'react-router-dom';
import type { Role } from '../../config/constants';
import { paths } from '../../config/paths';
import { useAuthedUser } from './authed-user';

/** Routes for some roles only; everyone else goes to the dashboard. */
export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const user = useAuthedUser();
  if (!roles.includes(user.role)) return <Navigate to={paths.app.dashboard} replace />;
  return <Outlet />;
}
