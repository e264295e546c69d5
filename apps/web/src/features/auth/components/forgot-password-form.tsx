import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/plain/alert';
import { Button } from '../../../components/plain/button';
import { TextField } from '../../../components/plain/text-field';
import { fieldProps, lazyResolver } from '../../../lib/form';
import { forgotPasswordErrorMessage, requestPasswordReset } from '../api/password-reset';
import type { ForgotPasswordForm as Values } from '../schemas';

/** Asks for a reset link; the answer is the same whether or not the address is registered. Plain kit, no MUI. */
export function ForgotPasswordForm() {
  const form = useForm<Values>({
    resolver: lazyResolver(async () => {
      const [{ zodResolver }, { ForgotPasswordFormSchema }] = await Promise.all([
        import('@hookform/resolvers/zod'),
        import('../schemas'),
      ]);
      return zodResolver(ForgotPasswordFormSchema);
    }),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });
  const mutation = useMutation({ mutationFn: (values: Values) => requestPasswordReset(values.email) });

  if (mutation.isSuccess) {
    return (
      <Alert severity="success" role="status">
        {mutation.data}
      </Alert>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => mutation.mutateAsync(values).catch(() => undefined))}
    >
      <div className="ls-stack" style={{ gap: 20 }}>
        {mutation.isError ? (
          <Alert severity="error">{forgotPasswordErrorMessage(mutation.error)}</Alert>
        ) : null}
        <TextField
          label="Email Address"
          type="email"
          autoComplete="email"
          autoFocus
          required
          {...fieldProps(form, 'email')}
        />
        <Button type="submit" variant="contained" large disabled={mutation.isPending}>
          {mutation.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </div>
    </form>
  );
}
