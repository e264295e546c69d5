import { ruleDeadlineEntries, type Deadline } from '@lexserve/contracts/deadlines';
import { DocumentErrors } from '@lexserve/contracts/documents';
import { partyDisplayName } from '@lexserve/contracts/parties';
import { serviceMethodOf } from '@lexserve/contracts/service-channels';
import {
  isServedParty,
  isTargetServed,
  SERVICE_TARGET_STATUS_LABELS,
  TargetErrors,
  type ReinstructTargetInput,
  type ServiceTarget,
} from '@lexserve/contracts/service-targets';
import { assertCan, can, type Actor } from '../../lib/access';
import { AppError, FieldError } from '../../lib/app-error';
import { inTransaction, type Ctx } from '../../lib/context';
import { recordEvent } from '../../lib/events';
import { sastDate } from '../../lib/money';
import type { DbOrTx } from '../../db/client';
import * as docs from '../documents/document-records.service';
import { assertOpen, getReadableDocument, getDocumentForChange } from '../documents/documents.service';
import { findProofByDocument } from '../evidence/evidence-records.service';
import { addTimelineEvent } from '../trail/trail.service';
import { checkSheriffArea, outOfAreaMessage } from '../users/sheriff-areas.service';
import * as repo from './targets.repository';

// ---------------------------------------------------------------------------------------------------------
// Service targets: each person a document is served on (docs/service-rules.md, "Service per person"), with their
// own channel, address, sheriff, status, date of service, attempts, returns and deadlines.
// ---------------------------------------------------------------------------------------------------------

export type TargetRow = repo.TargetRow;

const channelOf = (doc: docs.DocumentRow) => serviceMethodOf(doc.documentType, doc.serviceMethod);

/**
 * Brings a document's targets in line with its parties while it is not yet submitted: one per party on the
 * receiving side of the citation or marked to be served, with the document's channel, the party's address (the DSA
 * when served electronically) and the document's sheriff. Targets of parties no longer served go, unless something
 * was recorded on them. A submitted document's targets are its record and are left as they are.
 */
async function syncTargets(tx: DbOrTx, doc: docs.DocumentRow): Promise<void> {
  if (doc.submittedAt || doc.servedAt) return;
  const method = channelOf(doc);
  const links = method
    ? (await repo.partyLinksOf(tx, doc.id)).filter((l) => isServedParty(l.role, l.toBeServed))
    : [];
  const existing = await repo.targetsOf(tx, doc.id);
  const wanted = new Map(links.map((l) => [l.partyId, l]));
  const addressOf = (l: (typeof links)[number]) =>
    method === 'electronic'
      ? (doc.digitalServiceAddress ?? l.physicalAddress)
      : (l.physicalAddress ?? doc.recipientAddress);
  await repo.deleteUntouchedTargets(
    tx,
    existing.filter((t) => !wanted.has(t.partyId)).map((t) => t.id),
  );
  for (const t of existing) {
    const link = wanted.get(t.partyId);
    if (!link || t.status !== 'pending') continue;
    const values = {
      channel: method!,
      address: addressOf(link),
      sheriffId: method === 'sheriff' ? doc.assignedSheriffId : null,
    };
    if (values.channel !== t.channel || values.address !== t.address || values.sheriffId !== t.sheriffId)
      await repo.updateTarget(tx, t.id, values);
  }
  const have = new Set(existing.map((t) => t.partyId));
  await repo.insertTargets(
    tx,
    links
      .filter((l) => !have.has(l.partyId))
      .map((l) => ({
        documentId: doc.id,
        firmId: doc.firmId,
        partyId: l.partyId,
        channel: method!,
        address: addressOf(l),
        sheriffId: method === 'sheriff' ? doc.assignedSheriffId : null,
      })),
  );
}

/** Submitted for service by the sheriff: every target is with the document's sheriff. */
export async function targetsHandedToSheriff(tx: DbOrTx, doc: docs.DocumentRow): Promise<void> {
  await syncTargets(tx, { ...doc, submittedAt: null });
  for (const t of await repo.targetsOf(tx, doc.id)) {
    if (t.status !== 'pending') continue;
    const sheriffId = t.sheriffId ?? doc.assignedSheriffId;
    await repo.updateTarget(tx, t.id, {
      channel: 'sheriff',
      sheriffId,
      status: 'with_sheriff',
      areaConfirmed: sheriffId ? (await checkSheriffArea(tx, sheriffId, t.address)).confirmed : false,
    });
  }
}

