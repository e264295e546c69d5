import { ClosureErrors } from '@lexserve/contracts/closures';
import { assertCan, can, type Actor } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import type { ClosureRow } from './closures.repository';

/**
 * Closure rights (PRODUCT-DECISIONS): firm_admin request, approve, complete, direct close; branch_admin request,
 * approve, complete; legal_practitioner request and complete; system_admin approve (approvals page); sheriff
 * none. Tenancy (firm, branch, own documents) is applied on top by the repositories' scope.
 */
export const assertCanReadClosures = (actor: Actor) =>
  assertCan(actor, 'closures:read', ClosureErrors.CLOSURE_READ_FORBIDDEN);
export const assertCanRequest = (actor: Actor) =>
  assertCan(actor, 'closures:request', ClosureErrors.CLOSURE_REQUEST_FORBIDDEN);
export const assertCanApprove = (actor: Actor) =>
  assertCan(actor, 'closures:approve', ClosureErrors.CLOSURE_APPROVE_FORBIDDEN);
export const assertCanComplete = (actor: Actor) =>
  assertCan(actor, 'closures:complete', ClosureErrors.CLOSURE_COMPLETE_FORBIDDEN);
export const assertCanDirectClose = (actor: Actor) =>
  assertCan(actor, 'closures:direct-close', ClosureErrors.CLOSURE_DIRECT_FORBIDDEN);

/**
 * Approving or rejecting. The requester may not decide their own request unless they could have closed the
 * case directly anyway (a firm administrator): otherwise a branch administrator's request plus their own
 * approval would be a direct close that their role does not have.
 */
export function assertCanDecide(actor: Actor, closure: Pick<ClosureRow, 'requestedById'>) {
  assertCanApprove(actor);
  if (closure.requestedById === actor.id && !can(actor, 'closures:direct-close')) {
    throw new AppError(ClosureErrors.CLOSURE_APPROVE_FORBIDDEN);
  }
}
