import AssignmentTurnedInOutlinedIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { useNavigate } from 'react-router-dom';
import { BADGE_MAX, type Role } from '../../../config/constants';
import { dashboardTabPath, paths } from '../../../config/paths';
import { usePendingClosuresCount } from '../api/get-pending-closures-count';
import { useClosureLiveRefresh } from '../hooks/use-closure-live-refresh';

const pendingClosuresTooltip = (count: number): string =>
  count > 0 ? `${count} case closure(s) pending approval` : 'No pending case closures';

const pendingClosuresText = (count: number): string => (count > 0 ? `${count} Pending Approval` : 'No Pending Approvals');

type Props = { role: Role; variant?: 'icon' | 'text' | 'list'; onNavigate?: () => void };

/**
 * Case-closure pending indicator (spec 2.6 / 2.14). Shown only to roles that approve closures;
 * takes system_admin to the approvals page and firm or branch administrators to the closures tab. The count
 * is polled every 30 s and refreshed at once when a closure notification arrives.
 */
export function PendingClosuresIndicator({ role, variant = 'icon', onNavigate }: Props) {
  const navigate = useNavigate();
  const canApprove = role === 'system_admin' || role === 'firm_admin' || role === 'branch_admin';
  const pending = usePendingClosuresCount(canApprove);
  // Pushed live: a closure notification over the real-time channel refreshes the count at once.
  useClosureLiveRefresh(canApprove);
  if (!canApprove || pending.data === undefined) return null;

  const count = pending.data;
  const target = role === 'system_admin' ? paths.app.caseClosureApprovals : dashboardTabPath('case-closures');
  const go = () => {
    onNavigate?.();
    navigate(target);
  };

  if (variant === 'list') {
    return (
      <ListItemButton onClick={go} title={pendingClosuresTooltip(count)}>
        <ListItemIcon>
          <Badge badgeContent={count} max={BADGE_MAX} color="secondary">
            <AssignmentTurnedInOutlinedIcon />
          </Badge>
        </ListItemIcon>
        <ListItemText primary={pendingClosuresText(count)} />
      </ListItemButton>
    );
  }
  if (variant === 'text') {
    return (
      // describeChild: the tooltip describes the button; its name stays its visible text (axe: label-content-name-mismatch).
      <Tooltip title={pendingClosuresTooltip(count)} describeChild>
        <Button color="inherit" onClick={go} startIcon={<AssignmentTurnedInOutlinedIcon />}>
          {pendingClosuresText(count)}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Tooltip title={pendingClosuresTooltip(count)}>
      <IconButton color="inherit" onClick={go} aria-label={pendingClosuresTooltip(count)}>
        {/* No badge when nothing waits: its hidden "0" would be text the button's name does not contain. */}
        {count > 0 ? (
          <Badge badgeContent={count} max={BADGE_MAX} color="secondary">
            <AssignmentTurnedInOutlinedIcon />
          </Badge>
        ) : (
          <AssignmentTurnedInOutlinedIcon />
        )}
      </IconButton>
    </Tooltip>
  );
}
