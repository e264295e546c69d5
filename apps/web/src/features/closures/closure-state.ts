import type { Closure, ClosureStatus } from '@lexserve/contracts/closures';
import type { Role } from '../../config/constants';

/** Closure rights per role (PRODUCT-DECISIONS): the same table the server enforces. */
type ClosurePermissions = {
  canRequestClosure: boolean;
  canApproveClosure: boolean;
  canCompleteClosure: boolean;
  canDirectClose: boolean;
};

export const closurePermissions = (role: Role | undefined): ClosurePermissions => ({
  canRequestClosure: role === 'firm_admin' || role === 'branch_admin' || role === 'legal_practitioner',
  canApproveClosure: role === 'system_admin' || role === 'firm_admin' || role === 'branch_admin',
  canCompleteClosure: role === 'firm_admin' || role === 'branch_admin' || role === 'legal_practitioner',
  canDirectClose: role === 'firm_admin',
});

type ClosureAction = 'request' | 'direct-close' | 'approve' | 'complete' | 'pending' | 'none';
export type ClosureButtonState = {
  action: ClosureAction;
  disabled: boolean;
  variant: 'primary' | 'success' | 'danger';
  label: string;
  /** The button opens a menu: "Request Case Closure" or "Close Case Directly". */
  menu: boolean;
};

const CLOSED_DOCUMENT_STATUSES = ['completed', 'cancelled', 'archived'];

const off = (label: string, action: ClosureAction = 'none'): ClosureButtonState => ({
  action,
  disabled: true,
  variant: 'primary',
  label,
  menu: false,
});

export type ClosureButtonInput = {
  role: Role | undefined;
  userId?: number;
  documentStatus: string | undefined;
  closure: Pick<Closure, 'closure_status' | 'closed_by_user_id'> | null | undefined;
};

/**
 * The closure button of spec 2 §4 ("Closure button (label, state)"): one button whose action follows the
 * document's status, the current closure's status and the user's rights.
 */
export function closureButtonState({
  role,
  userId,
  documentStatus,
  closure,
}: ClosureButtonInput): ClosureButtonState {
  const p = closurePermissions(role);
  if (
    (documentStatus && CLOSED_DOCUMENT_STATUSES.includes(documentStatus)) ||
    closure?.closure_status === 'completed'
  ) {
    return off('Case Closed');
  }
  const status: ClosureStatus | undefined = closure?.closure_status;
  if (status === 'pending') {
    // The server refuses a requester deciding their own request unless they may close directly.
    const ownRequest = closure?.closed_by_user_id === userId && !p.canDirectClose;
    if (p.canApproveClosure && !ownRequest)
      return {
        action: 'approve',
        disabled: false,
        variant: 'success',
        label: 'Approve Closure',
        menu: false,
      };
    return off('Closure Pending Approval', 'pending');
  }
  if (status === 'approved') {
    if (p.canCompleteClosure)
      return {
        action: 'complete',
        disabled: false,
        variant: 'success',
        label: 'Complete Case Closure',
        menu: false,
      };
    return off('Closure Approved');
  }
  if (status === 'rejected') {
    if (p.canRequestClosure && documentStatus === 'served') {
      return {
        action: 'request',
        disabled: false,
        variant: 'primary',
        label: 'Request Case Closure',
        menu: false,
      };
    }
    return off('Closure Rejected');
  }
  // No closure yet.
  if (documentStatus === 'served') {
    if (p.canDirectClose)
      return {
        action: 'direct-close',
        disabled: false,
        variant: 'danger',
        label: 'Close Case',
        menu: p.canRequestClosure,
      };
    if (p.canRequestClosure)
      return {
        action: 'request',
        disabled: false,
        variant: 'primary',
        label: 'Request Case Closure',
        menu: false,
      };
  }
  if (documentStatus === 'received' && p.canRequestClosure) return off('Case Closure (Served Only)');
  return off('Case Closure');
}

export const CLOSURE_STATUS_COLORS: Record<ClosureStatus, 'warning' | 'info' | 'error' | 'success'> = {
  pending: 'warning',
  approved: 'info',
  rejected: 'error',
  completed: 'success',
};

/** "Requested By" / "Approved By" names, with the spec's fallbacks. */
export const personName = (user: Closure['closed_by_user'], id: number | null): string =>
  user?.full_name || user?.name || user?.username || user?.email || (id ? `User ${id}` : 'Unknown User');
