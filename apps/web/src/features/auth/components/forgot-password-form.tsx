import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { fieldProps, lazyResolver } from '../../../lib/form';
import { forgotPasswordErrorMessage, requestPasswordReset } from '../api/password-reset';
import type { ForgotPasswordForm as Values } from '../schemas';

/** Asks for a reset link; the answer is the same whether or not the address is registered. */
export function ForgotPasswordForm() {
  const form = useForm<Values>({ resolver: lazyResolver(async () => {
      const [{ zodResolver }, { ForgotPasswordFormSchema }] = await Promise.all([import('@hookform/resolvers/zod'), import('../schemas')]);
      return zodResolver(ForgotPasswordFormSchema);
    }), defaultValues: { email: '' }, mode: 'onTouched' });
  const mutation = useMutation({ mutationFn: (values: Values) => requestPasswordReset(values.email) });

  if (mutation.isSuccess) {
    return (
      <Alert severity="success" role="status">
        {mutation.data}
      </Alert>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => mutation.mutateAsync(values).catch(() => undefined))}>
      <Stack spacing={2.5}>
        {mutation.isError ? (
          <Alert severity="error" role="alert">
            {forgotPasswordErrorMessage(mutation.error)}
          </Alert>
        ) : null}
        <TextField label="Email Address" type="email" autoComplete="email" autoFocus required {...fieldProps(form, 'email')} />
        <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
          {mutation.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </Stack>
    </Box>
  );
}