/** Served electronically at `at`: every target is served, on the document's date of service. */
export async function targetsServedElectronically(
  tx: DbOrTx,
  doc: docs.DocumentRow,
  at: Date,
): Promise<void> {
  await syncTargets(tx, { ...doc, submittedAt: null, servedAt: null });
  for (const t of await repo.targetsOf(tx, doc.id))
    await repo.updateTarget(tx, t.id, {
      channel: 'electronic',
      status: 'served_electronically',
      servedAt: at,
      serviceDate: sastDate(doc.serviceDate ?? at),
      sheriffId: null,
    });
}

/**
 * PUT /documents/{id}/assign-sheriff (and the document's assigned_sheriff_id): every target not yet served goes to the
 * sheriff (or to none); a target already with a sheriff stays with the sheriff it names.
 */
export async function targetsAssigned(tx: DbOrTx, doc: docs.DocumentRow, sheriffId: number | null) {
  await syncTargets(tx, doc);
  for (const t of await repo.targetsOf(tx, doc.id)) {
    if (isTargetServed(t.status) || t.channel !== 'sheriff' || t.sheriffId === sheriffId) continue;
    await repo.updateTarget(tx, t.id, {
      sheriffId,
      status: doc.submittedAt && sheriffId && t.status === 'pending' ? 'with_sheriff' : t.status,
      areaConfirmed: sheriffId ? (await checkSheriffArea(tx, sheriffId, t.address)).confirmed : false,
    });
  }
}

/** The summary the document shows: targets, served (by the sheriff or electronically), not served, pending. */
export function summaryOf(targets: Pick<TargetRow, 'status'>[]) {
  return {
    targets: targets.length,
    served: targets.filter((t) => isTargetServed(t.status)).length,
    not_served: targets.filter((t) => t.status === 'not_served').length,
    pending: targets.filter((t) => t.status === 'pending' || t.status === 'with_sheriff').length,
  };
}

/**
 * The target an attempt or return is for: the one named (404 when not the document's), the only one without a name,
 * and a 422 on `target_id` when the document has several. Null for a document without targets (recorded before
 * service per person and with no party on the receiving side): the document-level rules apply.
 */
export async function resolveTarget(
  tx: DbOrTx,
  documentId: number,
  targetId: number | null | undefined,
  opts: { forUpdate?: boolean } = {},
): Promise<TargetRow | null> {
  if (targetId) {
    const found = await repo.findTarget(tx, documentId, targetId, opts);
    if (!found) throw new AppError(TargetErrors.TARGET_NOT_FOUND);
    return found;
  }
  const all = await repo.targetsOf(tx, documentId, opts);
  if (all.length > 1)
    throw new FieldError(
      ['body', 'target_id'],
      `This document is to be served on ${all.length} people: name the one this is for (target_id).`,
    );
  return all[0] ?? null;
}

/** Only the target's sheriff, or a deputy of that sheriff's office, records on it. */
export const isTargetSheriff = (actor: Actor, target: Pick<TargetRow, 'sheriffId'>) =>
  can(actor, 'documents:record-service') &&
  target.sheriffId !== null &&
  (target.sheriffId === actor.id || target.sheriffId === actor.sheriffOfficeId);

/** The return's address against the sheriff's area (Sheriffs Act s 3): 422 on `address` outside it. */
export async function assertReturnInArea(tx: DbOrTx, sheriffId: number, address: string | null) {
  const check = await checkSheriffArea(tx, sheriffId, address);
  if (!check.covered) throw new FieldError(['body', 'address'], outOfAreaMessage(address ?? '', check));
  return check.confirmed;
}

/** Two addresses are the same when they read the same, case, accents and punctuation aside. */
export const sameAddress = (a: string | null, b: string | null) =>
  (a ?? '')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim() ===
  (b ?? '')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** A return of service for the target: served, on the return's date. */
export const markTargetServed = (tx: DbOrTx, target: TargetRow, returnId: number, servedAt: Date) =>
  repo.updateTarget(tx, target.id, {
    status: 'served',
    servedAt,
    serviceDate: sastDate(servedAt),
    servedReturnId: returnId,
  });

/** A return of non-service: not served, still with the sheriff (further attempts and returns are allowed). */
export const markTargetNotServed = (tx: DbOrTx, target: TargetRow) =>
  repo.updateTarget(tx, target.id, { status: 'not_served' });

export const targetsOf = (db: DbOrTx, documentId: number, opts: { forUpdate?: boolean } = {}) =>
  repo.targetsOf(db, documentId, opts);

/** The targets of a document with their party's name (for returns and the trail). */
export async function partyNamesOf(db: DbOrTx, documentId: number): Promise<Map<number, string>> {
  return new Map(
    (await repo.listTargets(db, documentId)).map((r) => [r.target.id, partyDisplayName(r.party)]),
  );
}

