import type { FastifyInstance } from 'fastify';
import { CLOSURE_NOTIFICATION_TITLES, type ClosureDomainEvent } from '@lexserve/contracts/closures';
import type { NotificationType } from '@lexserve/contracts/notifications';
import type { DbOrTx } from '../../db/client';
import { notifyUsers } from '../notifications/notifications.service';
import { findApproverIds, findSystemAdminIds } from './closures.repository';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

type Payload = {
  documentId: number | null;
  firmId: number | null;
  branchId: number | null;
  actorId: number | null;
  requesterId: number | null;
  approverId: number | null;
  title: string | null;
  caseNumber: string | null;
  reason: string | null;
  notes: string | null;
};

const read = (p: Record<string, unknown>): Payload => ({
  documentId: num(p.documentId),
  firmId: num(p.firmId),
  branchId: num(p.branchId),
  actorId: num(p.actorId),
  requesterId: num(p.requesterId),
  approverId: num(p.approverId),
  title: str(p.title),
  caseNumber: str(p.case_number),
  reason: str(p.reason),
  notes: str(p.notes),
});

/** "Eviction notice (case 2025/123)" or "Case #42". */
const describe = (p: Payload) => {
  const name = p.title ?? `Case #${p.documentId ?? '?'}`;
  return p.caseNumber ? `${name} (case ${p.caseNumber})` : name;
};
const withNotes = (p: Payload) => (p.notes ? ` Notes: ${p.notes}` : '');

const approvers = (tx: DbOrTx, p: Payload) => (p.firmId ? findApproverIds(tx, p.firmId, p.branchId) : Promise.resolve([]));

type Rule = { type: NotificationType; message: (p: Payload) => string; audience: (tx: DbOrTx, p: Payload) => Promise<number[]> };

/**
 * Who hears about each closure step: a request goes to the approvers of the firm and branch and to the system
 * administrators (the approvals page); a decision to the requester and the other approvers; a completion or
 * direct close to the requester, the approver and the approvers. The actor never notifies themself.
 */
const RULES: Record<ClosureDomainEvent, Rule> = {
  'closure.requested': {
    type: 'status_update',
    message: (p) => `Closure of ${describe(p)} was requested and awaits your approval. Reason: ${p.reason ?? '-'}.${withNotes(p)}`,
    audience: async (tx, p) => [...(await approvers(tx, p)), ...(await findSystemAdminIds(tx))],
  },
  'closure.approved': {
    type: 'status_update',
    message: (p) => `The closure request for ${describe(p)} was approved. It can now be completed.${withNotes(p)}`,
    audience: async (tx, p) => [p.requesterId, ...(await approvers(tx, p))].filter((id): id is number => id != null),
  },
  'closure.rejected': {
    type: 'status_update',
    message: (p) => `The closure request for ${describe(p)} was rejected.${withNotes(p)}`,
    audience: async (tx, p) => [p.requesterId, ...(await approvers(tx, p))].filter((id): id is number => id != null),
  },
  'closure.completed': {
    type: 'completion_notification',
    message: (p) => `${describe(p)} was closed. Its status is now completed.`,
    audience: async (tx, p) => [p.requesterId, p.approverId, ...(await approvers(tx, p))].filter((id): id is number => id != null),
  },
  'closure.direct_closed': {
    type: 'completion_notification',
    message: (p) => `${describe(p)} was closed directly by a firm administrator. Reason: ${p.reason ?? '-'}.${withNotes(p)}`,
    audience: async (tx, p) => approvers(tx, p),
  },
};

/** Subscribes the closure events to their notifications (run by the event dispatcher after the commit). */
export function registerClosureHandlers(app: FastifyInstance) {
  for (const [type, rule] of Object.entries(RULES) as [ClosureDomainEvent, Rule][]) {
    app.deps.events.on(type, async (raw, { tx }) => {
      const p = read(raw);
      const audience = (await rule.audience(tx, p)).filter((id) => id !== p.actorId);
      await notifyUsers(tx, {
        userIds: audience,
        type: rule.type,
        title: CLOSURE_NOTIFICATION_TITLES[type],
        message: rule.message(p),
        caseId: p.caseNumber,
        documentId: p.documentId,
      });
    });
  }
}
