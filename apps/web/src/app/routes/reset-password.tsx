import { RESET_LINK_INVALID } from '@lexserve/contracts/auth';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import type { LoginRedirectState } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthCard } from './auth-card';

export function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token')?.trim() ?? '';

  const onDone = (message: string) => {
    const state: LoginRedirectState = { message };
    navigate(paths.login, { replace: true, state });
  };

  return (
    <AuthCard title="Choose a new password">
      {token ? (
        <ResetPasswordForm token={token} onDone={onDone} />
      ) : (
        <Alert severity="error">{RESET_LINK_INVALID}</Alert>
      )}
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.forgotPassword} sx={{ fontWeight: 600 }}>
          Request a new link
        </Link>
      </Typography>
    </AuthCard>
  );
}
