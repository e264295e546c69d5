import {
  DOCUMENT_STATUS_LABELS,
  DocumentErrors,
  canTransition,
  type CreateDocumentInput,
  type DocumentListQuery,
  type DocumentStatus,
  type TimelineQuery,
  type UpdateDocumentInput,
  MY_CASES_BADGE_LIMIT,
  MY_CASES_COUNT_LIMIT,
} from '@lexserve/contracts/documents';
import type { ErrorDef } from '@lexserve/contracts/errors';
import { assertCan, can, type Actor } from '../../lib/access';
import { AppError, appError } from '../../lib/app-error';
import { inTransaction, type Ctx } from '../../lib/context';
import { recordEvent } from '../../lib/events';
import type { DbOrTx } from '../../db/client';
import { serviceChannelOf, serviceMethodOf } from '@lexserve/contracts/service-channels';
import { documentPartyRoles } from '../parties/parties.service';
import { eventPayload, toDocumentDto, toDocumentDtos } from './documents.mapper';
import {
  assertOpen,
  documentNotFound,
  isClosed,
  isWithSheriff,
  submitProblems,
  wasSubmitted,
} from './documents.policy';
import { hasDeliveryEvent } from './document-references';
import * as repo from './documents.repository';
import { countFiles, listCaseFiles, markFilesServed } from './files.repository';
import { addTimelineEvent, listTimeline } from '../trail/trail.service';
import { validationError } from './validation';

// ---------------------------------------------------------------------------------------------------------
// Loading with the tenant scope
// ---------------------------------------------------------------------------------------------------------

/** A document the actor may read, or the spec's 404 (another firm's document is never revealed). */
export async function getReadableDocument(
  ctx: Pick<Ctx, 'db' | 'actor'>,
  id: number,
): Promise<repo.DocumentRow> {
  assertCan(ctx.actor, 'documents:read');
  const doc = await repo.findDocumentInScope(ctx.db, ctx.actor, id);
  if (!doc) throw documentNotFound(id);
  return doc;
}

/**
 * A document the actor may change: 404 outside their scope, then 403 (`forbidden`) for a role that may read
 * but not change it (a sheriff, the system administrator). Locks the row when called in a transaction.
 */
export async function getDocumentForChange(
  ctx: Pick<Ctx, 'db' | 'actor'>,
  id: number,
  forbidden: ErrorDef = DocumentErrors.DOCUMENT_FORBIDDEN,
): Promise<repo.DocumentRow> {
  const doc = await repo.findDocumentInScope(ctx.db, ctx.actor, id, { forUpdate: true });
  if (!doc) throw documentNotFound(id);
  if (!can(ctx.actor, 'documents:update')) throw new AppError(forbidden);
  return doc;
}

// ---------------------------------------------------------------------------------------------------------
// Read
// ---------------------------------------------------------------------------------------------------------

/**
 * GET /documents: the documents in the actor's scope. my_branch_only narrows a firm role to its own branch;
 * assigned_to_me is the role's natural scope (a sheriff's assigned documents; a firm role's documents).
 */
export async function listDocuments(ctx: Ctx, q: DocumentListQuery) {
  assertCan(ctx.actor, 'documents:read');
  const { rows, total, counts } = await repo.listDocuments(ctx.db, ctx.actor, {
    myBranchOnly: q.my_branch_only,
    statuses: q.status,
    subtab: q.subtab,
    search: q.search,
    skip: q.skip,
    limit: q.limit,
  });
  const documents = await toDocumentDtos(ctx.db, rows);
  return counts
    ? { documents, total, counts, count_limit: MY_CASES_COUNT_LIMIT, badge_limit: MY_CASES_BADGE_LIMIT }
    : { documents, total };
}

export async function getDocument(ctx: Ctx, id: number) {
  return toDocumentDto(ctx.db, await getReadableDocument(ctx, id));
}

// ---------------------------------------------------------------------------------------------------------
// Create, update (and submit), delete
// ---------------------------------------------------------------------------------------------------------

type LegalRep = {
  serviceFirmId: number | null;
  serviceBranchId: number | null;
  digitalServiceAddress: string | null;
};

/**
 * The legal representative of step 4. A branch must belong to the firm; the DSA is the branch's registered
 * address (a client cannot direct service elsewhere); without a branch, a given DSA is kept for the draft.
 */
