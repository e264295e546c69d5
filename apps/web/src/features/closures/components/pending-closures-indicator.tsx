import AssignmentTurnedInOutlinedIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { BADGE_MAX, type Role } from '../../../config/constants';
import {
  pendingClosuresText,
  pendingClosuresTooltip,
  usePendingClosures,
} from '../hooks/use-pending-closures';
import { PendingClosuresButton } from './pending-closures-button';

type Props = { role: Role; variant?: 'icon' | 'text' | 'list'; onNavigate?: () => void };

/**
 * Case-closure pending indicator (spec 2.6 / 2.14): an icon button (`PendingClosuresButton`, plain; the firm roles' bar
 * imports it alone, without MUI), a text button on the administrator's wide bar, or an entry of the drawer.
 */
export function PendingClosuresIndicator({ role, variant = 'icon', onNavigate }: Props) {
  return variant === 'icon' ? (
    <PendingClosuresButton role={role} onNavigate={onNavigate} />
  ) : (
    <WordedIndicator role={role} variant={variant} onNavigate={onNavigate} />
  );
}

function WordedIndicator({
  role,
  variant,
  onNavigate,
}: {
  role: Role;
  variant: 'text' | 'list';
  onNavigate?: () => void;
}) {
  const pending = usePendingClosures(role, onNavigate);
  if (!pending) return null;
  const { count, go } = pending;

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
  return (
    // describeChild: the tooltip describes the button; its name stays its visible text (axe: label-content-name-mismatch).
    <Tooltip title={pendingClosuresTooltip(count)} describeChild>
      <Button color="inherit" onClick={go} startIcon={<AssignmentTurnedInOutlinedIcon />}>
        {pendingClosuresText(count)}
      </Button>
    </Tooltip>
  );
}
