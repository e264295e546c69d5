import { useNavigate } from 'react-router-dom';
import type { Role } from '../../../config/constants';
import { dashboardTabPath, paths } from '../../../config/paths';
import { usePendingClosuresCount } from '../api/get-pending-closures-count';
import { useClosureLiveRefresh } from './use-closure-live-refresh';

export const pendingClosuresTooltip = (count: number): string =>
  count > 0 ? `${count} case closure(s) pending approval` : 'No pending case closures';

export const pendingClosuresText = (count: number): string =>
  count > 0 ? `${count} Pending Approval` : 'No Pending Approvals';

/**
 * The closures waiting for a role that approves them (spec 2.6 / 2.14), or null for other roles and until known: the
 * count (polled every 30 s, refreshed at once when a closure notification arrives) and `go`, which takes system_admin to
 * the approvals page and firm or branch administrators to the closures tab.
 */
export function usePendingClosures(
  role: Role,
  onNavigate?: () => void,
): { count: number; go: () => void } | null {
  const navigate = useNavigate();
  const canApprove = role === 'system_admin' || role === 'firm_admin' || role === 'branch_admin';
  const pending = usePendingClosuresCount(canApprove);
  // Pushed live: a closure notification over the real-time channel refreshes the count at once.
  useClosureLiveRefresh(canApprove);
  if (!canApprove || pending.data === undefined) return null;
  const target = role === 'system_admin' ? paths.app.caseClosureApprovals : dashboardTabPath('case-closures');
  return {
    count: pending.data,
    go: () => {
      onNavigate?.();
      navigate(target);
    },
  };
}
