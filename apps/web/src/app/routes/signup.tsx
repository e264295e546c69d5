import { Navigate, Link as RouterLink, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { REGISTRATION_SUCCESS_MESSAGE } from '../../features/auth/api/register';
import { SignupForm } from '../../features/auth/components/signup-form';
import { useHasSession, type LoginRedirectState } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthCard } from './auth-card';

export function SignupPage() {
  useDocumentTitle('Sign up');
  const navigate = useNavigate();
  const signedIn = useHasSession();
  if (signedIn) return <Navigate to={paths.app.root} replace />;

  const onRegistered = () => {
    const state: LoginRedirectState = { message: REGISTRATION_SUCCESS_MESSAGE };
    navigate(paths.login, { state });
  };

  return (
    <AuthCard
      maxWidth="md"
      title="Create Your Account"
      subtitle="Register as a firm administrator and set up your law firm on our platform"
    >
      <SignupForm onRegistered={onRegistered} />
      <p className="ls-p" style={{ marginTop: 24, textAlign: 'center' }}>
        Already have an account?{' '}
        <RouterLink to={paths.login} style={{ fontWeight: 600 }}>
          Log in
        </RouterLink>
      </p>
    </AuthCard>
  );
}