/** A target's rule deadlines, from its own date of service (none before, or on a revoked document). */
function targetDeadlines(
  doc: Pick<docs.DocumentRow, 'id' | 'documentType' | 'courtName' | 'revokedAt'>,
  target: Pick<TargetRow, 'id' | 'serviceDate'>,
  partyName: string,
  several: boolean,
): Deadline[] {
  if (!target.serviceDate || doc.revokedAt) return [];
  return ruleDeadlineEntries({
    documentId: doc.id,
    documentType: doc.documentType,
    courtName: doc.courtName,
    serviceDate: target.serviceDate,
    target: { id: target.id, partyName, several },
  });
}

/** GET /documents/{id}/service-targets: everyone who may read the document (a draft's are brought up to date first). */
export async function listServiceTargets(ctx: Ctx, id: number): Promise<{ targets: ServiceTarget[] }> {
  const doc = await getReadableDocument(ctx, id);
  if (!doc.submittedAt && !doc.servedAt && can(ctx.actor, 'documents:update'))
    await inTransaction(ctx, (tx) => syncTargets(tx, doc));
  const [rows, returns, proof] = await Promise.all([
    repo.listTargets(ctx.db, doc.id),
    repo.returnsOfDocument(ctx.db, doc.id),
    findProofByDocument(ctx.db, doc.id),
  ]);
  const several = rows.length > 1;
  return {
    targets: rows.map(({ target: t, party, sheriffName, sheriffOffice }) => {
      const partyName = partyDisplayName(party);
      return {
        id: t.id,
        document_id: t.documentId,
        party_id: t.partyId,
        party_name: partyName,
        channel: t.channel,
        address: t.address,
        sheriff: t.sheriffId
          ? { id: t.sheriffId, full_name: sheriffName ?? '', office_name: sheriffOffice ?? null }
          : null,
        area_confirmed: t.areaConfirmed,
        status: t.status,
        status_label: SERVICE_TARGET_STATUS_LABELS[t.status],
        served_at: t.servedAt?.toISOString() ?? null,
        service_date: t.serviceDate,
        returns: returns
          .filter((r) => r.targetId === t.id)
          .map((r) => ({
            id: r.id,
            kind: r.kind,
            outcome: r.outcome,
            served_at: r.servedAt?.toISOString() ?? null,
            issued_at: r.issuedAt.toISOString(),
            sheriff_name: r.sheriffName,
            security_id: proof?.securityId ?? null,
          })),
        deadlines: targetDeadlines(doc, t, partyName, several),
      };
    }),
  };
}

async function targetForChange(ctx: Ctx, tx: DbOrTx, id: number, targetId: number) {
  const doc = await getDocumentForChange({ ...ctx, db: tx }, id);
  assertCan(ctx.actor, 'documents:assign-sheriff');
  assertOpen(doc);
  const target = await repo.findTarget(tx, doc.id, targetId, { forUpdate: true });
  if (!target) throw new AppError(TargetErrors.TARGET_NOT_FOUND);
  if (isTargetServed(target.status)) throw new AppError(TargetErrors.TARGET_ALREADY_SERVED);
  if (target.channel !== 'sheriff') throw new AppError(TargetErrors.TARGET_NOT_BY_SHERIFF);
  return { doc, target };
}

async function activeSheriff(tx: DbOrTx, sheriffId: number) {
  const sheriff = await docs.findActiveSheriff(tx, sheriffId);
  if (!sheriff) throw new AppError(DocumentErrors.SHERIFF_NOT_FOUND);
  return sheriff;
}

/**
 * A sheriff serves only within the area of appointment (Sheriffs Act s 3): an address in another known area is a 422
 * on `sheriff_id` naming that area's sheriff; an address that matches no known area is allowed, "area not confirmed".
 */
async function assertInArea(tx: DbOrTx, sheriffId: number, address: string | null) {
  const check = await checkSheriffArea(tx, sheriffId, address);
  if (!check.covered) throw new FieldError(['body', 'sheriff_id'], outOfAreaMessage(address ?? '', check));
  return check.confirmed;
}

/**
 * Keeps documents.assigned_sheriff_id in step for older readers: it names the sheriff of the people not yet served
 * when they all have the same one (the single-target case); otherwise it stays, and each target names its own.
 */
async function keepDocumentSheriff(tx: DbOrTx, doc: docs.DocumentRow, sheriffId: number) {
  if (doc.assignedSheriffId === sheriffId) return doc;
  const open = (await repo.targetsOf(tx, doc.id)).filter((t) => !isTargetServed(t.status));
  if (open.some((t) => t.sheriffId !== sheriffId)) return doc;
  return docs.updateDocumentRow(tx, doc.id, { assignedSheriffId: sheriffId });
}

