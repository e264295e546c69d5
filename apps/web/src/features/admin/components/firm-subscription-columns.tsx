import BlockIcon from '@mui/icons-material/Block';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import ScheduleIcon from '@mui/icons-material/Schedule';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { DataTableColumn } from '../../../components/data-table/columns';
import { formatDate, formatRand } from '../../../lib/format';
import type { FirmSubscription } from '../api/firm-subscriptions';
import { StatusChip } from './status-chip';

export const firmNameOf = (sub: FirmSubscription) => sub.firm?.name || `Firm ${sub.firm_id}`;

/** What an admin asked to do to a subscription, waiting for confirmation. */
export type SubscriptionAction = { kind: 'suspend' | 'reactivate'; subscription: FirmSubscription };

type RowActions = { onView: (sub: FirmSubscription) => void; onAction: (action: SubscriptionAction) => void };

/** The columns of the firm subscriptions list (spec 2.14), with View, Suspend and Reactivate. */
export const subscriptionColumns = ({
  onView,
  onAction,
}: RowActions): DataTableColumn<FirmSubscription>[] => [
  {
    id: 'firm',
    header: 'Firm',
    card: 'title',
    cell: (sub) => (
      <>
        <Typography sx={{ fontWeight: 600 }}>{firmNameOf(sub)}</Typography>
        <Typography variant="caption" color="text.secondary">
          ID: {sub.firm_id} · Subscription #{sub.id}
        </Typography>
      </>
    ),
  },
  {
    id: 'plan',
    header: 'Plan',
    cell: (sub) => (
      <>
        <Typography>{sub.plan?.display_name || `Plan ${sub.plan_id}`}</Typography>
        <Typography variant="caption" color="text.secondary">
          {sub.plan?.monthly_price ? `${formatRand(sub.plan.monthly_price)}/month` : 'Contact Us'}
        </Typography>
      </>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (sub) => (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <StatusChip status={sub.status} />
        {sub.expires_soon ? (
          <Tooltip title="Expires soon">
            <ScheduleIcon color="warning" fontSize="small" aria-label="Expires soon" />
          </Tooltip>
        ) : null}
      </Stack>
    ),
  },
  {
    id: 'dates',
    header: 'Dates',
    cell: (sub) => (
      <>
        <Typography variant="body2">Started {formatDate(sub.start_date)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {sub.end_date ? `Ends ${formatDate(sub.end_date)}` : 'No end date'}
        </Typography>
      </>
    ),
  },
  {
    id: 'actions',
    header: 'Actions',
    align: 'right',
    card: 'actions',
    cell: (sub) => {
      const firmName = firmNameOf(sub);
      return (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button
            size="small"
            startIcon={<VisibilityOutlinedIcon />}
            onClick={() => onView(sub)}
            aria-label={`View details of ${firmName}`}
          >
            View
          </Button>
          {sub.status === 'active' ? (
            <Button
              size="small"
              color="error"
              startIcon={<BlockIcon />}
              onClick={() => onAction({ kind: 'suspend', subscription: sub })}
              aria-label={`Suspend ${firmName}`}
            >
              Suspend
            </Button>
          ) : null}
          {sub.status === 'cancelled' || sub.status === 'expired' ? (
            <Button
              size="small"
              color="success"
              startIcon={<RestartAltIcon />}
              onClick={() => onAction({ kind: 'reactivate', subscription: sub })}
              aria-label={`Reactivate ${firmName}`}
            >
              Reactivate
            </Button>
          ) : null}
        </Stack>
      );
    },
  },
];
