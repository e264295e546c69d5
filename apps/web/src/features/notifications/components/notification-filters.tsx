import { NOTIFICATION_TYPES } from '@lexserve/contracts/notifications';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  hasActiveFilters,
  type NotificationFilters,
  type StatusFilter,
  type TypeFilter,
} from '../utils/filter-notifications';
import { NOTIFICATION_TYPE_STYLES } from './notification-type';

type Props = {
  filters: NotificationFilters;
  onChange: (filters: NotificationFilters) => void;
  onClear: () => void;
};

/** Search on title or message, Type and Status, and 'Clear' (spec 1, 2.11); applied to the loaded list. */
export function NotificationFiltersBar({ filters, onChange, onClear }: Props) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' } }}>
      <TextField
        size="small"
        label="Search notifications"
        value={filters.search}
        onChange={(event) => onChange({ ...filters, search: event.target.value })}
        sx={{ flex: 1, minWidth: { md: 240 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <FormControl size="small" sx={{ minWidth: 180 }}>
        <InputLabel id="notification-type-filter-label">Type</InputLabel>
        <Select
          labelId="notification-type-filter-label"
          label="Type"
          value={filters.type}
          onChange={(event) => onChange({ ...filters, type: event.target.value as TypeFilter })}
        >
          <MenuItem value="all">All Types</MenuItem>
          {NOTIFICATION_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {NOTIFICATION_TYPE_STYLES[type].label}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl size="small" sx={{ minWidth: 140 }}>
        <InputLabel id="notification-status-filter-label">Status</InputLabel>
        <Select
          labelId="notification-status-filter-label"
          label="Status"
          value={filters.status}
          onChange={(event) => onChange({ ...filters, status: event.target.value as StatusFilter })}
        >
          <MenuItem value="all">All</MenuItem>
          <MenuItem value="unread">Unread</MenuItem>
          <MenuItem value="read">Read</MenuItem>
        </Select>
      </FormControl>
      <Button
        variant="text"
        startIcon={<ClearIcon />}
        onClick={onClear}
        disabled={!hasActiveFilters(filters)}
      >
        Clear
      </Button>
    </Stack>
  );
}
