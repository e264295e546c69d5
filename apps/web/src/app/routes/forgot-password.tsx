import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthCard } from './auth-card';

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your e-mail address and we will send you a link to choose a new password. The link is valid for 1 hour."
    >
      <ForgotPasswordForm />
      <p className="ls-p" style={{ marginTop: 24, textAlign: 'center' }}>
        <RouterLink to={paths.login} style={{ fontWeight: 600 }}>
          Back to log in
        </RouterLink>
      </p>
    </AuthCard>
  );
}
