import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { PasswordField } from '../../../components/plain/password-field';
import { fieldProps } from '../../../lib/form';
import {
  PASSWORD_UPDATED_MESSAGE,
  changePasswordErrorMessage,
  useChangePassword,
} from '../api/change-password';
import { ChangePasswordFormSchema, type ChangePasswordForm as Values } from '../schemas';
import { PasswordRequirements } from './password-requirements';

const EMPTY: Values = { current_password: '', new_password: '', confirm_password: '' };

/** Change Password of spec 2.10, with the form-level rules of section 5. `onChanged` follows a success. */
export function ChangePasswordForm({
  onChanged,
  currentLabel = 'Current Password',
}: {
  onChanged?: () => void;
  currentLabel?: string;
}) {
  const form = useForm<Values>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const mutation = useChangePassword();
  const [success, setSuccess] = useState<string | null>(null);
  const newPassword = useWatch({ control: form.control, name: 'new_password' }) ?? '';

  const onSubmit = form.handleSubmit(async (values) => {
    setSuccess(null);
    try {
      const answer = await mutation.mutateAsync(values);
      setSuccess(answer?.message || PASSWORD_UPDATED_MESSAGE);
      form.reset(EMPTY);
      onChanged?.();
    } catch {
      // shown from mutation.error
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Change password" sx={{ maxWidth: 520 }}>
      <Stack spacing={2.5}>
        {success ? (
          <Alert severity="success" onClose={() => setSuccess(null)}>
            {success}
          </Alert>
        ) : null}
        {mutation.isError ? (
          <Alert severity="error" role="alert" onClose={() => mutation.reset()}>
            {changePasswordErrorMessage(mutation.error)}
          </Alert>
        ) : null}
        <PasswordField
          label={currentLabel}
          autoComplete="current-password"
          required
          {...fieldProps(form, 'current_password')}
        />
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          required
          {...fieldProps(form, 'new_password')}
        />
        <PasswordField
          label="Confirm New Password"
          autoComplete="new-password"
          required
          {...fieldProps(form, 'confirm_password')}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {mutation.isPending ? 'Updating...' : 'Update Password'}
          </Button>
        </Box>
      </Stack>
      <PasswordRequirements value={newPassword} />
    </Box>
  );
}
