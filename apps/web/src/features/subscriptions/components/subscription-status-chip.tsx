import Chip from '@mui/material/Chip';

const COLORS: Record<string, 'success' | 'info' | 'warning' | 'error' | 'default'> = {
  active: 'success',
  trial: 'info',
  pending: 'warning',
  cancelled: 'error',
  expired: 'default',
};

const LABELS: Record<string, string> = {
  active: 'Active',
  trial: 'Trial',
  pending: 'Pending Payment',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/** A subscription status as a coloured chip; `upper` shows it in capitals (subscription dashboard, spec 2.9). */
export function SubscriptionStatusChip({
  status,
  upper = false,
  size = 'small',
}: {
  status: string;
  upper?: boolean;
  size?: 'small' | 'medium';
}) {
  const label = LABELS[status] ?? status;
  return (
    <Chip
      label={upper ? label.toUpperCase() : label}
      color={COLORS[status] ?? 'default'}
      size={size}
      sx={{ fontWeight: 700, letterSpacing: upper ? 0.5 : 0 }}
    />
  );
}
