import type { ClosureEventPayload } from '@lexserve/contracts/closures';
import type { Role } from '@lexserve/contracts/common';

/**
 * Every domain event and the payload it carries, as stored (JSON: dates as ISO strings). Recording and handling an
 * event is checked against this map by the compiler (`recordEvent`, `EventDispatcher.on`).
 */

/** What every document event carries: the document's tenancy and people, so handlers need no lookup. */
export type DocumentEventPayload = {
  documentId: number;
  firmId: number;
  branchId: number | null;
  actorId: number;
  createdById: number | null;
  assignedSheriffId: number | null;
  title: string;
  case_number: string | null;
  status: string;
};

/** A deadline after service (modules/deadlines): what falls due, on which South African day, under which rule. */
export type DeadlineEventPayload = DocumentEventPayload & {
  /** Stable per deadline and day ('rule:12:uniform_19_1:2027-01-28', 'firm:7:2027-02-01'). */
  deadlineKey: string;
  name: string;
  /** YYYY-MM-DD. */
  dueDate: string;
  rule: string | null;
  source: 'rule' | 'firm';
  /** Who added a firm's own deadline (reminded too); null for a rule's. */
  addedById: number | null;
};

type SubscriptionEvent<Extra = object> = { subscriptionId: number } & Extra;

export interface DomainEvents {
  'firm.registered': { firmId: number; userId: number };
  /** invited: the account was e-mailed an invitation to set its password (a sheriff), not the generic welcome. */
  'user.created': { userId: number; byUserId: number; invited?: boolean };
  'user.deactivated': { userId: number; byUserId: number };
  'user.role_changed': { userId: number; from: Role; to: Role; byUserId: number };
  /** Sessions ended (logout, password change or reset, deactivation, token reuse): their sockets close. */
  'session.revoked': { userId: number; sessionIds: string[] };
  /** A firm or branch was deactivated: its users' sockets close (their calls are refused from now on). */
  'firm.deactivated': { firmId: number; byUserId: number };
  'branch.deactivated': { branchId: number; byUserId: number };

  'document.created': DocumentEventPayload;
  'document.updated': DocumentEventPayload & { changedFields: string[] };
  'document.status_changed': DocumentEventPayload & { from: string; to: string };
  /** returnId: served by the sheriff's return (its own event, document.return_issued, notifies the firm). */
  'document.served': DocumentEventPayload & { digitalServiceAddress: string | null; returnId?: number };
  /** Submitted for service by the sheriff: the document is with the assigned sheriff. */
  'document.handed_to_sheriff': DocumentEventPayload & { sheriffId: number };
  'document.deleted': DocumentEventPayload;
  'document.assigned': DocumentEventPayload & { previousSheriffId: number | null };
  /** A person to be served was re-instructed to another sheriff; assignedSheriffId: the sheriff it was taken from. */
  'document.reinstructed': DocumentEventPayload & { targetId: number; toSheriffId: number; reason: string };
  'document.service_attempt': DocumentEventPayload & { outcome: string; attemptId: number };
  /** The sheriff issued a return of service (the document is served) or of non-service (it stays with the sheriff). */
  'document.return_issued': DocumentEventPayload & {
    returnId: number;
    kind: 'return_of_service' | 'return_of_non_service';
  };
  'document.revoked': DocumentEventPayload & { reason: string };
  'document.files_uploaded': DocumentEventPayload & { fileIds: number[] };
  'document.bundle_created': DocumentEventPayload & { fileId: number };
  'document.proof_generated': DocumentEventPayload & { securityId: string; version: number };
  'document.delivery_opened': DocumentEventPayload & { deliveryId: number };
  'document.delivery_downloaded': DocumentEventPayload & { deliveryId: number; fileId: number };

  /** Two court days before a deadline (the daily reminder job). */
  'deadline.approaching': DeadlineEventPayload;
  /** A deadline falls due today (the daily reminder job; once per deadline and day). */
  'deadline.due': DeadlineEventPayload;

  'closure.requested': ClosureEventPayload;
  'closure.approved': ClosureEventPayload;
  'closure.rejected': ClosureEventPayload;
  'closure.completed': ClosureEventPayload;
  'closure.direct_closed': ClosureEventPayload;

  'subscription.activated': SubscriptionEvent<{ paymentId: number | null; trial: boolean }>;
  'subscription.renewed': SubscriptionEvent<{ paymentId: number }>;
  'subscription.trial_ending': SubscriptionEvent;
  'subscription.plan_changed': SubscriptionEvent<{ changeId: number; scheduled: boolean }>;
  'subscription.cancelled': SubscriptionEvent<{
    immediate: boolean;
    source: 'firm' | 'admin' | 'provider';
    accessEndsAt: string;
  }>;
  'subscription.access_ended': SubscriptionEvent;
  'subscription.expired': SubscriptionEvent<{ reason: string }>;
  'subscription.reactivated': SubscriptionEvent;
  'sales_contact.requested': { requestId: number };

  /** E-mail copies of notifications just created (sent per the recipient's preference). */
  'notification.email': { notificationIds: number[] };
}

export type DomainEventType = keyof DomainEvents;
