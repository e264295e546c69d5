import type { FastifyInstance } from 'fastify';
import {
  CLOSURE_NOTIFICATION_TITLES,
  type ClosureDomainEvent,
  type ClosureEventPayload,
} from '@lexserve/contracts/closures';
import type { NotificationType } from '@lexserve/contracts/notifications';
import type { DbOrTx } from '../../db/client';
import { notifyUsers } from '../notifications/notifications.service';
import { findApproverIds, findSystemAdminIds } from './closures.repository';

type Payload = ClosureEventPayload;

/** "Eviction notice (case 2025/123)" or "Case #42". */
const describe = (p: Payload) => {
  const name = p.title || `Case #${p.documentId}`;
  return p.case_number ? `${name} (case ${p.case_number})` : name;
};
const withNotes = (p: Payload) => (p.notes ? ` Notes: ${p.notes}` : '');

const approvers = (tx: DbOrTx, p: Payload) => findApproverIds(tx, p.firmId, p.branchId);

type Rule = {
  type: NotificationType;
  message: (p: Payload) => string;
  audience: (tx: DbOrTx, p: Payload) => Promise<number[]>;
};

/**
 * Who hears about each closure step: a request goes to the approvers of the firm and branch and to the system
 * administrators (the approvals page); a decision to the requester and the other approvers; a completion or
 * direct close to the requester, the approver and the approvers. The actor never notifies themself.
 */
const RULES: Record<ClosureDomainEvent, Rule> = {
  'closure.requested': {
    type: 'status_update',
    message: (p) =>
      `Closure of ${describe(p)} was requested and awaits your approval. Reason: ${p.reason ?? '-'}.${withNotes(p)}`,
    audience: async (tx, p) => [...(await approvers(tx, p)), ...(await findSystemAdminIds(tx))],
  },
  'closure.approved': {
    type: 'status_update',
    message: (p) =>
      `The closure request for ${describe(p)} was approved. It can now be completed.${withNotes(p)}`,
    audience: async (tx, p) =>
      [p.requesterId, ...(await approvers(tx, p))].filter((id): id is number => id != null),
  },
  'closure.rejected': {
    type: 'status_update',
    message: (p) => `The closure request for ${describe(p)} was rejected.${withNotes(p)}`,
    audience: async (tx, p) =>
      [p.requesterId, ...(await approvers(tx, p))].filter((id): id is number => id != null),
  },
  'closure.completed': {
    type: 'completion_notification',
    message: (p) => `${describe(p)} was closed. Its status is now completed.`,
    audience: async (tx, p) =>
      [p.requesterId, p.approverId, ...(await approvers(tx, p))].filter((id): id is number => id != null),
  },
  'closure.direct_closed': {
    type: 'completion_notification',
    message: (p) =>
      `${describe(p)} was closed directly by a firm administrator. Reason: ${p.reason ?? '-'}.${withNotes(p)}`,
    audience: async (tx, p) => approvers(tx, p),
  },
};

/** Subscribes the closure events to their notifications (run by the event dispatcher after the commit). */
export function registerClosureHandlers(app: FastifyInstance) {
  for (const [type, rule] of Object.entries(RULES) as [ClosureDomainEvent, Rule][]) {
    app.deps.events.on(type, async (p, { tx }) => {
      const audience = (await rule.audience(tx, p)).filter((id) => id !== p.actorId);
      await notifyUsers(tx, {
        userIds: audience,
        type: rule.type,
        title: CLOSURE_NOTIFICATION_TITLES[type],
        message: rule.message(p),
        caseId: p.case_number,
        documentId: p.documentId,
      });
    });
  }
}
