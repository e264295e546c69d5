import { Outlet } from 'react-router-dom';
import { RequireAuth } from './guards/require-auth';
import { AppLayout } from './layouts/app-layout';
import { MuiTheme } from '../components/mui-theme';

/** Everything under /app: signed in, inside the app's layout and MUI's theme. Loaded on first use (router.tsx). */
export function AppShell() {
  return (
    <MuiTheme>
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    </MuiTheme>
  );
}

/** /change-password: signed in, on the password-change page only. */
export function PasswordChangeShell() {
  return (
    <MuiTheme>
      <RequireAuth passwordChangePage>
        <Outlet />
      </RequireAuth>
    </MuiTheme>
  );
}
