import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MAGISTERIAL_DISTRICTS } from '@lexserve/contracts/court-names';
import { useState } from 'react';
import { describeError } from '../../../lib/api-client';
import { useSheriffs } from '../../../lib/documents-api/service';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

type PickedSheriff = { id: number; fullName: string } | null;

type SheriffPickerProps = {
  value: PickedSheriff;
  onChange: (sheriff: PickedSheriff) => void;
  disabled?: boolean;
  /** The server's message for the sheriff (a refused submit). */
  error?: string;
};

/**
 * Pick the sheriff who serves the document: the magisterial district of the service address narrows the list to the
 * sheriffs who serve it (GET /users/sheriffs?area=).
 */
export function SheriffPicker({ value, onChange, disabled = false, error }: SheriffPickerProps) {
  const [area, setArea] = useState('');
  const settledArea = useDebouncedValue(area).trim();
  const sheriffs = useSheriffs(true, settledArea);
  const listed = sheriffs.data ?? [];
  const helper = error
    ? error
    : sheriffs.isError
      ? describeError(sheriffs.error, { fallback: 'Failed to load sheriffs' })
      : sheriffs.isLoading
        ? 'Loading sheriffs…'
        : listed.length === 0
          ? settledArea
            ? `No sheriff serves ${settledArea} yet. Clear the area to see every sheriff.`
            : 'No sheriffs are registered yet.'
          : settledArea
            ? `${listed.length} ${listed.length === 1 ? 'sheriff serves' : 'sheriffs serve'} ${settledArea}`
            : 'Choose the area first to see the sheriffs who serve it';

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
      <Autocomplete
        freeSolo
        options={MAGISTERIAL_DISTRICTS as string[]}
        inputValue={area}
        onInputChange={(_, text) => setArea(text)}
        disabled={disabled}
        sx={{ flex: 1, minWidth: 0 }}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Service area"
            helperText="The magisterial district of the service address"
          />
        )}
      />
      <TextField
        select
        label="Sheriff"
        value={value ? String(value.id) : ''}
        onChange={(e) => {
          const id = Number(e.target.value);
          const found = listed.find((s) => s.id === id);
          onChange(id ? { id, fullName: found?.full_name ?? value?.fullName ?? '' } : null);
        }}
        disabled={disabled || sheriffs.isLoading}
        error={Boolean(error) || sheriffs.isError}
        helperText={helper}
        sx={{ flex: 1, minWidth: 0 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">
          <em>Choose a sheriff</em>
        </MenuItem>
        {value && !listed.some((s) => s.id === value.id) ? (
          <MenuItem value={String(value.id)}>{value.fullName} (chosen)</MenuItem>
        ) : null}
        {listed.map((s) => (
          <MenuItem key={s.id} value={String(s.id)} sx={{ whiteSpace: 'normal' }}>
            {s.full_name} · {s.office_name ?? s.email}
            {s.service_areas.length ? ` (${s.service_areas.join(', ')})` : ''}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
