import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BUSINESS_TYPES,
  GENDERS,
  LANGUAGES,
  MARITAL_STATUSES,
  NATIONALITIES,
  PARTY_MAX_LENGTHS,
  PARTY_ROLES,
  PARTY_ROLE_LABELS,
  PARTY_TITLES,
  RACES,
  type PartyRole,
  type PartyType,
} from '@lexserve/contracts/party-constants';
import { useState, type ReactNode } from 'react';
import {
  birthDateFromId,
  cleanIdNumber,
  PARTY_FIELD_LABELS,
  emptyParty,
  partyInlineErrors,
  validatePartyForm,
  type PartyData,
  type PartyField,
} from '../utils/party-rules';

type PartyFormProps = {
  value: PartyData;
  onChange: (next: PartyData) => void;
  disabled?: boolean;
};

const genderLabel = (value: string) => (value === 'N/A' ? 'Prefer not to say' : value);

/** The party form (spec 2.4) with every option list of spec 9 and the inline rules of spec 5. */
export function PartyForm({ value, onChange, disabled = false }: PartyFormProps) {
  const [missing, setMissing] = useState<{ field: string; message: string }[] | null>(null);
  const [touched, setTouched] = useState<Partial<Record<PartyField, boolean>>>({});
  const inline = partyInlineErrors(value);
  const missingFields = new Set((missing ?? []).map((m) => m.field));

  const set = (field: PartyField, next: string) => {
    const updated = { ...value, [field]: next };
    // The birth date follows a complete, valid ID number unless the user chose another one.
    if (field === 'id_number' && value.type === 'individual') {
      const birth = birthDateFromId(next);
      if (birth && (!value.date_of_birth || value.date_of_birth === birthDateFromId(value.id_number)))
        updated.date_of_birth = birth;
    }
    onChange(updated);
    if (missing) setMissing(validatePartyForm(updated).filter((m) => missingFields.has(m.field)));
  };

  const errorOf = (field: PartyField): string | undefined => {
    if (touched[field] || value[field]) {
      const message = inline[field];
      if (message) return message;
    }
    if (missingFields.has(field)) return `${PARTY_FIELD_LABELS[field]} is required`;
    return undefined;
  };

  const text = (
    field: PartyField,
    label: string,
    options: {
      required?: boolean;
      type?: string;
      helper?: ReactNode;
      multiline?: boolean;
      max?: number;
    } = {},
  ) => {
    const error = errorOf(field);
    return (
      <TextField
        label={label}
        required={options.required ?? true}
        type={options.type}
        value={value[field]}
        disabled={disabled}
        multiline={options.multiline}
        minRows={options.multiline ? 2 : undefined}
        onChange={(event) => set(field, event.target.value)}
        onBlur={() => setTouched((t) => ({ ...t, [field]: true }))}
        error={Boolean(error)}
        helperText={error ?? options.helper}
        slotProps={{
          htmlInput: { maxLength: options.max ?? (PARTY_MAX_LENGTHS as Record<string, number>)[field] },
          inputLabel: options.type === 'date' ? { shrink: true } : undefined,
        }}
      />
    );
  };

  const select = (
    field: PartyField,
    label: string,
    options: readonly string[],
    display: (v: string) => string = (v) => v,
  ) => {
    const error = errorOf(field);
    return (
      <TextField
        select
        label={label}
        required
        value={value[field]}
        disabled={disabled}
        onChange={(event) => set(field, event.target.value)}
        error={Boolean(error)}
        helperText={error}
      >
        {options.map((option) => (
          <MenuItem key={option} value={option}>
            {display(option)}
          </MenuItem>
        ))}
      </TextField>
    );
  };

  return (
    <Box>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            label="Party Role"
            required
            value={value.role}
            disabled={disabled}
            onChange={(event) => onChange({ ...value, role: event.target.value as PartyRole })}
            error={missingFields.has('role')}
            helperText={missingFields.has('role') ? 'Role is required' : undefined}
          >
            {PARTY_ROLES.map((role) => (
              <MenuItem key={role} value={role}>
                {PARTY_ROLE_LABELS[role]}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormControl disabled={disabled}>
            <FormLabel id="party-type-label">Party Type</FormLabel>
            <RadioGroup
              row
              aria-labelledby="party-type-label"
              value={value.type}
              onChange={(event) => {
                // Switching the type clears all fields and keeps the role (spec 2.4).
                onChange(emptyParty(event.target.value as PartyType, value.role));
                setMissing(null);
                setTouched({});
              }}
            >
              <FormControlLabel value="individual" control={<Radio />} label="Individual" />
              <FormControlLabel value="entity" control={<Radio />} label="Entity" />
            </RadioGroup>
          </FormControl>
        </Grid>
      </Grid>

      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, mt: 2, mb: 1.5 }}>
        {value.type === 'entity' ? 'Entity Details' : 'Individual Details'}
      </Typography>

      {value.type === 'individual' ? (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 4, md: 2 }}>{select('title', 'Title', PARTY_TITLES)}</Grid>
          <Grid size={{ xs: 12, sm: 8, md: 4 }}>{text('first_name', 'First Name')}</Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            {text('middle_name', 'Middle Name (optional)', { required: false })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>{text('last_name', 'Last Name')}</Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>{select('gender', 'Gender', GENDERS, genderLabel)}</Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            {select('marital_status', 'Marital Status', MARITAL_STATUSES)}
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>{select('nationality', 'Nationality', NATIONALITIES)}</Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>{select('race', 'Race', RACES)}</Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField
              label="ID Number"
              required
              value={value.id_number}
              disabled={disabled}
              onChange={(event) => set('id_number', cleanIdNumber(event.target.value))}
              onBlur={() => setTouched((t) => ({ ...t, id_number: true }))}
              error={Boolean(errorOf('id_number'))}
              helperText={errorOf('id_number') ?? '13 digits only'}
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            {text('date_of_birth', 'Date of Birth', { type: 'date' })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>{select('language', 'Language', LANGUAGES)}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{text('email', 'Email', { type: 'email', max: 320 })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {text('physical_address', 'Physical Address', { multiline: true })}
          </Grid>
        </Grid>
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>{text('trading_name', 'Trading Name')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{text('registration_number', 'Registration Number')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{select('business_type', 'Business Type', BUSINESS_TYPES)}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{text('email', 'Email', { type: 'email', max: 320 })}</Grid>
          <Grid size={12}>{text('physical_address', 'Physical Address', { multiline: true })}</Grid>
        </Grid>
      )}

      <Box sx={{ mt: 2 }}>
        <Button
          variant="outlined"
          startIcon={<FactCheckOutlinedIcon />}
          disabled={disabled}
          onClick={() => {
            setMissing(validatePartyForm(value));
            setTouched(Object.fromEntries(Object.keys(value).map((k) => [k, true])));
          }}
        >
          Validate Form
        </Button>
      </Box>
      {missing ? (
        missing.length || Object.keys(inline).length ? (
          <Alert severity="warning" sx={{ mt: 2 }} role="alert">
            <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
              Please complete the party details:
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {[...missing.map((m) => m.message), ...Object.values(inline)].map((message) => (
                <li key={message}>{message}</li>
              ))}
            </Box>
          </Alert>
        ) : (
          <Alert severity="success" sx={{ mt: 2 }} role="status">
            All party details are complete.
          </Alert>
        )
      ) : null}
    </Box>
  );
}
