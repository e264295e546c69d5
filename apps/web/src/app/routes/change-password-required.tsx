import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form';
import { logout } from '../../lib/auth';
import { sharedKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuthedUser } from '../guards/authed-user';
import { AuthCard } from './auth-card';

type FromState = { from?: { pathname: string; search?: string; hash?: string } } | null;

/**
 * /change-password: a user who logged in with a generated password chooses their own before anything else
 * (the server answers 403 to every other call until then). Afterwards they continue where they were going.
 */
export function ChangePasswordRequiredPage() {
  useDocumentTitle('Choose your password');
  const user = useAuthedUser();
  const queryClient = useQueryClient();
  const location = useLocation();
  const from = (location.state as FromState)?.from;

  if (!user.must_change_password) {
    const to =
      from && from.pathname !== paths.changePassword
        ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`
        : paths.app.root;
    return <Navigate to={to} replace />;
  }

  return (
    <AuthCard title="Choose your password" subtitle={`Signed in as ${user.email}`} maxWidth="sm">
      <Alert severity="info" sx={{ mb: 3 }}>
        Please change your password before continuing. Your account was created with a temporary password that
        someone else has seen; enter it as the current password and choose your own.
      </Alert>
      <ChangePasswordForm
        currentLabel="Temporary Password"
        onChanged={() => void queryClient.invalidateQueries({ queryKey: sharedKeys.me })}
      />
      <Button sx={{ mt: 3 }} onClick={() => void logout(queryClient)}>
        Log out
      </Button>
    </AuthCard>
  );
}
