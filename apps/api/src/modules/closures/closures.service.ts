import {
  CLOSURE_MESSAGES,
  CLOSURE_TRANSITION_VERBS,
  ClosureErrors,
  checklistProgress,
  initialChecklist,
  isChecklistComplete,
  normaliseChecklist,
  type ApproveClosureInput,
  type Closure,
  type ClosureDomainEvent,
  type ClosureEventPayload,
  type ClosureHistory,
  type ClosureList,
  type ClosureListQuery,
  type ClosurePrecheck,
  type ClosureStatus,
  type CompleteClosureInput,
  type CreateClosureInput,
  type DirectCloseInput,
  type UpdateChecklistInput,
} from '@lexserve/contracts/closures';
import type { TimelineEventType } from '@lexserve/contracts/documents';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, appError, isUniqueViolation } from '../../lib/app-error';
import { inTransaction, type Ctx } from '../../lib/context';
import { recordEvent } from '../../lib/events';
import {
  addTimelineEvent,
  changeStatus,
  documentInScope,
  type DocumentRow,
} from '../documents/documents.service';
import { assessEligibility, type Eligibility } from './closures.eligibility';
import { readChecklist, toClosureDto, toClosureDtos, toHistoryEvents } from './closures.mapper';
import {
  assertCanApprove,
  assertCanComplete,
  assertCanDecide,
  assertCanDirectClose,
  assertCanReadClosures,
  assertCanRequest,
} from './closures.policy';
import * as repo from './closures.repository';

// ----- helpers

const invalidTransition = (from: ClosureStatus, to: ClosureStatus) =>
  appError(ClosureErrors.CLOSURE_INVALID_TRANSITION, {
    from: from === 'pending' ? 'pending approval' : from,
    to: CLOSURE_TRANSITION_VERBS[to],
  });

const notEligible = (issues: string[]) =>
  appError(ClosureErrors.CLOSURE_NOT_ELIGIBLE, { issues: issues.join(' ') });

/** The document, in the actor's tenant scope, or 404 (another firm's case answers like a missing one). */
async function getDocument(
  db: DbOrTx,
  ctx: Ctx,
  documentId: number,
  opts: { forUpdate?: boolean } = {},
): Promise<DocumentRow> {
  const doc = await documentInScope(db, ctx.actor, documentId, opts);
  if (!doc) throw new AppError(ClosureErrors.CLOSURE_DOCUMENT_NOT_FOUND);
  return doc;
}

async function getClosure(db: DbOrTx, ctx: Ctx, id: number): Promise<repo.ClosureWithDocument> {
  const found = await repo.findClosureInScope(db, ctx.actor, id);
  if (!found) throw new AppError(ClosureErrors.CLOSURE_NOT_FOUND);
  return found;
}

async function assess(
  db: DbOrTx,
  doc: DocumentRow,
): Promise<Eligibility & { hasProof: boolean; activeClosureId: number | null }> {
  const [facts, latest] = await Promise.all([
    repo.readPrecheckFacts(db, doc.id),
    repo.findLatestClosureOfDocument(db, doc.id),
  ]);
  const active = latest && latest.closure.closureStatus !== 'rejected' ? latest.closure : null;
  const result = assessEligibility({
    ...facts,
    status: doc.status,
    revoked: doc.revokedAt != null,
    assignedSheriff: doc.assignedSheriffId != null,
    activeClosure: active ? { status: active.closureStatus } : null,
  });
  return { ...result, hasProof: facts.hasProof, activeClosureId: active?.id ?? null };
}

/** Refuses a request or direct close with the most specific reason: closed, already under way, else the issues. */
function assertEligible(e: Awaited<ReturnType<typeof assess>>, opts: { ignoreProof?: boolean } = {}) {
  if (e.eligible) return;
  if (e.blocking.includes('This case is already closed.'))
    throw new AppError(ClosureErrors.CLOSURE_CASE_CLOSED);
  if (e.activeClosureId) throw new AppError(ClosureErrors.CLOSURE_ALREADY_ACTIVE);
  const issues = opts.ignoreProof
    ? e.blocking.filter((b) => !b.startsWith('No proof of service'))
    : e.blocking;
  if (issues.length) throw notEligible(issues);
}

/** Completion needs the case still served and not revoked (it may have changed since the approval). */
function assertStillServed(doc: DocumentRow) {
  if (doc.status !== 'served' || doc.revokedAt) throw new AppError(ClosureErrors.CLOSURE_DOCUMENT_CHANGED);
}