/** PUT /documents/{id}/service-targets/{targetId} { sheriff_id }: one person to one sheriff (409 once served). */
export async function assignTarget(ctx: Ctx, id: number, targetId: number, sheriffId: number) {
  await inTransaction(ctx, async (tx) => {
    const { doc, target } = await targetForChange(ctx, tx, id, targetId);
    if (target.sheriffId === sheriffId) return;
    const sheriff = await activeSheriff(tx, sheriffId);
    const areaConfirmed = await assertInArea(tx, sheriff.id, target.address);
    const submitted = Boolean(doc.submittedAt);
    await repo.updateTarget(tx, target.id, {
      sheriffId: sheriff.id,
      areaConfirmed,
      status: submitted && target.status === 'pending' ? 'with_sheriff' : target.status,
    });
    const names = await partyNamesOf(tx, doc.id);
    const updated = await keepDocumentSheriff(tx, doc, sheriff.id);
    await addTimelineEvent(tx, {
      documentId: doc.id,
      firmId: doc.firmId,
      type: 'assigned',
      description: `Sheriff ${sheriff.fullName} assigned to serve ${names.get(target.id) ?? 'the person to be served'}`,
      performedById: ctx.actor.id,
      metadata: {
        target_id: target.id,
        assigned_sheriff_id: sheriff.id,
        sheriff_name: sheriff.fullName,
        previous_sheriff_id: target.sheriffId,
      },
    });
    await recordEvent(
      tx,
      'document.assigned',
      docs.eventPayload({ ...updated, assignedSheriffId: sheriff.id }, ctx.actor.id, {
        previousSheriffId: target.sheriffId,
      }),
    );
  });
  return listServiceTargets(ctx, id);
}

/**
 * POST /documents/{id}/service-targets/{targetId}/reinstruct: the person is handed to another sheriff (the defendant
 * moved; another area) with the same process, at a new address if given. Earlier attempts and returns stay on the
 * record; the trail says why; both sheriffs are told; the new sheriff sees the document at once.
 */
export async function reinstructTarget(ctx: Ctx, id: number, targetId: number, input: ReinstructTargetInput) {
  await inTransaction(ctx, async (tx) => {
    const { doc, target } = await targetForChange(ctx, tx, id, targetId);
    const sheriff = await activeSheriff(tx, input.sheriff_id);
    const areaConfirmed = await assertInArea(tx, sheriff.id, input.address ?? target.address);
    await repo.updateTarget(tx, target.id, {
      sheriffId: sheriff.id,
      areaConfirmed,
      status: doc.submittedAt ? 'with_sheriff' : 'pending',
      ...(input.address ? { address: input.address } : {}),
    });
    const names = await partyNamesOf(tx, doc.id);
    const previous = target.sheriffId ? await docs.findActiveSheriff(tx, target.sheriffId) : undefined;
    const updated = await keepDocumentSheriff(tx, doc, sheriff.id);
    const who = names.get(target.id) ?? 'the person to be served';
    await addTimelineEvent(tx, {
      documentId: doc.id,
      firmId: doc.firmId,
      type: 'assigned',
      description:
        `Re-instructed: service on ${who} handed ${previous ? `from Sheriff ${previous.fullName} ` : ''}to Sheriff ${sheriff.fullName}` +
        `${input.address ? ` at ${input.address}` : ''}: ${input.reason}`,
      performedById: ctx.actor.id,
      metadata: {
        target_id: target.id,
        reinstructed: true,
        assigned_sheriff_id: sheriff.id,
        sheriff_name: sheriff.fullName,
        previous_sheriff_id: target.sheriffId,
        address: input.address ?? target.address,
        reason: input.reason,
      },
    });
    // The new sheriff is told it is theirs to serve; the previous one that it was taken from them.
    await recordEvent(
      tx,
      'document.assigned',
      docs.eventPayload({ ...updated, assignedSheriffId: sheriff.id }, ctx.actor.id, {
        previousSheriffId: target.sheriffId,
      }),
    );
    if (target.sheriffId && target.sheriffId !== sheriff.id)
      await recordEvent(
        tx,
        'document.reinstructed',
        docs.eventPayload({ ...updated, assignedSheriffId: target.sheriffId }, ctx.actor.id, {
          targetId: target.id,
          toSheriffId: sheriff.id,
          reason: input.reason,
        }),
      );
  });
  return listServiceTargets(ctx, id);
}
