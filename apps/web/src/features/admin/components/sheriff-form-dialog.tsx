import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { MAGISTERIAL_DISTRICTS } from '@lexserve/contracts/courts';
import {
  CreateSheriffInputSchema,
  SHERIFF_INVITATION_DAYS,
  type CreateSheriffInput,
  type Sheriff,
  type UpdateSheriffInput,
} from '@lexserve/contracts/users';
import { useId, useState } from 'react';
import { describeError, isApiRequestError } from '../../../lib/api-client';
import { useSheriffAreas } from '../api/sheriff-areas';

export type SheriffFormValues = {
  full_name: string;
  email: string;
  phone_number: string;
  office_name: string;
  appointment_number: string;
  service_areas: string[];
  /** The area of appointment (a sheriff); a deputy's is their office's. */
  area_id: number | null;
};
type Field = keyof SheriffFormValues;

const EMPTY: SheriffFormValues = {
  full_name: '',
  email: '',
  phone_number: '',
  office_name: '',
  appointment_number: '',
  service_areas: [],
  area_id: null,
};

const valuesOf = (sheriff: Sheriff | null): SheriffFormValues =>
  sheriff
    ? {
        full_name: sheriff.full_name,
        email: sheriff.email,
        phone_number: sheriff.phone_number ?? '',
        office_name: sheriff.office_name ?? '',
        appointment_number: sheriff.appointment_number ?? '',
        service_areas: sheriff.service_areas,
        area_id: sheriff.area?.id ?? null,
      }
    : EMPTY;

/**
 * What POST /admin/sheriffs is sent: a deputy's account and the office they serve in; a sheriff's with the area
 * (the districts may then be left empty) or the districts.
 */
const createInput = (values: SheriffFormValues, officeId: number | null) => {
  const account = {
    full_name: values.full_name,
    email: values.email,
    phone_number: values.phone_number,
    appointment_number: values.appointment_number,
  };
  if (officeId !== null) return { ...account, office_sheriff_id: officeId };
  return {
    ...account,
    office_name: values.office_name,
    ...(values.area_id !== null ? { area_id: values.area_id } : {}),
    ...(values.service_areas.length || values.area_id === null
      ? { service_areas: values.service_areas }
      : {}),
  };
};

/** The form's values checked with the create rule; the first message per field. */
const sheriffFormErrors = (
  values: SheriffFormValues,
  officeId: number | null,
): Partial<Record<Field, string>> => {
  const result = CreateSheriffInputSchema.safeParse(createInput(values, officeId));
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
};

/** The fields an edit changed (areas compared as a list), as PUT sends them. */
const changedFields = (before: SheriffFormValues, after: SheriffFormValues): UpdateSheriffInput => {
  const changes: Record<string, unknown> = {};
  for (const field of Object.keys(EMPTY) as Field[]) {
    const a = before[field];
    const b = after[field];
    const same =
      Array.isArray(a) && Array.isArray(b)
        ? a.join('\n') === b.join('\n')
        : String(a).trim() === String(b).trim();
    if (!same) changes[field] = typeof b === 'string' ? b.trim() : b;
  }
  return changes as UpdateSheriffInput;
};

type Props = {
  open: boolean;
  /** null: a new sheriff. */
  sheriff: Sheriff | null;
  /** A new deputy sheriff in this sheriff's office (with `sheriff` null). */
  office?: Sheriff | null;
  busy: boolean;
  error: unknown;
  onSubmit: (values: CreateSheriffInput | UpdateSheriffInput) => void;
  onCancel: () => void;
};

const LABELS: Record<Field, string> = {
  full_name: 'Full Name',
  email: 'Email Address',
  phone_number: 'Phone Number',
  office_name: 'Office Name',
  appointment_number: 'Appointment Number',
  service_areas: 'Service Areas',
  area_id: 'Area of Appointment',
};