function eventPayload(
  doc: Pick<DocumentRow, 'id' | 'firmId' | 'branchId' | 'title' | 'caseNumber'>,
  c: repo.ClosureRow,
  actorId: number,
  notes: string | null,
): ClosureEventPayload {
  return {
    documentId: doc.id,
    firmId: doc.firmId,
    branchId: doc.branchId,
    closureId: c.id,
    actorId,
    requesterId: c.requestedById,
    approverId: c.decidedById,
    title: doc.title,
    case_number: doc.caseNumber,
    reason: c.closureReason,
    notes,
  };
}

/** The timeline entry and the domain event of one closure step, in the step's transaction. */
async function recordStep(
  tx: Db,
  ctx: Ctx,
  step: {
    doc: Pick<DocumentRow, 'id' | 'firmId' | 'branchId' | 'title' | 'caseNumber'>;
    closure: repo.ClosureRow;
    timeline: TimelineEventType;
    description: string;
    event?: ClosureDomainEvent;
    notes: string | null;
    metadata?: Record<string, unknown>;
  },
) {
  const { doc, closure } = step;
  const progress = checklistProgress(readChecklist(closure));
  await addTimelineEvent(tx, {
    documentId: doc.id,
    firmId: doc.firmId,
    type: step.timeline,
    description: step.description,
    performedById: ctx.actor.id,
    metadata: {
      closure_id: closure.id,
      closure_status: closure.closureStatus,
      closure_reason: closure.closureReason,
      ...(step.notes ? { notes: step.notes } : {}),
      checklist: `${progress.done}/${progress.total} completed`,
      ...step.metadata,
    },
  });
  if (step.event) await recordEvent(tx, step.event, eventPayload(doc, closure, ctx.actor.id, step.notes));
}

const docOf = (d: repo.ClosureWithDocument['document']) => ({
  id: d.id,
  firmId: d.firmId,
  branchId: d.branchId,
  title: d.title,
  caseNumber: d.caseNumber,
});

const reload = async (db: DbOrTx, ctx: Ctx, id: number): Promise<Closure> =>
  toClosureDto(db, await getClosure(db, ctx, id));

/** Inserts a closure; the one-active index turns a concurrent second closure into 409. */
async function insertClosure(tx: DbOrTx, values: repo.NewClosure) {
  try {
    return await repo.insertClosure(tx, values);
  } catch (err) {
    if (isUniqueViolation(err, repo.ONE_ACTIVE_INDEX))
      throw new AppError(ClosureErrors.CLOSURE_ALREADY_ACTIVE, { cause: err });
    throw err;
  }
}

// ----- reads

/** GET /case-closure/precheck/{documentId}: eligibility from the real case. */
export async function precheck(ctx: Ctx, documentId: number): Promise<ClosurePrecheck> {
  assertCanReadClosures(ctx.actor);
  const doc = await getDocument(ctx.db, ctx, documentId);
  const e = await assess(ctx.db, doc);
  return {
    document_id: doc.id,
    eligible_for_closure: e.eligible,
    warnings: e.warnings,
    blocking_issues: e.blocking,
    document_status: doc.status,
    has_proof_of_service: e.hasProof,
    active_closure_id: e.activeClosureId,
  };
}

/** GET /case-closure/{id} */
export async function getClosureById(ctx: Ctx, id: number): Promise<Closure> {
  assertCanReadClosures(ctx.actor);
  return reload(ctx.db, ctx, id);
}

/** GET /case-closure/document/{documentId}/active: the current closure (open, completed, else the last rejected). */
export async function getActiveClosure(ctx: Ctx, documentId: number): Promise<Closure> {
  assertCanReadClosures(ctx.actor);
  await getDocument(ctx.db, ctx, documentId);
  const latest = await repo.findLatestClosureOfDocument(ctx.db, documentId);
  if (!latest) throw new AppError(ClosureErrors.NO_ACTIVE_CLOSURE);
  return toClosureDto(ctx.db, latest);
}

/** GET /case-closure/: the actor's tenant scope (system admin: every firm), by status, searched, paged. */
export async function listClosures(ctx: Ctx, q: ClosureListQuery): Promise<ClosureList> {
  assertCanReadClosures(ctx.actor);
  const { rows, counts, total } = await repo.listClosures(ctx.db, ctx.actor, {
    status: q.status,
    skip: q.skip,
    limit: q.limit,
    search: q.search || undefined,
    documentId: q.document_id,
  });
  return { closures: await toClosureDtos(ctx.db, rows), total, skip: q.skip, limit: q.limit, counts };
}

