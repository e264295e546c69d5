import { addCalendarDays } from '@lexserve/contracts/court-days';
import {
  DEADLINE_WINDOW_MAX_DAYS,
  DeadlineErrors,
  type CreateDeadlineInput,
  type Deadline,
  type DeadlineList,
  type DeadlineWindowQuery,
  type DocumentDeadline,
} from '@lexserve/contracts/deadlines';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/access';
import { AppError, FieldError } from '../../lib/app-error';
import { inTransaction, type Ctx } from '../../lib/context';
import { sastDate } from '../../lib/money';
import { documentScope } from '../../lib/tenancy';
import {
  addTimelineEvent,
  assertOpen,
  getDocumentForChange,
  getReadableDocument,
} from '../documents/documents.service';
import {
  byDueDate,
  firmDeadlineDto,
  ruleDeadlineDtos,
  TYPES_WITH_RULES,
  withDocument,
} from './deadlines.mapper';
import * as repo from './deadlines.repository';

/** The longest a rule's period can run (10 court days with 16 December–15 January left out is about 50 days). */
const LONGEST_RULE_PERIOD_DAYS = 100;

/** The firm's own deadlines are the firm's: a sheriff sees only the rules' deadlines of the documents given to them. */
const seesFirmDeadlines = (actor: Pick<Actor, 'role'>) => actor.role !== 'sheriff';

/** GET /documents/{id}/deadlines: the rules' deadlines from the date of service and the firm's own, soonest first. */
export async function listDocumentDeadlines(ctx: Ctx, documentId: number): Promise<DeadlineList> {
  const doc = await getReadableDocument(ctx, documentId);
  const rules = ruleDeadlineDtos(doc, await repo.targetsOfDocuments(ctx.db, [doc.id]));
  const own = seesFirmDeadlines(ctx.actor)
    ? (await repo.listFirmDeadlinesOfDocument(ctx.db, doc.id)).map(firmDeadlineDto)
    : [];
  return { deadlines: [...rules, ...own].sort(byDueDate) };
}

/** POST /documents/{id}/deadlines: the firm adds its own deadline (recorded on the document's timeline); not on a closed or revoked case. */
export async function addFirmDeadline(
  ctx: Ctx,
  documentId: number,
  input: CreateDeadlineInput,
): Promise<Deadline> {
  return inTransaction(ctx, async (tx) => {
    const doc = await getDocumentForChange(
      { db: tx, actor: ctx.actor },
      documentId,
      DeadlineErrors.DEADLINE_FORBIDDEN,
    );
    assertOpen(doc);
    const row = await repo.insertFirmDeadline(tx, {
      documentId: doc.id,
      firmId: doc.firmId,
      name: input.name,
      dueDate: input.due_date,
      createdById: ctx.actor.id,
    });
    await addTimelineEvent(tx, {
      documentId: doc.id,
      firmId: doc.firmId,
      type: 'deadline_added',
      description: `Deadline added: ${input.name}, due ${input.due_date}`,
      performedById: ctx.actor.id,
      metadata: { deadline_id: row.id, name: input.name, due_date: input.due_date },
    });
    return firmDeadlineDto({ ...row, createdByName: ctx.actor.fullName });
  });
}

/** DELETE /documents/{id}/deadlines/{deadline_id}: removes one of the firm's own deadlines. */
export async function deleteFirmDeadline(ctx: Ctx, documentId: number, deadlineId: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const doc = await getDocumentForChange(
      { db: tx, actor: ctx.actor },
      documentId,
      DeadlineErrors.DEADLINE_FORBIDDEN,
    );
    const row = await repo.deleteFirmDeadline(tx, { id: deadlineId, documentId: doc.id, firmId: doc.firmId });
    if (!row) throw new AppError(DeadlineErrors.DEADLINE_NOT_FOUND);
    await addTimelineEvent(tx, {
      documentId: doc.id,
      firmId: doc.firmId,
      type: 'deadline_removed',
      description: `Deadline removed: ${row.name}, due ${row.dueDate}`,
      performedById: ctx.actor.id,
      metadata: { deadline_id: row.id, name: row.name, due_date: row.dueDate },
    });
  });
}

/** A deadline due in a window, with its document and, for the firm's own, who added it. */
type DueDeadline = { deadline: DocumentDeadline; document: repo.DeadlineDocument; addedById: number | null };

/**
 * Every deadline due in [from, to] (YYYY-MM-DD) on documents within `scope` (documentScope of an actor; undefined for
 * all, as the reminder job asks); firm deadlines only when `withFirmDeadlines`.
 */
export async function deadlinesDue(
  db: DbOrTx,
  opts: { scope: SQL | undefined; from: string; to: string; withFirmDeadlines: boolean },
): Promise<DueDeadline[]> {
  // Service dates are instants; a South African day starts at 22:00 UTC the day before, so a day's margin each side.
  const servedFrom = new Date(`${addCalendarDays(opts.from, -LONGEST_RULE_PERIOD_DAYS)}T00:00:00Z`);
  const servedTo = new Date(`${addCalendarDays(opts.to, 1)}T00:00:00Z`);
  const documents = await repo.findServedDocuments(db, {
    scope: opts.scope,
    types: TYPES_WITH_RULES,
    servedFrom,
    servedTo,
  });
  const targets = await repo.targetsOfDocuments(
    db,
    documents.map((d) => d.id),
  );
  const out: DueDeadline[] = [];
  for (const document of documents)
    for (const d of ruleDeadlineDtos(
      document,
      targets.filter((t) => t.documentId === document.id),
    ))
      if (d.due_date >= opts.from && d.due_date <= opts.to)
        out.push({ deadline: withDocument(d, document), document, addedById: null });
  if (opts.withFirmDeadlines)
    for (const { deadline, document } of await repo.findFirmDeadlinesDue(db, opts))
      out.push({
        deadline: withDocument(firmDeadlineDto(deadline), document),
        document,
        addedById: deadline.createdById,
      });
  return out.sort((a, b) => byDueDate(a.deadline, b.deadline));
}

/** The default window of GET /deadlines: from today (South Africa) for 60 days. */
const DEFAULT_WINDOW_DAYS = 60;

/** GET /deadlines: the deadlines of every document the actor can see, due in the window. */
export async function listDeadlines(ctx: Ctx, q: DeadlineWindowQuery) {
  const today = sastDate(ctx.deps.clock.now());
  const from = q.from ?? (q.to && q.to < today ? addCalendarDays(q.to, -DEFAULT_WINDOW_DAYS) : today);
  const to = q.to ?? addCalendarDays(from, DEFAULT_WINDOW_DAYS);
  if (addCalendarDays(from, DEADLINE_WINDOW_MAX_DAYS) < to)
    throw new FieldError(['query', 'to'], `The window may span at most ${DEADLINE_WINDOW_MAX_DAYS} days.`);
  const rows = await deadlinesDue(ctx.db, {
    scope: documentScope(ctx.actor),
    from,
    to,
    withFirmDeadlines: seesFirmDeadlines(ctx.actor),
  });
  return { deadlines: rows.map((r) => r.deadline), from, to };
}

export { seesFirmDeadlines };
