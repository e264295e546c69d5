import { Link as RouterLink } from 'react-router-dom';
import { IconBadge } from '../../../components/plain/badge';
import { BADGE_MAX } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { useNotificationStats } from '../api/get-notification-stats';

/** The Notifications link of the navigation bars with its unread badge, capped at 99 (plain: the bars draw no MUI). */
export function NotificationsNavButton() {
  const stats = useNotificationStats();
  const unread = stats.data?.unread_count ?? 0;
  const label =
    unread > 0 ? `Notifications, ${unread > BADGE_MAX ? `${BADGE_MAX}+` : unread} unread` : 'Notifications';
  return (
    // No badge at all when nothing is unread: a hidden "0" would be text the link's name does not contain.
    <RouterLink
      to={paths.app.notifications}
      className="ls-icon-btn ls-icon-btn--inherit ls-tip"
      data-tip="Notifications"
      aria-label={label}
    >
      <IconBadge icon="notificationsOutlined" count={unread} max={BADGE_MAX} />
    </RouterLink>
  );
}
