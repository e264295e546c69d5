import type { TokenPair } from '@lexserve/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { fieldProps, lazyResolver } from '../../../lib/form';
import { Alert } from '../../../components/plain/alert';
import { Button } from '../../../components/plain/button';
import { PasswordField } from '../../../components/plain/password-field';
import { TextField } from '../../../components/plain/text-field';
import { loginErrorMessage, loginWithPassword } from '../api/login';

/**
 * Login fields and button of spec 2.2; the page around it handles alerts and where to go next. `onAttempt` runs as the
 * user submits, so that the page can put away its own notices: one message at a time. Plain kit: the login loads no MUI.
 */
export function LoginForm({
  onLoggedIn,
  onAttempt,
}: {
  onLoggedIn: (tokens: TokenPair) => void | Promise<void>;
  onAttempt?: () => void;
}) {
  const form = useForm({
    resolver: lazyResolver(async () => {
      const [{ zodResolver }, { LoginInputSchema }] = await Promise.all([
        import('@hookform/resolvers/zod'),
        import('@lexserve/contracts/auth'),
      ]);
      return zodResolver(LoginInputSchema);
    }),
    defaultValues: { email: '', password: '' },
    // Checked on submit, then as the user corrects: tabbing past an empty field is not an error yet.
    mode: 'onSubmit',
  });
  const login = useMutation({ mutationFn: loginWithPassword, onSuccess: onLoggedIn });
  const busy = login.isPending || form.formState.isSubmitting;

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => {
        onAttempt?.();
        return login.mutateAsync(values).catch(() => undefined);
      })}
    >
      <div className="ls-stack" style={{ gap: 20 }}>
        {login.isError ? (
          <Alert severity="error" onClose={() => login.reset()}>
            {loginErrorMessage(login.error)}
          </Alert>
        ) : null}
        <TextField
          label="Email Address"
          type="email"
          autoComplete="email"
          autoFocus
          aria-required
          {...fieldProps(form, 'email')}
        />
        {/* No asterisk: both fields are obviously needed, and the label stays exactly 'Password'. */}
        <PasswordField
          label="Password"
          autoComplete="current-password"
          aria-required
          {...fieldProps(form, 'password')}
        />
        <div style={{ textAlign: 'right', marginTop: -16 }}>
          <RouterLink to={paths.forgotPassword} className="ls-body2">
            Forgot password?
          </RouterLink>
        </div>
        <Button type="submit" variant="contained" large fullWidth disabled={busy}>
          {busy ? 'Signing in...' : 'Log in'}
        </Button>
      </div>
    </form>
  );
}