/** GET /case-closure/pending-count: the indicator's number. */
export async function pendingCount(ctx: Ctx): Promise<{ count: number }> {
  assertCanReadClosures(ctx.actor);
  return { count: await repo.countPending(ctx.db, ctx.actor) };
}

/** GET /case-closure/document/{documentId}/history: the closure timeline widget. */
export async function getHistory(ctx: Ctx, documentId: number): Promise<ClosureHistory> {
  assertCanReadClosures(ctx.actor);
  await getDocument(ctx.db, ctx, documentId);
  const events = await toHistoryEvents(ctx.db, await repo.listClosuresOfDocument(ctx.db, documentId));
  return { document_id: documentId, events, total: events.length };
}

// ----- steps

/** POST /case-closure/: a request (pending), if the case passes the precheck and the checklist is complete. */
export async function requestClosure(ctx: Ctx, input: CreateClosureInput): Promise<Closure> {
  assertCanRequest(ctx.actor);
  const id = await inTransaction(ctx, async (tx) => {
    // The row lock serialises requests and direct closes of one document.
    const doc = await getDocument(tx, ctx, input.document_id, { forUpdate: true });
    const e = await assess(tx, doc);
    assertEligible(e);
    const checklist = normaliseChecklist(
      initialChecklist({ hasProof: e.hasProof }),
      input.initial_checklist,
      { hasProof: e.hasProof },
    );
    if (!isChecklistComplete(checklist)) throw new AppError(ClosureErrors.CLOSURE_CHECKLIST_REQUIRED);
    const closure = await insertClosure(tx, {
      documentId: doc.id,
      firmId: doc.firmId,
      branchId: doc.branchId,
      closureType: 'request',
      closureStatus: 'pending',
      closureReason: input.closure_reason,
      closureNotes: input.closure_notes,
      checklist,
      requestedById: ctx.actor.id,
    });
    await recordStep(tx, ctx, {
      doc,
      closure,
      timeline: 'closure_requested',
      description: `Case closure requested: ${input.closure_reason}`,
      event: 'closure.requested',
      notes: input.closure_notes,
    });
    return closure.id;
  });
  return reload(ctx.db, ctx, id);
}

/** PUT /case-closure/{id}/checklist: while the closure is pending or approved. */
export async function updateClosureChecklist(
  ctx: Ctx,
  id: number,
  input: UpdateChecklistInput,
): Promise<Closure> {
  assertCanRequest(ctx.actor);
  await inTransaction(ctx, async (tx) => {
    const { closure, document } = await getClosure(tx, ctx, id);
    const status = closure.closureStatus;
    if (status !== 'pending' && status !== 'approved') {
      throw new AppError(ClosureErrors.CLOSURE_INVALID_TRANSITION, {
        message: `This case closure is ${status} and its checklist can no longer be changed.`,
      });
    }
    const { hasProof } = await repo.readPrecheckFacts(tx, document.id);
    const checklist = normaliseChecklist(readChecklist(closure), input.checklist, { hasProof });
    const updated = await repo.updateChecklist(tx, id, status, checklist);
    if (!updated) throw invalidTransition((await getClosure(tx, ctx, id)).closure.closureStatus, status);
    const p = checklistProgress(checklist);
    await recordStep(tx, ctx, {
      doc: docOf(document),
      closure: updated,
      timeline: 'closure_checklist_updated',
      description: `Closure checklist updated (${p.done}/${p.total} completed)`,
      notes: null,
    });
  });
  return reload(ctx.db, ctx, id);
}

/**
 * PUT /case-closure/{id}/approve: approve or reject a pending closure. The conditional UPDATE decides a race:
 * of two approvers at once one wins, the other gets 409.
 */
