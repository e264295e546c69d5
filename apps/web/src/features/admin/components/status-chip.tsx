import Chip from '@mui/material/Chip';

const COLORS: Record<string, 'success' | 'info' | 'warning' | 'error' | 'default'> = {
  active: 'success',
  trial: 'info',
  pending: 'warning',
  cancelled: 'error',
  expired: 'default',
  completed: 'success',
  processing: 'info',
  failed: 'error',
  kept: 'info',
  sent: 'success',
  new: 'warning',
  contacted: 'info',
  closed: 'default',
};

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, ' ');

/** A status word as a coloured chip. */
export function StatusChip({ status, label }: { status: string; label?: string }) {
  return (
    <Chip
      size="small"
      label={label ?? capitalise(status)}
      color={COLORS[status] ?? 'default'}
      sx={{ fontWeight: 600 }}
    />
  );
}
