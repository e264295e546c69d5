import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/plain/alert';
import { Button } from '../../../components/plain/button';
import { PasswordField } from '../../../components/plain/password-field';
import { TextArea, TextField } from '../../../components/plain/text-field';
import { fieldProps, lazyResolver } from '../../../lib/form';
import { serverFieldErrors, useErrorSummary } from '../../../lib/use-error-summary';
import { registerFirmAdministrator, registrationErrorMessage } from '../api/register';

/** A titled group of fields: one column on phones, two from 600 px. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="ls-fieldset">
      <legend className="ls-h6">{title}</legend>
      <div className="ls-grid ls-grid--sm-2">{children}</div>
    </fieldset>
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
const CONFLICT_FIELDS = {
  EMAIL_TAKEN: 'email',
  USER_EMAIL_TAKEN: 'email',
  PRACTICE_NUMBER_TAKEN: 'practice_number',
};

export function SignupForm({ onRegistered }: { onRegistered: () => void }) {
  const form = useForm({
    resolver: lazyResolver(async () => {
      const [{ zodResolver }, { RegisterInputSchema }] = await Promise.all([
        import('@hookform/resolvers/zod'),
        import('@lexserve/contracts/auth'),
      ]);
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
    <form
      noValidate
      aria-label="Create your account"
      onSubmit={form.handleSubmit((values) => register.mutateAsync(values).catch(() => undefined))}
    >
      <div className="ls-stack" style={{ gap: 24 }}>
        {register.isError ? (
          <Alert ref={summary} tabIndex={-1} severity="error" onClose={() => register.reset()}>
            {registrationErrorMessage(register.error)}
          </Alert>
        ) : null}

        <Section title="Administrator Account">
          <TextField label="Your Full Name" autoComplete="name" required {...fieldProps(form, 'full_name')} />
          <TextField
            label="Your Email Address"
            type="email"
            autoComplete="email"
            required
            {...fieldProps(form, 'email')}
          />
          <TextField
            label="Your Phone Number (optional)"
            type="tel"
            autoComplete="tel"
            {...fieldProps(form, 'phone_number')}
          />
        </Section>

        <hr className="ls-divider" style={{ margin: 0 }} />

        <Section title="Account Security">
          <PasswordField
            label="Password"
            autoComplete="new-password"
            required
            {...fieldProps(form, 'password', {
              helperText: 'At least 8 characters with an uppercase letter, a lowercase letter and a number',
            })}
          />
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            required
            {...fieldProps(form, 'confirm_password')}
          />
        </Section>

        <hr className="ls-divider" style={{ margin: 0 }} />

        <Section title="Law Firm Details">
          <TextField
            label="Law Firm Name"
            autoComplete="organization"
            required
            {...fieldProps(form, 'firm_name')}
          />
          <TextField label="Firm Contact Email" type="email" required {...fieldProps(form, 'firm_email')} />
          <TextField
            label="Firm Main Phone Number (optional)"
            type="tel"
            {...fieldProps(form, 'firm_phone')}
          />
          <TextArea
            label="Firm Business Address"
            className="ls-span-all"
            autoComplete="street-address"
            required
            {...fieldProps(form, 'firm_address')}
          />
          <TextField label="Main Branch Name" required {...fieldProps(form, 'branch_name')} />
          <TextField label="Practice Number" required {...fieldProps(form, 'practice_number')} />
        </Section>

        <Button type="submit" variant="contained" large disabled={busy}>
          {busy ? 'Creating Account...' : 'Create Administrator Account'}
        </Button>
      </div>
    </form>
  );
}
