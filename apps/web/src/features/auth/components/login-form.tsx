import type { TokenPair } from '@lexserve/contracts/auth';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { fieldProps, lazyResolver } from '../../../lib/form';
import { PasswordField } from '../../../components/password-field';
import { loginErrorMessage, loginWithPassword } from '../api/login';

/**
 * Login fields and button of spec 2.2; the page around it handles alerts and where to go next. `onAttempt` runs as the
 * user submits, so that the page can put away its own notices: one message at a time.
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
      const [{ zodResolver }, { LoginInputSchema }] = await Promise.all([import('@hookform/resolvers/zod'), import('@lexserve/contracts/auth')]);
      return zodResolver(LoginInputSchema);
    }),
    defaultValues: { email: '', password: '' },
    // Checked on submit, then as the user corrects: tabbing past an empty field is not an error yet.
    mode: 'onSubmit',
  });
  const login = useMutation({ mutationFn: loginWithPassword, onSuccess: onLoggedIn });
  const busy = login.isPending || form.formState.isSubmitting;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={form.handleSubmit((values) => {
        onAttempt?.();
        return login.mutateAsync(values).catch(() => undefined);
      })}
    >
      <Stack spacing={2.5}>
        {login.isError ? (
          <Alert severity="error" role="alert" onClose={() => login.reset()}>
            {loginErrorMessage(login.error)}
          </Alert>
        ) : null}
        <TextField
          label="Email Address"
          type="email"
          autoComplete="email"
          autoFocus
          slotProps={{ htmlInput: { 'aria-required': true } }}
          {...fieldProps(form, 'email')}
        />
        {/* No asterisk: both fields are obviously needed, and the label stays exactly 'Password'. */}
        <PasswordField
          label="Password"
          autoComplete="current-password"
          slotProps={{ htmlInput: { 'aria-required': true } }}
          {...fieldProps(form, 'password')}
        />
        <Box sx={{ textAlign: 'right', mt: '4px !important' }}>
          <Link component={RouterLink} to={paths.forgotPassword} variant="body2">
            Forgot password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
          {busy ? 'Signing in...' : 'Log in'}
        </Button>
      </Stack>
    </Box>
  );
}
