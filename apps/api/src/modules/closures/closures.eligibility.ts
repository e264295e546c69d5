import { CLOSED_STATUSES, type DocumentStatus } from '@lexserve/contracts/documents';
import type { ClosureStatus } from '@lexserve/contracts/closures';
import type { PrecheckFacts } from './closures.repository';

export type EligibilityInput = PrecheckFacts & {
  status: DocumentStatus;
  revoked: boolean;
  assignedSheriff: boolean;
  /** The document's closure under way or done, if any. */
  activeClosure: { status: ClosureStatus } | null;
};

export type Eligibility = { eligible: boolean; blocking: string[]; warnings: string[] };

/**
 * The precheck of spec 2 §3, from the real case. Blocking: the case must be served (not closed, not revoked),
 * with a proof of service, and no closure under way. Warnings are the open items an approver should see:
 * no files, no parties, a sheriff who has not recorded service, an electronic delivery not yet opened, an
 * earlier rejection.
 */
export function assessEligibility(f: EligibilityInput): Eligibility {
  const blocking: string[] = [];
  const warnings: string[] = [];
  if ((CLOSED_STATUSES as readonly string[]).includes(f.status) || f.activeClosure?.status === 'completed') {
    blocking.push('This case is already closed.');
  } else if (f.status !== 'served') {
    blocking.push(`Only served cases can be closed; this case is ${f.status.replace(/_/g, ' ')}.`);
  }
  if (f.revoked) blocking.push('This document has been revoked; its service no longer stands.');
  if (!f.hasProof && f.status === 'served')
    blocking.push('No proof of service has been generated for this case.');
  if (f.activeClosure?.status === 'pending')
    blocking.push('A closure request for this case is already pending approval.');
  if (f.activeClosure?.status === 'approved')
    blocking.push('A closure request for this case has already been approved and awaits completion.');

  if (f.fileCount === 0) warnings.push('No documents are attached to this case.');
  if (f.partyCount === 0) warnings.push('No parties are recorded for this case.');
  if (f.assignedSheriff && f.serviceAttempts === 0)
    warnings.push('The assigned sheriff has not recorded a service attempt.');
  if (f.delivery && !f.delivery.opened)
    warnings.push('The recipient has not yet opened the documents served on their digital service address.');
  if (f.lastRejection) {
    warnings.push(
      `An earlier closure request was rejected${f.lastRejection.notes ? `: ${f.lastRejection.notes}` : '.'}`,
    );
  }
  return { eligible: blocking.length === 0, blocking, warnings };
}