/** Add or edit a sheriff: every field is required; service areas are magisterial districts, shown as chips. */
export function SheriffFormDialog({ open, sheriff, office = null, busy, error, onSubmit, onCancel }: Props) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const initial = valuesOf(sheriff);
  const [values, setValues] = useState<SheriffFormValues>(initial);
  const [areaText, setAreaText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const areas = useSheriffAreas();
  /** A deputy (new, or edited) has no office, area or districts of their own. */
  const deputy = office !== null || sheriff?.kind === 'deputy';
  const officeId = office?.id ?? null;
  const errors = submitted ? sheriffFormErrors(values, sheriff ? null : officeId) : {};
  const serverFieldErrors: Partial<Record<Field, string>> = {};
  let serverMessage: string | null = null;
  if (error) {
    if (isApiRequestError(error) && Array.isArray(error.detail)) {
      for (const issue of error.detail) serverFieldErrors[issue.loc.at(-1) as Field] ??= issue.msg;
    } else
      serverMessage = describeError(error, { fallback: 'Failed to save the sheriff. Please try again.' });
  }
  const errorOf = (field: Field) => errors[field] ?? serverFieldErrors[field];
  const set = (field: Field, value: string | string[] | number | null) =>
    setValues((v) => ({ ...v, [field]: value }));

  const submit = () => {
    // A district typed but not yet turned into a chip counts.
    const typed = areaText.trim();
    const next =
      typed && !values.service_areas.some((a) => a.toLowerCase() === typed.toLowerCase())
        ? { ...values, service_areas: [...values.service_areas, typed] }
        : values;
    if (next !== values) {
      setValues(next);
      setAreaText('');
    }
    setSubmitted(true);
    if (Object.keys(sheriffFormErrors(next, sheriff ? null : officeId)).length) return;
    onSubmit(
      sheriff ? changedFields(initial, next) : CreateSheriffInputSchema.parse(createInput(next, officeId)),
    );
  };

  const text = (
    field: Exclude<Field, 'service_areas' | 'area_id'>,
    props: { type?: string; autoComplete?: string; helper?: string } = {},
  ) => (
    <TextField
      label={LABELS[field]}
      required
      value={values[field]}
      type={props.type}
      autoComplete={props.autoComplete}
      onChange={(e) => set(field, e.target.value)}
      error={Boolean(errorOf(field))}
      helperText={errorOf(field) ?? props.helper}
      disabled={busy}
    />
  );

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle id={titleId}>
        {sheriff ? `Edit ${sheriff.full_name}` : office ? 'Add Deputy Sheriff' : 'Add Sheriff'}
      </DialogTitle>
      <DialogContent dividers>
        {office ? (
          <Typography variant="body2" sx={{ mb: 1 }}>
            In the office of {office.full_name} ({office.appointment_title}). A deputy acts for the sheriff,
            subject to the sheriff’s directions.
          </Typography>
        ) : null}
        {!sheriff ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            The {office ? 'deputy' : 'sheriff'} receives an e-mail with a link to set their own password
            (valid for {SHERIFF_INVITATION_DAYS} days). No password is shown to you.
          </Typography>
        ) : null}
        {serverMessage ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {serverMessage}
          </Alert>
        ) : null}
        <Grid container spacing={2}>
          <Grid size={12}>{text('full_name', { autoComplete: 'name' })}</Grid>
          <Grid size={{ xs: 12, sm: 7 }}>{text('email', { type: 'email', autoComplete: 'email' })}</Grid>
          <Grid size={{ xs: 12, sm: 5 }}>{text('phone_number', { type: 'tel', autoComplete: 'tel' })}</Grid>
          {deputy ? null : (
            <Grid size={{ xs: 12, sm: 7 }}>
              {text('office_name', { helper: 'e.g. Sheriff of the Court, Cape Town West' })}
            </Grid>
          )}
          <Grid size={{ xs: 12, sm: deputy ? 12 : 5 }}>
            {text('appointment_number', { helper: 'Unique per sheriff' })}
          </Grid>
          {deputy ? null : (
            <Grid size={12}>
              <TextField
                select
                fullWidth
                label={LABELS.area_id}
                value={values.area_id ?? ''}
                onChange={(e) => set('area_id', e.target.value === '' ? null : Number(e.target.value))}
                error={Boolean(errorOf('area_id'))}
                helperText={
                  errorOf('area_id') ??
                  (areas.isPending
                    ? 'Loading areas...'
                    : 'The area the sheriff is appointed for (Admin › Sheriff Areas).')
                }
                disabled={busy}
              >
                <MenuItem value="">
                  <em>No area</em>
                </MenuItem>
                {(areas.data?.areas ?? []).map((a) => (
                  <MenuItem key={a.id} value={a.id}>
                    {a.name}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
          )}
          {deputy ? null : (
            <Grid size={12}>
              <Autocomplete
                multiple
                freeSolo
                options={MAGISTERIAL_DISTRICTS as string[]}
                value={values.service_areas}
                inputValue={areaText}
                onInputChange={(_, text, reason) => setAreaText(reason === 'reset' ? '' : text)}
                onChange={(_, areas) =>
                  set(
                    'service_areas',
                    [...new Map(areas.map((a) => [a.trim().toLowerCase(), a.trim()])).values()].filter(
                      Boolean,
                    ),
                  )
                }
                disabled={busy}
                renderValue={(areas, getItemProps) =>
                  areas.map((area, index) => {
                    const { key, ...itemProps } = getItemProps({ index });
                    return <Chip key={key} label={area} size="small" {...itemProps} />;
                  })
                }
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={LABELS.service_areas}
                    required={values.service_areas.length === 0 && values.area_id === null}
                    error={Boolean(errorOf('service_areas'))}
                    helperText={
                      errorOf('service_areas') ??
                      'Magisterial districts served (optional with an area: then the area’s name). Choose or type and press Enter.'
                    }
                  />
                )}
              />
            </Grid>
          )}
        </Grid>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {sheriff ? 'Save Changes' : office ? 'Create Deputy' : 'Create Sheriff'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
