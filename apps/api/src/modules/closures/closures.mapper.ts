import {
  initialChecklist,
  type Checklist,
  type Closure,
  type ClosureHistoryEvent,
  type ClosureUser,
} from '@lexserve/contracts/closures';
import type { DbOrTx } from '../../db/client';
import {
  peopleByIds,
  type ClosurePerson,
  type ClosureRow,
  type ClosureWithDocument,
} from './closures.repository';

const iso = (d: Date | null) => d?.toISOString() ?? null;

const toUser = (p: ClosurePerson | undefined): ClosureUser | null =>
  p ? { id: p.id, full_name: p.fullName, name: p.fullName, username: p.username, email: p.email } : null;

/** A stored checklist read back; rows written before a change of items still answer every item. */
export const readChecklist = (row: Pick<ClosureRow, 'checklist'>): Checklist => ({
  ...initialChecklist({ hasProof: false }),
  ...(row.checklist ?? {}),
});

/** Closures as the spec's entity, with document, firm and the people's names (one query for all names). */
export async function toClosureDtos(db: DbOrTx, items: ClosureWithDocument[]): Promise<Closure[]> {
  const people = await peopleByIds(
    db,
    items.flatMap(({ closure: c }) => [c.requestedById, c.decidedById, c.completedById]),
  );
  const person = (id: number | null) => (id ? toUser(people.get(id)) : null);
  return items.map(({ closure: c, document: d, firmName }) => ({
    id: c.id,
    document_id: c.documentId,
    document: { id: d.id, title: d.title, case_number: d.caseNumber, status: d.status },
    firm_id: c.firmId,
    firm_name: firmName,
    branch_id: c.branchId,
    closure_type: c.closureType,
    closure_status: c.closureStatus,
    closure_reason: c.closureReason,
    closure_notes: c.closureNotes,
    closed_by_user_id: c.requestedById,
    closed_by_user: person(c.requestedById),
    approved_by_user_id: c.decidedById,
    approved_by_user: person(c.decidedById),
    approval_notes: c.approvalNotes,
    completed_by_user_id: c.completedById,
    completed_by_user: person(c.completedById),
    completion_notes: c.completionNotes,
    requested_at: c.requestedAt.toISOString(),
    approved_at: iso(c.decidedAt),
    completed_at: iso(c.completedAt),
    checklist_completed: readChecklist(c),
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  }));
}

export const toClosureDto = async (db: DbOrTx, item: ClosureWithDocument) =>
  (await toClosureDtos(db, [item]))[0]!;

/**
 * The closure history of a document, newest first: each closure contributes its request, its approval or
 * rejection and its completion (a direct close is one event).
 */
export async function toHistoryEvents(db: DbOrTx, rows: ClosureRow[]): Promise<ClosureHistoryEvent[]> {
  const people = await peopleByIds(
    db,
    rows.flatMap((c) => [c.requestedById, c.decidedById, c.completedById]),
  );
  const person = (id: number | null) => (id ? toUser(people.get(id)) : null);
  const events: (ClosureHistoryEvent & { at: number; order: number })[] = [];
  for (const c of rows) {
    const common = {
      closure_id: c.id,
      closure_reason: c.closureReason,
      checklist: readChecklist(c),
      closure_status: c.closureStatus,
    };
    const push = (
      type: ClosureHistoryEvent['event_type'],
      at: Date,
      by: number | null,
      notes: string | null,
      order: number,
    ) =>
      events.push({
        ...common,
        id: `${c.id}-${type}`,
        event_type: type,
        occurred_at: at.toISOString(),
        performed_by: person(by),
        notes,
        at: at.getTime(),
        order,
      });
    if (c.closureType === 'direct') {
      push(
        'direct_closed',
        c.completedAt ?? c.requestedAt,
        c.completedById ?? c.requestedById,
        c.closureNotes,
        3,
      );
      continue;
    }
    push('requested', c.requestedAt, c.requestedById, c.closureNotes, 0);
    if (c.decidedAt)
      push(
        c.closureStatus === 'rejected' ? 'rejected' : 'approved',
        c.decidedAt,
        c.decidedById,
        c.approvalNotes,
        1,
      );
    if (c.completedAt) push('completed', c.completedAt, c.completedById, c.completionNotes, 2);
  }
  // Same instant (possible within one transaction): the later step of the same closure goes first.
  events.sort((a, b) => b.at - a.at || b.closure_id - a.closure_id || b.order - a.order);
  return events.map(({ at: _at, order: _order, ...e }) => e);
}