export async function decideClosure(
  ctx: Ctx,
  id: number,
  input: ApproveClosureInput,
): Promise<{ closure: Closure; message: string }> {
  const to: ClosureStatus = input.approved ? 'approved' : 'rejected';
  assertCanApprove(ctx.actor);
  await inTransaction(ctx, async (tx) => {
    const { closure, document } = await getClosure(tx, ctx, id);
    assertCanDecide(ctx.actor, closure);
    if (closure.closureStatus !== 'pending') throw invalidTransition(closure.closureStatus, to);
    if (input.approved) {
      if (!isChecklistComplete(readChecklist(closure)))
        throw new AppError(ClosureErrors.CLOSURE_CHECKLIST_INCOMPLETE);
      if (document.status !== 'served') throw new AppError(ClosureErrors.CLOSURE_DOCUMENT_CHANGED);
    }
    const updated = await repo.transitionClosure(tx, id, 'pending', {
      closureStatus: to,
      decidedById: ctx.actor.id,
      decidedAt: new Date(),
      approvalNotes: input.approval_notes,
    });
    if (!updated) throw invalidTransition((await getClosure(tx, ctx, id)).closure.closureStatus, to);
    await recordStep(tx, ctx, {
      doc: docOf(document),
      closure: updated,
      timeline: input.approved ? 'closure_approved' : 'closure_rejected',
      description: `Case closure ${to}${input.approval_notes ? `: ${input.approval_notes}` : ''}`,
      event: input.approved ? 'closure.approved' : 'closure.rejected',
      notes: input.approval_notes,
    });
  });
  return {
    closure: await reload(ctx.db, ctx, id),
    message: input.approved ? CLOSURE_MESSAGES.approved : CLOSURE_MESSAGES.rejected,
  };
}

/** PUT /case-closure/{id}/complete: an approved closure is completed and the case becomes completed, at once. */
export async function completeClosure(ctx: Ctx, id: number, input: CompleteClosureInput): Promise<Closure> {
  assertCanComplete(ctx.actor);
  await inTransaction(ctx, async (tx) => {
    const { closure, document } = await getClosure(tx, ctx, id);
    if (closure.closureStatus !== 'approved') throw invalidTransition(closure.closureStatus, 'completed');
    if (!isChecklistComplete(readChecklist(closure)))
      throw new AppError(ClosureErrors.CLOSURE_CHECKLIST_INCOMPLETE);
    // Lock the case first (the order every closure step follows: document, then closure).
    const doc = await getDocument(tx, ctx, document.id, { forUpdate: true });
    assertStillServed(doc);
    const updated = await repo.transitionClosure(tx, id, 'approved', {
      closureStatus: 'completed',
      completedById: ctx.actor.id,
      completedAt: new Date(),
      completionNotes: input.completion_notes,
    });
    if (!updated) throw invalidTransition((await getClosure(tx, ctx, id)).closure.closureStatus, 'completed');
    await recordStep(tx, ctx, {
      doc,
      closure: updated,
      timeline: 'closure_completed',
      description: 'Case closure completed; the case status changed from served to completed.',
      event: 'closure.completed',
      notes: input.completion_notes,
      metadata: { previous_status: doc.status, new_status: 'completed' },
    });
    await changeStatus(tx, doc, 'completed', ctx.actor.id, `case closure ${updated.id} completed`);
  });
  return reload(ctx.db, ctx, id);
}

/** POST /case-closure/direct-close: a firm administrator closes a served case at once, without approval. */
export async function directClose(ctx: Ctx, input: DirectCloseInput): Promise<Closure> {
  assertCanDirectClose(ctx.actor);
  const id = await inTransaction(ctx, async (tx) => {
    const doc = await getDocument(tx, ctx, input.document_id, { forUpdate: true });
    const e = await assess(tx, doc);
    // Direct close is the administrator's override: it needs a served, unrevoked case, not the proof check.
    assertEligible(e, { ignoreProof: true });
    const now = new Date();
    const closure = await insertClosure(tx, {
      documentId: doc.id,
      firmId: doc.firmId,
      branchId: doc.branchId,
      closureType: 'direct',
      closureStatus: 'completed',
      closureReason: input.closure_reason,
      closureNotes: input.closure_notes,
      checklist: normaliseChecklist(initialChecklist({ hasProof: e.hasProof }), undefined, {
        hasProof: e.hasProof,
      }),
      requestedById: ctx.actor.id,
      requestedAt: now,
      completedById: ctx.actor.id,
      completedAt: now,
    });
    await recordStep(tx, ctx, {
      doc,
      closure,
      timeline: 'closure_direct_closed',
      description: `Case closed directly: ${input.closure_reason}; the case status changed from served to completed.`,
      event: 'closure.direct_closed',
      notes: input.closure_notes,
      metadata: { previous_status: doc.status, new_status: 'completed' },
    });
    await changeStatus(tx, doc, 'completed', ctx.actor.id, `closed directly (${input.closure_reason})`);
    return closure.id;
  });
  return reload(ctx.db, ctx, id);
}
