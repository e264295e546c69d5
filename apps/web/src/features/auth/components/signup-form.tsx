import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField } from '../../../components/password-field';
import { fieldProps, lazyResolver } from '../../../lib/form';
import { serverFieldErrors, useErrorSummary } from '../../../lib/use-error-summary';
import { registerFirmAdministrator, registrationErrorMessage } from '../api/register';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="h6" sx={{ mb: 2, color: 'primary.main' }}>
        {title}
      </Typography>
      <Grid container spacing={2}>
        {children}
      </Grid>
    </Box>
  );
}

/** Firm administrator sign-up of spec 2.3 with the rules of section 5 (shared with the API). */
const EMPTY = {
  full_name: '',
  email: '',
  phone_number: '',
  password: '',
  confirm_password: '',
  firm_name: '',
  firm_email: '',
  firm_phone: '',
  firm_address: '',
  branch_name: '',
  practice_number: '',
};

/** The fields the server's conflicts are about. */
const CONFLICT_FIELDS = { EMAIL_TAKEN: 'email', USER_EMAIL_TAKEN: 'email', PRACTICE_NUMBER_TAKEN: 'practice_number' };

export function SignupForm({ onRegistered }: { onRegistered: () => void }) {
  const form = useForm({
    resolver: lazyResolver(async () => {
      const [{ zodResolver }, { RegisterInputSchema }] = await Promise.all([import('@hookform/resolvers/zod'), import('@lexserve/contracts/auth')]);
      return zodResolver(RegisterInputSchema);
    }),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const register = useMutation({
    mutationFn: registerFirmAdministrator,
    onSuccess: onRegistered,
    // The field the server names is marked with its message, as the browser's own checks would.
    onError: (error) => {
      for (const [field, message] of Object.entries(serverFieldErrors(error, CONFLICT_FIELDS))) {
        if (field in EMPTY) form.setError(field as keyof typeof EMPTY, { type: 'server', message });
      }
    },
  });
  // The message sits at the top of a long form while the button is at the bottom: bring it into view and focus it.
  const summary = useErrorSummary(register.error);
  const busy = register.isPending;

  return (
    <Box
      component="form"
      noValidate
      aria-label="Create your account"
      onSubmit={form.handleSubmit((values) => register.mutateAsync(values).catch(() => undefined))}
    >
      <Stack spacing={3}>
        {register.isError ? (
          <Alert ref={summary} tabIndex={-1} severity="error" role="alert" onClose={() => register.reset()}>
            {registrationErrorMessage(register.error)}
          </Alert>
        ) : null}

        <Section title="Administrator Account">
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label="Your Full Name" autoComplete="name" required {...fieldProps(form, 'full_name')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label="Your Email Address" type="email" autoComplete="email" required {...fieldProps(form, 'email')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label="Your Phone Number (optional)" type="tel" autoComplete="tel" {...fieldProps(form, 'phone_number')} />
          </Grid>
        </Section>

        <Divider />

        <Section title="Account Security">
          <Grid size={{ xs: 12, sm: 6 }}>
            <PasswordField
              label="Password"
              autoComplete="new-password"
              required
              {...fieldProps(form, 'password', {
                helperText: 'At least 8 characters with an uppercase letter, a lowercase letter and a number',
              })}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <PasswordField label="Confirm Password" autoComplete="new-password" required {...fieldProps(form, 'confirm_password')} />
          </Grid>
        </Section>

        <Divider />

        <Section title="Law Firm Details">
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label="Law Firm Name" autoComplete="organization" required {...fieldProps(form, 'firm_name')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label="Firm Contact Email" type="email" required {...fieldProps(form, 'firm_email')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label="Firm Main Phone Number (optional)" type="tel" {...fieldProps(form, 'firm_phone')} />
          </Grid>
          <Grid size={12}>
            <TextField
              label="Firm Business Address"
              multiline
              minRows={3}
              autoComplete="street-address"
              required
              {...fieldProps(form, 'firm_address')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label="Main Branch Name" required {...fieldProps(form, 'branch_name')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField label="Practice Number" required {...fieldProps(form, 'practice_number')} />
          </Grid>
        </Section>

        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? 'Creating Account...' : 'Create Administrator Account'}
        </Button>
      </Stack>
    </Box>
  );
}
