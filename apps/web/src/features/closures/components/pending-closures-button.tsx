import { IconBadge } from '../../../components/plain/badge';
import { BADGE_MAX, type Role } from '../../../config/constants';
import { pendingClosuresTooltip, usePendingClosures } from '../hooks/use-pending-closures';

/** The navigation bars' case-closure indicator: an icon button with the pending count (plain, as the bars are). */
export function PendingClosuresButton({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const pending = usePendingClosures(role, onNavigate);
  if (!pending) return null;
  const tip = pendingClosuresTooltip(pending.count);
  return (
    // No badge when nothing waits: a hidden "0" would be text the button's name does not contain.
    <button
      type="button"
      className="ls-icon-btn ls-icon-btn--inherit ls-tip"
      data-tip={tip}
      onClick={pending.go}
      aria-label={tip}
    >
      <IconBadge icon="assignmentTurnedInOutlined" count={pending.count} max={BADGE_MAX} />
    </button>
  );
}
