import { zodResolver } from '@hookform/resolvers/zod';
import { EMAIL_PATTERN } from '@lexserve/contracts/common';
import { AuthErrors } from '@lexserve/contracts/errors';
import type { User } from '@lexserve/contracts/users';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { NotificationBanner } from '../../../components/notification-banner';
import { PasswordField } from '../../../components/plain/password-field';
import { QueryState } from '../../../components/query-state';
import { formatDate, formatDateTime } from '../../../lib/format';
import { fieldProps } from '../../../lib/form';
import {
  PROFILE_UPDATED_MESSAGE,
  profileLoadErrorMessage,
  profileUpdateErrorMessage,
  useProfile,
  useUpdateProfile,
  type ProfileChanges,
} from '../api/profile';

const ProfileFormSchema = z.object({
  full_name: z.string().trim().min(1, 'Full name is required').max(100, 'Full name is too long'),
  email: z
    .string()
    .trim()
    .min(1, 'Email address is required')
    .regex(EMAIL_PATTERN, 'Please enter a valid email address.'),
  phone_number: z.string(),
  address: z.string(),
  /** Asked for only when the e-mail address (the login) changes; never part of the profile. */
  current_password: z.string(),
});
type ProfileForm = z.infer<typeof ProfileFormSchema>;

const toForm = (user: User): ProfileForm => ({
  full_name: user.full_name ?? '',
  email: user.email ?? '',
  phone_number: user.phone_number ?? '',
  address: user.address ?? '',
  current_password: '',
});

type ProfileFields = Omit<ProfileForm, 'current_password'>;

const normalise = (values: ProfileFields) => ({
  full_name: values.full_name.trim(),
  email: values.email.trim(),
  phone_number: values.phone_number.trim() || null,
  address: values.address.trim() || null,
});

/**
 * The fields that differ from the saved profile, trimmed, with empty optional values as null
 * (the e-mail address is never nulled). Only these are sent (product decision).
 */
export const changedProfileFields = (original: User, values: ProfileFields): ProfileChanges => {
  const before = normalise(toForm(original));
  const after = normalise(values);
  const changes: ProfileChanges = {};
  if (after.full_name !== before.full_name) changes.full_name = after.full_name;
  if (after.email !== before.email && after.email) changes.email = after.email;
  if (after.phone_number !== before.phone_number) changes.phone_number = after.phone_number;
  if (after.address !== before.address) changes.address = after.address;
  return changes;
};

const { EMAIL_CHANGE_PASSWORD_REQUIRED } = AuthErrors;

type Feedback = { severity: 'success' | 'info' | 'error'; title?: string; message: string } | null;

function ProfileForm({ user }: { user: User }) {
  const initial = useMemo(() => toForm(user), [user]);
  const form = useForm<ProfileForm>({
    resolver: zodResolver(ProfileFormSchema),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const values = useWatch({ control: form.control }) as ProfileForm;
  const update = useUpdateProfile();
  const [feedback, setFeedback] = useState<Feedback>(null);

  useEffect(() => form.reset(initial), [form, initial]);

  const pending = changedProfileFields(user, { ...initial, ...values });
  const unsaved = Object.keys(pending).length > 0;
  // The e-mail address is the login: changing it takes the current password (the server checks it).
  const emailChanging = pending.email !== undefined;

  const onSubmit = form.handleSubmit(async (submitted) => {
    const changes = changedProfileFields(user, submitted);
    if (Object.keys(changes).length === 0) {
      setFeedback({ severity: 'info', message: 'No changes to save.' });
      return;
    }
    if (changes.email !== undefined && !submitted.current_password) {
      form.setError('current_password', { message: EMAIL_CHANGE_PASSWORD_REQUIRED.message });
      return;
    }
    setFeedback(null);
    try {
      const answer = await update.mutateAsync(
        changes.email !== undefined ? { ...changes, current_password: submitted.current_password } : changes,
      );
      if (answer?.data) form.reset(toForm(answer.data));
      setFeedback({ severity: 'success', message: answer?.message || PROFILE_UPDATED_MESSAGE });
    } catch (error) {
      const message = profileUpdateErrorMessage(error);
      const generic = message === 'Failed to update profile. Please try again.';
      setFeedback({ severity: 'error', title: generic ? 'Profile Update Failed' : undefined, message });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Profile settings">
      <NotificationBanner
        open={Boolean(feedback)}
        severity={feedback?.severity ?? 'info'}
        title={feedback?.title}
        message={feedback?.message}
        onClose={() => setFeedback(null)}
        autoHideMs={feedback?.severity === 'error' ? null : undefined}
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="Full Name" autoComplete="name" required {...fieldProps(form, 'full_name')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label="Email Address"
            type="email"
            autoComplete="email"
            required
            {...fieldProps(form, 'email')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label="Phone Number"
            type="tel"
            autoComplete="tel"
            {...fieldProps(form, 'phone_number')}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            label="Address"
            multiline
            minRows={2}
            autoComplete="street-address"
            {...fieldProps(form, 'address')}
          />
        </Grid>
        {emailChanging ? (
          <Grid size={{ xs: 12, sm: 6 }}>
            <PasswordField
              label="Current Password"
              autoComplete="current-password"
              required
              {...fieldProps(form, 'current_password', {
                helperText: 'Needed to change the e-mail address you log in with.',
              })}
            />
          </Grid>
        ) : null}
      </Grid>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3, alignItems: { sm: 'center' } }}>
        <Button type="submit" variant="contained" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
        <Button
          type="button"
          variant="outlined"
          disabled={!unsaved || update.isPending}
          onClick={() => {
            form.reset(initial);
            setFeedback(null);
          }}
        >
          Reset Changes
        </Button>
        {unsaved ? (
          <Typography role="status" color="warning.main" variant="body2" sx={{ fontWeight: 600 }}>
            You have unsaved changes
          </Typography>
        ) : null}
      </Stack>
    </Box>
  );
}

function AccountInformation({ user }: { user: User }) {
  const rows = [
    { label: 'Role', value: user.role_display_name },
    { label: 'Member Since', value: formatDate(user.created_at) },
    { label: 'Last Login', value: formatDateTime(user.last_login, 'Never') },
  ];
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Account Information
        </Typography>
        <Box component="dl" sx={{ m: 0 }}>
          {rows.map((row) => (
            <Box
              key={row.label}
              sx={{
                py: 1,
                borderBottom: '1px solid',
                borderColor: 'divider',
                '&:last-of-type': { borderBottom: 0 },
              }}
            >
              <Typography component="dt" variant="body2" color="text.secondary">
                {row.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
                {row.value}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

/** Profile Settings (spec 2.9). */
export function ProfileSettings() {
  const profile = useProfile();
  return (
    <QueryState
      query={profile}
      loadingLabel="Loading profile..."
      errorTitle="Profile"
      errorMessage={profileLoadErrorMessage}
    >
      {(user) => (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 8 }}>
            <Card>
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  Personal Details
                </Typography>
                <ProfileForm user={user} />
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <AccountInformation user={user} />
          </Grid>
        </Grid>
      )}
    </QueryState>
  );
}
