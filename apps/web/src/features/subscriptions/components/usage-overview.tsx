import type { Usage } from '@lexserve/contracts/subscriptions';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../../lib/format';
import { mbToGb, usageBar } from '../usage-display';
import { UsageProgress } from './usage-progress';

/** The usage bars of spec 2.9: digital services, users and storage (GB), and the billing period. */
export function UsageBars({ usage }: { usage: Usage }) {
  return (
    <Stack spacing={2.5}>
      <UsageProgress
        label="Digital Services"
        bar={usageBar(usage.digital_services_used, usage.digital_services_limit)}
      />
      <UsageProgress label="Users" bar={usageBar(usage.users_count, usage.users_limit)} />
      <UsageProgress
        label="Storage"
        bar={usageBar(
          mbToGb(usage.storage_used_mb),
          usage.storage_limit_mb > 0 ? mbToGb(usage.storage_limit_mb) : usage.storage_limit_mb,
          'GB',
        )}
      />
      <Typography variant="body2" color="text.secondary">
        Current billing period: {formatDate(usage.current_period_start)} –{' '}
        {formatDate(usage.current_period_end)}
      </Typography>
    </Stack>
  );
}
