import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';

/** The filters above an admin list: a row on wide screens, a column on narrow ones. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2, alignItems: { md: 'center' } }}>
      {children}
    </Stack>
  );
}

type ActiveFilter = 'all' | 'active' | 'inactive';

/** Status: All, Active or Inactive. */
export function ActiveStatusSelect({
  value,
  onChange,
}: {
  value: ActiveFilter;
  onChange: (value: ActiveFilter) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label="Status"
      value={value}
      onChange={(e) => onChange(e.target.value as ActiveFilter)}
      sx={{ minWidth: 150 }}
    >
      <MenuItem value="all">All</MenuItem>
      <MenuItem value="active">Active</MenuItem>
      <MenuItem value="inactive">Inactive</MenuItem>
    </TextField>
  );
}

/** 'Active' or 'Inactive' as a chip's status and label. */
export const activeChip = (isActive: boolean) => ({
  status: isActive ? 'active' : 'cancelled',
  label: isActive ? 'Active' : 'Inactive',
});