async function resolveLegalRep(
  db: DbOrTx,
  current: LegalRep,
  input: { firm_id?: number; branch_id?: number; digital_service_address?: string },
): Promise<LegalRep> {
  let firmId = input.firm_id ?? current.serviceFirmId;
  let branchId = input.branch_id ?? current.serviceBranchId;
  if (firmId) {
    const firm = (await repo.firmsByIds(db, [firmId])).get(firmId);
    if (!firm || !firm.isActive) throw new AppError(DocumentErrors.LEGAL_REP_FIRM_NOT_FOUND);
  }
  let dsa = input.digital_service_address ?? current.digitalServiceAddress;
  if (branchId) {
    const branch = (await repo.branchesByIds(db, [branchId])).get(branchId);
    if (!branch || !branch.isActive) throw new AppError(DocumentErrors.LEGAL_REP_BRANCH_NOT_FOUND);
    if (firmId && branch.firmId !== firmId) {
      // A new firm without a new branch drops the old firm's branch; a branch of another firm is refused.
      if (input.branch_id !== undefined) throw new AppError(DocumentErrors.LEGAL_REP_BRANCH_NOT_FOUND);
      branchId = null;
    } else {
      firmId = branch.firmId;
      dsa = branch.digitalServiceAddress;
    }
  }
  if (!branchId && current.serviceBranchId && input.digital_service_address === undefined) dsa = null;
  return {
    serviceFirmId: firmId ?? null,
    serviceBranchId: branchId ?? null,
    digitalServiceAddress: dsa ?? null,
  };
}

async function assertSheriff(db: DbOrTx, id: number) {
  const sheriff = await repo.findActiveSheriff(db, id);
  if (!sheriff) throw new AppError(DocumentErrors.SHERIFF_NOT_FOUND);
  return sheriff;
}

/** POST /documents: a draft owned by the actor's firm and branch. */
export async function createDocument(ctx: Ctx, input: CreateDocumentInput) {
  assertCan(ctx.actor, 'documents:create', DocumentErrors.DOCUMENT_FORBIDDEN);
  const firmId = ctx.actor.firmId;
  if (!firmId) throw new AppError(DocumentErrors.DOCUMENT_FORBIDDEN);
  const row = await inTransaction(ctx, async (tx) => {
    const rep = await resolveLegalRep(
      tx,
      { serviceFirmId: null, serviceBranchId: null, digitalServiceAddress: null },
      input,
    );
    const sheriff = input.assigned_sheriff_id
      ? await assertSheriff(tx, input.assigned_sheriff_id)
      : undefined;
    const doc = await repo.insertDocument(tx, {
      title: input.title ?? 'Draft Document',
      documentType: input.document_type,
      caseCategory: input.case_category,
      caseNumber: input.case_number,
      courtName: input.court_name,
      onCourtOnline: input.on_court_online ?? false,
      serviceMethod: input.service_method,
      serviceAddressSource: input.service_address_source,
      casePriority: input.case_priority,
      clientName: input.client_name,
      recipientName: input.recipient_name,
      recipientAddress: input.recipient_address,
      specialInstructions: input.special_instructions,
      serviceNotes: input.service_notes,
      firmId,
      branchId: ctx.actor.branchId,
      createdById: ctx.actor.id,
      assignedSheriffId: sheriff?.id ?? null,
      ...rep,
      draftMetadata: input.draft_metadata,
      status: 'draft',
    });
    await addTimelineEvent(tx, {
      documentId: doc.id,
      firmId,
      type: 'created',
      description: `Document "${doc.title}" created as a draft`,
      performedById: ctx.actor.id,
      metadata: { title: doc.title, case_number: doc.caseNumber, status: doc.status },
    });
    await recordEvent(tx, 'document.created', eventPayload(doc, ctx.actor.id));
    if (sheriff) await sheriffAssigned(tx, doc, ctx.actor.id, sheriff, null);
    return doc;
  });
  return toDocumentDto(ctx.db, row);
}

