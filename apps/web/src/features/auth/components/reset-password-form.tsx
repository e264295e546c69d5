import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '../../../components/plain/alert';
import { Button } from '../../../components/plain/button';
import { PasswordField } from '../../../components/plain/password-field';
import { fieldProps, lazyResolver } from '../../../lib/form';
import { resetPassword, resetPasswordErrorMessage } from '../api/password-reset';
import type { ResetPasswordForm as Values } from '../schemas';
import { PasswordRequirements } from './password-requirements';

/** Sets a new password with the single-use token from the e-mailed link. Plain kit, no MUI. */
export function ResetPasswordForm({
  token,
  onDone,
  submitLabel = 'Reset Password',
}: {
  token: string;
  onDone: (message: string) => void;
  submitLabel?: string;
}) {
  const form = useForm<Values>({
    resolver: lazyResolver(async () => {
      const [{ zodResolver }, { ResetPasswordFormSchema }] = await Promise.all([
        import('@hookform/resolvers/zod'),
        import('../schemas'),
      ]);
      return zodResolver(ResetPasswordFormSchema);
    }),
    defaultValues: { new_password: '', confirm_password: '' },
    mode: 'onTouched',
  });
  const mutation = useMutation({
    mutationFn: (values: Values) => resetPassword({ token, ...values }),
    onSuccess: onDone,
  });
  const newPassword = useWatch({ control: form.control, name: 'new_password' }) ?? '';

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => mutation.mutateAsync(values).catch(() => undefined))}
    >
      <div className="ls-stack" style={{ gap: 20 }}>
        {mutation.isError ? (
          <Alert severity="error">{resetPasswordErrorMessage(mutation.error)}</Alert>
        ) : null}
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          autoFocus
          required
          {...fieldProps(form, 'new_password')}
        />
        <PasswordField
          label="Confirm New Password"
          autoComplete="new-password"
          required
          {...fieldProps(form, 'confirm_password')}
        />
        <Button type="submit" variant="contained" large disabled={mutation.isPending}>
          {mutation.isPending
            ? submitLabel === 'Reset Password'
              ? 'Resetting...'
              : 'Saving...'
            : submitLabel}
        </Button>
      </div>
      <PasswordRequirements value={newPassword} />
    </form>
  );
}
