import { RESET_LINK_INVALID } from '@lexserve/contracts/constants';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../components/plain/alert';
import { paths } from '../../config/paths';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import type { LoginRedirectState } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthCard } from './auth-card';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  // A sheriff's invitation (`invite=1`) uses the same single-use link to choose a first password.
  const invite = params.get('invite') === '1';
  useDocumentTitle(invite ? 'Set your password' : 'Reset password');
  const navigate = useNavigate();
  const token = params.get('token')?.trim() ?? '';

  const onDone = (message: string) => {
    const state: LoginRedirectState = { message };
    navigate(paths.login, { replace: true, state });
  };

  return (
    <AuthCard
      title={invite ? 'Set your password' : 'Choose a new password'}
      subtitle={
        invite
          ? 'Welcome to LexServe. Choose the password you will log in with; the link works once.'
          : undefined
      }
    >
      {token ? (
        <ResetPasswordForm token={token} onDone={onDone} submitLabel={invite ? 'Set Password' : undefined} />
      ) : (
        <Alert severity="error">{RESET_LINK_INVALID}</Alert>
      )}
      <p className="ls-p" style={{ marginTop: 24, textAlign: 'center' }}>
        <RouterLink to={paths.forgotPassword} style={{ fontWeight: 600 }}>
          {invite ? 'Link expired? Request a reset link' : 'Request a new link'}
        </RouterLink>
      </p>
    </AuthCard>
  );
}
