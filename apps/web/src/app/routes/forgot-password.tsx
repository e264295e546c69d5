import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthCard } from './auth-card';

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  return (
    <AuthCard title="Forgot your password?" subtitle="Enter your e-mail address and we will send you a link to choose a new password. The link is valid for 1 hour.">
      <ForgotPasswordForm />
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.login} sx={{ fontWeight: 600 }}>
          Back to log in
        </Link>
      </Typography>
    </AuthCard>
  );
}