/** Input field → column, for change detection and the "updated" timeline entry. */
const FIELD_COLUMNS = {
  title: 'title',
  document_type: 'documentType',
  case_category: 'caseCategory',
  case_number: 'caseNumber',
  court_name: 'courtName',
  on_court_online: 'onCourtOnline',
  service_method: 'serviceMethod',
  service_address_source: 'serviceAddressSource',
  case_priority: 'casePriority',
  client_name: 'clientName',
  recipient_name: 'recipientName',
  recipient_address: 'recipientAddress',
  special_instructions: 'specialInstructions',
  service_notes: 'serviceNotes',
  draft_metadata: 'draftMetadata',
  signature_name: 'signatureName',
} as const satisfies Partial<Record<keyof UpdateDocumentInput, keyof repo.NewDocument>>;

/** The changed fields in a reader's words, for the timeline ("court, signature"); the wizard's own progress is not named. */
const FIELD_LABELS: Record<string, string | null> = {
  title: 'title',
  document_type: 'document type',
  case_category: 'case category',
  case_number: 'case number',
  court_name: 'court',
  on_court_online: 'Court Online',
  service_method: 'service method',
  service_address_source: 'service address',
  case_priority: 'priority',
  client_name: 'attorney',
  recipient_name: 'recipient',
  recipient_address: "recipient's address",
  special_instructions: 'special instructions',
  service_notes: 'service notes',
  draft_metadata: null,
  signature_name: 'signature',
  service_date: 'service date',
  firm_id: 'legal representative',
  branch_id: 'legal representative branch',
  digital_service_address: 'digital service address',
};

