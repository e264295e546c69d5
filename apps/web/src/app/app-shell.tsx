import { Outlet } from 'react-router-dom';
import { RequireAuth } from './guards/require-auth';
import { AppLayout } from './layouts/app-layout';

/** Everything under /app: signed in, inside the app's layout. Loaded on first use (router.tsx). */
export function AppShell() {
  return (
    <RequireAuth>
      <AppLayout />
    </RequireAuth>
  );
}

/** /change-password: signed in, on the password-change page only. */
export function PasswordChangeShell() {
  return (
    <RequireAuth passwordChangePage>
      <Outlet />
    </RequireAuth>
  );
}
