import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink } from 'react-router-dom';
import { BADGE_MAX } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { useNotificationStats } from '../api/get-notification-stats';

/** The Notifications link of the navigation bars with its unread badge, capped at 99. */
export function NotificationsNavButton() {
  const stats = useNotificationStats();
  const unread = stats.data?.unread_count ?? 0;
  const label = unread > 0 ? `Notifications, ${unread > BADGE_MAX ? `${BADGE_MAX}+` : unread} unread` : 'Notifications';
  return (
    <Tooltip title="Notifications">
      <IconButton color="inherit" component={RouterLink} to={paths.app.notifications} aria-label={label}>
        {/* No badge at all when nothing is unread: its hidden "0" would be text the link's name does not contain. */}
        {unread > 0 ? (
          <Badge badgeContent={unread} max={BADGE_MAX} color="secondary">
            <NotificationsOutlinedIcon />
          </Badge>
        ) : (
          <NotificationsOutlinedIcon />
        )}
      </IconButton>
    </Tooltip>
  );
}
