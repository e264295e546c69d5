import AssignmentTurnedInOutlinedIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useNavigate } from 'react-router-dom';
import { BADGE_MAX, type Role } from '../../../config/constants';
import { dashboardTabPath, paths } from '../../../config/paths';
import { usePendingClosuresCount } from '../api/get-pending-closures-count';

export const pendingClosuresTooltip = (count: number): string =>
  count > 0 ? `${count} case closure(s) pending approval` : 'No pending case closures';

export const pendingClosuresText = (count: number): string => (count > 0 ? `${count} Pending Approval` : 'No Pending Approvals');

type Props = { role: Role; variant?: 'icon' | 'text'; onNavigate?: () => void };

/**
 * Case-closure pending indicator (spec 2.6 / 2.14). Shown only to roles that approve closures;
 * takes system_admin to the approvals page and firm or branch administrators to the closures tab.
 */
export function PendingClosuresIndicator({ role, variant = 'icon', onNavigate }: Props) {
  const navigate = useNavigate();
  const canApprove = role === 'system_admin' || role === 'firm_admin' || role === 'branch_admin';
  const pending = usePendingClosuresCount(canApprove);
  if (!canApprove || pending.data === undefined) return null;

  const count = pending.data;
  const target = role === 'system_admin' ? paths.app.caseClosureApprovals : dashboardTabPath('case-closures');
  const go = () => {
    onNavigate?.();
    navigate(target);
  };

  if (variant === 'text') {
    return (
      <Tooltip title={pendingClosuresTooltip(count)}>
        <Button color="inherit" onClick={go} startIcon={<AssignmentTurnedInOutlinedIcon />}>
          {pendingClosuresText(count)}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Tooltip title={pendingClosuresTooltip(count)}>
      <IconButton color="inherit" onClick={go} aria-label={pendingClosuresTooltip(count)}>
        <Badge badgeContent={count} max={BADGE_MAX} color="secondary">
          <AssignmentTurnedInOutlinedIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
