import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { PasswordField } from '../../../components/password-field';
import { fieldProps } from '../../../lib/form';
import { resetPassword, resetPasswordErrorMessage } from '../api/password-reset';
import { ResetPasswordFormSchema, type ResetPasswordForm as Values } from '../schemas';
import { PasswordRequirements } from './password-requirements';

/** Sets a new password with the single-use token from the e-mailed link. */
export function ResetPasswordForm({ token, onDone, submitLabel = 'Reset Password' }: { token: string; onDone: (message: string) => void; submitLabel?: string }) {
  const form = useForm<Values>({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { new_password: '', confirm_password: '' },
    mode: 'onTouched',
  });
  const mutation = useMutation({
    mutationFn: (values: Values) => resetPassword({ token, ...values }),
    onSuccess: onDone,
  });
  const newPassword = useWatch({ control: form.control, name: 'new_password' }) ?? '';

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => mutation.mutateAsync(values).catch(() => undefined))}>
      <Stack spacing={2.5}>
        {mutation.isError ? (
          <Alert severity="error" role="alert">
            {resetPasswordErrorMessage(mutation.error)}
          </Alert>
        ) : null}
        <PasswordField label="New Password" autoComplete="new-password" autoFocus required {...fieldProps(form, 'new_password')} />
        <PasswordField label="Confirm New Password" autoComplete="new-password" required {...fieldProps(form, 'confirm_password')} />
        <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
          {mutation.isPending ? (submitLabel === 'Reset Password' ? 'Resetting...' : 'Saving...') : submitLabel}
        </Button>
      </Stack>
      <PasswordRequirements value={newPassword} />
    </Box>
  );
}