/** "Details changed: court and signature", or "Draft saved" when only the wizard's progress changed. */
const describeChanges = (changed: readonly string[]): string => {
  const words = [
    ...new Set(
      changed
        .map((f) => (f in FIELD_LABELS ? FIELD_LABELS[f] : f.replace(/_/g, ' ')))
        .filter((w): w is string => Boolean(w)),
    ),
  ];
  if (!words.length) return 'Draft saved';
  const list = words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)!}`;
  return `Details changed: ${list}`;
};

/** What may still change once a document is served: instructions and notes (and its status, sheriff, metadata). */
const OPEN_AFTER_SERVICE = new Set<string>([
  'special_instructions',
  'service_notes',
  'draft_metadata',
  'assigned_sheriff_id',
]);

const sameValue = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;

/**
 * PUT /documents/{id}: changes the fields sent (null and empty are dropped by the schema). `status: served`
 * submits: every wizard step must be complete and the signature must be the signer's name; the document is
 * then served, its files are fixed, the DSA is e-mailed a link and the proof of service is scheduled (one
 * transaction); the proof is then generated at once, or by its job if that fails (`Deps.serving`, modules/service).
 */
export async function updateDocument(ctx: Ctx, id: number, input: UpdateDocumentInput) {
  const result = await inTransaction(ctx, async (tx) => {
    const doc = await getDocumentForChange({ ...ctx, db: tx }, id);
    if (doc.revokedAt) throw new AppError(DocumentErrors.DOCUMENT_REVOKED);

    const values: Partial<repo.NewDocument> = {};
    const changed: string[] = [];
    for (const [field, column] of Object.entries(FIELD_COLUMNS) as [
      keyof typeof FIELD_COLUMNS,
      keyof repo.NewDocument,
    ][]) {
      const value = input[field];
      if (value === undefined || sameValue(value, doc[column as keyof repo.DocumentRow])) continue;
      (values as Record<string, unknown>)[column] = value;
      changed.push(field);
    }
    if (input.service_date !== undefined) {
      const date = new Date(input.service_date);
      if (!sameValue(date, doc.serviceDate)) {
        values.serviceDate = date;
        changed.push('service_date');
      }
    }
    if (
      input.firm_id !== undefined ||
      input.branch_id !== undefined ||
      input.digital_service_address !== undefined
    ) {
      const rep = await resolveLegalRep(tx, doc, input);
      if (rep.serviceFirmId !== doc.serviceFirmId) changed.push('firm_id');
      if (rep.serviceBranchId !== doc.serviceBranchId) changed.push('branch_id');
      if (rep.digitalServiceAddress !== doc.digitalServiceAddress) changed.push('digital_service_address');
      Object.assign(values, rep);
    }
    const sheriffChange =
      input.assigned_sheriff_id !== undefined && input.assigned_sheriff_id !== doc.assignedSheriffId;
    const target = input.status && input.status !== doc.status ? input.status : undefined;

    if (isClosed(doc.status) && (changed.length || sheriffChange))
      throw new AppError(DocumentErrors.DOCUMENT_CLOSED);
    if (wasSubmitted(doc) && changed.some((f) => !OPEN_AFTER_SERVICE.has(f)))
      throw new AppError(DocumentErrors.DOCUMENT_SERVED_LOCKED);
    if (target) assertTransition(doc, target);
    if (target === 'delivered' || target === 'received') await assertDeliveryEvidence(tx, doc.id, target);
    const sheriff = sheriffChange ? await assertSheriff(tx, input.assigned_sheriff_id!) : undefined;
    if (sheriff) values.assignedSheriffId = sheriff.id;

    let updated = Object.keys(values).length ? await repo.updateDocumentRow(tx, id, values) : doc;
    if (changed.length) {
      await addTimelineEvent(tx, {
        documentId: id,
        firmId: doc.firmId,
        type: 'updated',
        description: describeChanges(changed),
        performedById: ctx.actor.id,
        metadata: { changed_fields: changed },
      });
      await recordEvent(
        tx,
        'document.updated',
        eventPayload(updated, ctx.actor.id, { changedFields: changed }),
      );
    }
    if (sheriff) {
      await sheriffAssigned(tx, updated, ctx.actor.id, sheriff, doc.assignedSheriffId);
      await ctx.deps.serving.sheriffAssigned(tx, updated, sheriff.id);
    }
    if (target === 'served') {
      updated = await submit(ctx, tx, updated);
    } else if (target) {
      updated = await changeStatus(tx, updated, target, ctx.actor.id);
    }
    return { doc: updated, submitted: target === 'served' };
  });
  if (result.submitted && result.doc.servedAt) await ctx.deps.serving.committed(ctx, result.doc);
  return toDocumentDto(ctx.db, result.doc);
}

/**
 * A served document is `delivered` when its delivery record shows the recipient opened the link, and `received` when
 * they downloaded a file: nobody marks either on their word alone.
 */
async function assertDeliveryEvidence(db: DbOrTx, documentId: number, to: 'delivered' | 'received') {
  const kind = to === 'delivered' ? 'opened' : 'downloaded';
  if (!(await hasDeliveryEvent(db, documentId, kind)))
    throw appError(DocumentErrors.DELIVERY_NOT_EVIDENCED, { action: kind, status: to });
}

function assertTransition(doc: repo.DocumentRow, to: DocumentStatus) {
  // With the sheriff, only the sheriff's return serves the document; the firm may still withdraw it (cancelled).
  if (isWithSheriff(doc) && to !== 'cancelled') throw new AppError(DocumentErrors.AWAITING_SHERIFF_RETURN);
  if (to === 'draft' && wasSubmitted(doc)) throw new AppError(DocumentErrors.SERVED_TO_DRAFT);
  if (!canTransition(doc.status, to)) {
    throw appError(DocumentErrors.INVALID_STATUS_TRANSITION, { from: doc.status, to });
  }
}

/** Sets a status with its timeline entry and event. Exported for case closure (completed) as well. */
export async function changeStatus(
  tx: DbOrTx,
  doc: repo.DocumentRow,
  to: DocumentStatus,
  actorId: number,
  reason?: string,
) {
  const updated = await repo.updateDocumentRow(tx, doc.id, { status: to });
  await addTimelineEvent(tx, {
    documentId: doc.id,
    firmId: doc.firmId,
    type: 'status_changed',
    description: `Status changed from ${DOCUMENT_STATUS_LABELS[doc.status as DocumentStatus] ?? doc.status} to ${DOCUMENT_STATUS_LABELS[to] ?? to}${reason ? `: ${reason}` : ''}`,
    performedById: actorId,
    metadata: { from: doc.status, to, ...(reason ? { reason } : {}) },
  });
  await recordEvent(tx, 'document.status_changed', eventPayload(updated, actorId, { from: doc.status, to }));
  return updated;
}

/**
 * The submit, inside the PUT's transaction: checks every step, meters the plan, then serves by the document's
 * channel (docs/service-rules.md): initiating process goes to the assigned sheriff (status `assigned`, served later by
 * the sheriff's return); a document after initiating process is served electronically on the DSA at once.
 */
async function submit(ctx: Ctx, tx: DbOrTx, doc: repo.DocumentRow): Promise<repo.DocumentRow> {
  const problems = submitProblems({
    doc,
    fileCount: await countFiles(tx, doc.id),
    partyRoles: await documentPartyRoles(tx, doc.id),
    signerName: ctx.actor.fullName,
  });
  if (problems.length) throw validationError(problems.map((p) => ({ ...p, loc: p.loc })));
  await ctx.deps.limits.assertCanServeDocument(tx, doc.firmId);
  const now = ctx.deps.clock.now();
  await markFilesServed(tx, doc.id);
  if (serviceMethodOf(doc.documentType, doc.serviceMethod) === 'sheriff')
    return handToSheriff(ctx, tx, doc, now);

  const source = doc.serviceAddressSource ?? 'registered_on_lexserve';
  const served = await repo.updateDocumentRow(tx, doc.id, {
    status: 'served',
    submittedAt: now,
    servedAt: now,
    servedById: ctx.actor.id,
    serviceDate: doc.serviceDate ?? now,
    serviceAddressSource: source,
    serviceMethod: 'electronic',
  });
  await addTimelineEvent(tx, {
    documentId: doc.id,
    firmId: doc.firmId,
    type: 'status_changed',
    description: `Document signed by ${doc.signatureName} and served electronically on ${doc.digitalServiceAddress} (Uniform Rule 4A)`,
    performedById: ctx.actor.id,
    metadata: {
      from: doc.status,
      to: 'served',
      signature_name: doc.signatureName,
      digital_service_address: doc.digitalServiceAddress,
      service_method: 'electronic',
      address_source: source,
    },
  });
  await recordEvent(
    tx,
    'document.served',
    eventPayload(served, ctx.actor.id, { digitalServiceAddress: served.digitalServiceAddress }),
  );
  // The delivery link and, committed with the service itself, the proof of service's job (modules/service).
  await ctx.deps.serving.served(ctx, tx, served, now);
  return served;
}

/**
 * Initiating process (or a later document the firm chose to have served by the sheriff): its files are fixed and it is
 * with the assigned sheriff, status `assigned`. Nothing is e-mailed; its proof of service is the sheriff's return.
 */
async function handToSheriff(
  ctx: Ctx,
  tx: DbOrTx,
  doc: repo.DocumentRow,
  now: Date,
): Promise<repo.DocumentRow> {
  const sheriff = await assertSheriff(tx, doc.assignedSheriffId!);
  const rule = serviceChannelOf(doc.documentType)?.rule ?? 'chosen by the firm';
  const handed = await repo.updateDocumentRow(tx, doc.id, {
    status: 'assigned',
    submittedAt: now,
    serviceMethod: 'sheriff',
  });
  await ctx.deps.serving.handedToSheriff(tx, handed);
  await addTimelineEvent(tx, {
    documentId: doc.id,
    firmId: doc.firmId,
    type: 'status_changed',
    description: `Document signed by ${doc.signatureName} and handed to Sheriff ${sheriff.fullName} for service (${rule})`,
    performedById: ctx.actor.id,
    metadata: {
      from: doc.status,
      to: 'assigned',
      signature_name: doc.signatureName,
      service_method: 'sheriff',
      sheriff_id: sheriff.id,
      rule,
    },
  });
  await recordEvent(
    tx,
    'document.handed_to_sheriff',
    eventPayload(handed, ctx.actor.id, { sheriffId: sheriff.id }),
  );
  return handed;
}

/** DELETE /documents/{id}: drafts only; their stored files go too. */
export async function deleteDocument(ctx: Ctx, id: number) {
  const { files, doc } = await inTransaction(ctx, async (tx) => {
    const doc = await getDocumentForChange({ ...ctx, db: tx }, id);
    if (doc.status !== 'draft' || doc.servedAt || doc.submittedAt)
      throw new AppError(DocumentErrors.ONLY_DRAFTS_DELETABLE);
    const files = await listCaseFiles(tx, id);
    await repo.deleteDocumentRow(tx, id);
    await recordEvent(tx, 'document.deleted', eventPayload(doc, ctx.actor.id));
    return { files, doc };
  });
  const store = ctx.deps.files;
  await Promise.all(
    files.map((f) =>
      store
        .delete(f.storageKey)
        .catch((err) => ctx.log.warn({ err, key: f.storageKey }, 'stored file not deleted')),
    ),
  );
  return doc;
}

// ---------------------------------------------------------------------------------------------------------
// Sheriffs, revocation, timeline
// ---------------------------------------------------------------------------------------------------------

async function sheriffAssigned(
  tx: DbOrTx,
  doc: repo.DocumentRow,
  actorId: number,
  sheriff: { id: number; fullName: string } | null,
  previousSheriffId: number | null,
) {
  await addTimelineEvent(tx, {
    documentId: doc.id,
    firmId: doc.firmId,
    type: 'assigned',
    description: sheriff ? `Sheriff ${sheriff.fullName} assigned` : 'Sheriff assignment removed',
    performedById: actorId,
    metadata: {
      assigned_sheriff_id: sheriff?.id ?? null,
      sheriff_name: sheriff?.fullName ?? null,
      previous_sheriff_id: previousSheriffId,
    },
  });
  await recordEvent(tx, 'document.assigned', eventPayload(doc, actorId, { previousSheriffId }));
}

/** PUT /documents/{id}/assign-sheriff: assigns a sheriff from /users/sheriffs, or removes the assignment (null). */
export async function assignSheriff(ctx: Ctx, id: number, sheriffId: number | null) {
  const row = await inTransaction(ctx, async (tx) => {
    const doc = await getDocumentForChange({ ...ctx, db: tx }, id);
    assertCan(ctx.actor, 'documents:assign-sheriff');
    assertOpen(doc);
    if (doc.assignedSheriffId === sheriffId) {
      // The document names the sheriff already; people to be served given to another one come back to it.
      await ctx.deps.serving.sheriffAssigned(tx, doc, sheriffId);
      return doc;
    }
    const sheriff = sheriffId ? await assertSheriff(tx, sheriffId) : null;
    const updated = await repo.updateDocumentRow(tx, id, { assignedSheriffId: sheriff?.id ?? null });
    await sheriffAssigned(tx, updated, ctx.actor.id, sheriff, doc.assignedSheriffId);
    await ctx.deps.serving.sheriffAssigned(tx, updated, sheriff?.id ?? null);
    return updated;
  });
  return toDocumentDto(ctx.db, row);
}

/** POST /documents/{id}/revoke: a firm administrator withdraws a served document; verification then says revoked. */
export async function revokeDocument(ctx: Ctx, id: number, reason: string) {
  const doc = await getReadableDocument(ctx, id);
  if (!can(ctx.actor, 'documents:revoke')) throw new AppError(DocumentErrors.REVOKE_FORBIDDEN);
  const row = await inTransaction(ctx, async (tx) => {
    const current = (await repo.findDocumentInScope(tx, ctx.actor, doc.id, { forUpdate: true }))!;
    if (current.revokedAt) throw new AppError(DocumentErrors.ALREADY_REVOKED);
    if (!current.servedAt) throw new AppError(DocumentErrors.REVOKE_NOT_SERVED);
    const updated = await repo.updateDocumentRow(tx, id, {
      revokedAt: new Date(),
      revokeReason: reason,
      revokedById: ctx.actor.id,
    });
    await addTimelineEvent(tx, {
      documentId: id,
      firmId: doc.firmId,
      type: 'revoked',
      description: `Document revoked: ${reason}`,
      performedById: ctx.actor.id,
      metadata: { reason },
    });
    await recordEvent(tx, 'document.revoked', eventPayload(updated, ctx.actor.id, { reason }));
    return updated;
  });
  ctx.deps.verification.changed({ documentId: id });
  return toDocumentDto(ctx.db, row);
}

/** GET /documents/{id}/timeline with the filters of spec 2 §7. */
export async function getTimeline(ctx: Ctx, id: number, q: TimelineQuery) {
  await getReadableDocument(ctx, id);
  return listTimeline(ctx.db, id, q);
}

/*
 * For other modules (closures): a document in the actor's tenant scope without an ability check (the caller has its
 * own policy), locked when asked; and the timeline, written in the caller's transaction.
 */
export const documentInScope = (db: DbOrTx, actor: Actor, id: number, opts: { forUpdate?: boolean } = {}) =>
  repo.findDocumentInScope(db, actor, id, opts);
export type { DocumentRow } from './documents.repository';
export { addTimelineEvent } from '../trail/trail.service';
/** For modules that hang records off a document: revoked and closed documents take no more changes; was it served. */
export { assertOpen, wasServed } from './documents.policy';
