import { DocumentErrors } from '@lexserve/contracts/documents';
import {
  RETURN_KIND_TITLES,
  ReturnErrors,
  SERVICE_MANNER_DETAILS,
  mannerRule,
  returnKindOf,
  returnTotals,
  type ReturnInput,
  type ServiceReturn,
} from '@lexserve/contracts/returns';
import { can } from '../../lib/access';
import { AppError, FieldError, isUniqueViolation } from '../../lib/app-error';
import { inTransaction, type Ctx } from '../../lib/context';
import { recordEvent } from '../../lib/events';
import type { DbOrTx } from '../../db/client';
import * as docs from '../documents/document-records.service';
import {
  eventPayload,
  isClosed,
  isWithSheriff,
  markFilesServed,
} from '../documents/document-records.service';
import { getReadableDocument, wasServed } from '../documents/documents.service';
import { drawReturnProof, scheduleReturnProofJob } from '../evidence/proof-of-service.service';
import { findProofByDocument } from '../evidence/evidence-records.service';
import * as repo from './returns.repository';
import { attemptsOf } from './service-attempts.service';
import { addTimelineEvent } from '../trail/trail.service';
import {
  assertReturnInArea,
  isTargetSheriff,
  sameAddress,
  markTargetNotServed,
  markTargetServed,
  partyNamesOf,
  resolveTarget,
  summaryOf,
  targetsOf,
} from './targets.service';
import { isTargetServed } from '@lexserve/contracts/service-targets';

// ---------------------------------------------------------------------------------------------------------
// Returns: the assigned sheriff's Return of Service (the document is served) or Return of Non-Service (it stays
// with the sheriff). Each is drawn as a new version of the document's proof of service (same security ID).
// ---------------------------------------------------------------------------------------------------------

async function returnDto(
  db: DbOrTx,
  r: repo.ReturnRow,
  securityId: string | null,
  names?: Map<number, string>,
): Promise<ServiceReturn> {
  const partyNames = names ?? (r.targetId ? await partyNamesOf(db, r.documentId) : new Map<number, string>());
  const attempts = await attemptsOf(db, r.documentId, r.issuedAt);
  return {
    id: r.id,
    document_id: r.documentId,
    kind: r.kind,
    outcome: r.outcome,
    manner: r.manner,
    manner_label: r.manner ? SERVICE_MANNER_DETAILS[r.manner].label : null,
    rule: r.rule,
    served_at: r.servedAt?.toISOString() ?? null,
    address: r.address,
    person_served_name: r.personServedName,
    person_served_capacity: r.personServedCapacity,
    nature_explained: r.natureExplained,
    non_service_reason: r.nonServiceReason,
    diligent_search: r.diligentSearch,
    fees: r.fees,
    vat_registered: r.vatRegistered,
    subtotal_cents: Number(r.subtotalCents),
    vat_cents: Number(r.vatCents),
    total_cents: Number(r.totalCents),
    sheriff: {
      id: r.sheriffId,
      full_name: r.sheriffFullName,
      office_name: r.sheriffOfficeName,
      appointment_number: r.sheriffAppointmentNumber,
      service_areas: r.sheriffServiceAreas,
    },
    issued_at: r.issuedAt.toISOString(),
    // The attempts on this return's person (all of the document's for a return made before service per person).
    attempts: r.targetId ? attempts.filter((a) => a.target_id === r.targetId) : attempts,
    security_id: securityId,
    proof_version: r.proofVersion,
    target_id: r.targetId,
    party_name: r.targetId ? (partyNames.get(r.targetId) ?? null) : null,
    area_confirmed: r.areaConfirmed,
    other_address_instruction: r.otherAddressInstruction,
  };
}

/** GET /documents/{id}/returns: the document's returns, newest first, to everyone who may read it. */
export async function listReturns(ctx: Ctx, id: number) {
  await getReadableDocument(ctx, id);
  const [rows, proof, names] = await Promise.all([
    repo.listReturns(ctx.db, id),
    findProofByDocument(ctx.db, id),
    partyNamesOf(ctx.db, id),
  ]);
  return {
    returns: await Promise.all(rows.map((r) => returnDto(ctx.db, r, proof?.securityId ?? null, names))),
  };
}

/**
 * The return's 409s: a revoked or closed document takes none; a served one takes no second return; otherwise the
 * document must be with the sheriff for service: submitted, status `assigned`, not yet served.
 */
function assertAwaitsReturn(doc: docs.DocumentRow) {
  if (doc.revokedAt) throw new AppError(DocumentErrors.DOCUMENT_REVOKED);
  if (isClosed(doc.status)) throw new AppError(DocumentErrors.DOCUMENT_CLOSED);
  if (wasServed(doc)) throw new AppError(ReturnErrors.RETURN_ALREADY_SERVED);
  if (doc.status !== 'assigned' || !isWithSheriff(doc))
    throw new AppError(ReturnErrors.RETURN_NOT_AWAITING_SERVICE);
}

/**
 * POST /documents/{id}/returns: only the assigned sheriff (403), only while the document is with the sheriff for
 * service (409). A return of service serves the document (status `served`, served now, service date = served_at,
 * served by the sheriff, files fixed as served) and tells the firm; a return of non-service leaves it `assigned`.
 * Either is then drawn as a new version of the proof of service; the job scheduled with it draws it should this
 * request not get to.
 */
export async function issueReturn(ctx: Ctx, id: number, input: ReturnInput): Promise<ServiceReturn> {
  await getReadableDocument(ctx, id);
  if (!can(ctx.actor, 'documents:record-service'))
    throw new AppError(ReturnErrors.RETURN_NOT_ASSIGNED_SHERIFF);
  const kind = returnKindOf(input.outcome);
  const served = input.outcome === 'served';
  const totals = returnTotals(input.fees ?? [], input.vat_registered);

  let ret: repo.ReturnRow;
  try {
    ret = await inTransaction(ctx, async (tx) => {
      const doc = await docs.findDocumentInScope(tx, ctx.actor, id, { forUpdate: true });
      if (!doc) throw new AppError(ReturnErrors.RETURN_NOT_ASSIGNED_SHERIFF);
      // The person the return is for (service per person); a document without any keeps the document's rules.
      const target = await resolveTarget(tx, doc.id, input.target_id, { forUpdate: true });
      if (target ? !isTargetSheriff(ctx.actor, target) : doc.assignedSheriffId !== ctx.actor.id)
        throw new AppError(ReturnErrors.RETURN_NOT_ASSIGNED_SHERIFF);
      assertAwaitsReturn(doc);
      if (target && isTargetServed(target.status)) throw new AppError(ReturnErrors.RETURN_ALREADY_SERVED);
      if (!target && served && (await repo.findServedReturn(tx, doc.id)))
        throw new AppError(ReturnErrors.RETURN_ALREADY_SERVED);
      // Service per person: within the sheriff's area, at the process's address unless the attorney instructed another.
      const areaConfirmed = await assertReturnInArea(
        tx,
        target?.sheriffId ?? ctx.actor.id,
        input.address ?? null,
      );
      if (
        target &&
        input.address &&
        !sameAddress(input.address, target.address) &&
        !input.other_address_instruction
      )
        throw new FieldError(
          ['body', 'other_address_instruction'],
          `The process gives ${target.address ?? 'no address'} for this person: serving at another address needs the attorney's written instruction (other_address_instruction).`,
        );
      const sheriff = await repo.findSheriff(tx, ctx.actor.id);
      const now = ctx.deps.clock.now();
      const row = await repo.insertReturn(tx, {
        documentId: doc.id,
        firmId: doc.firmId,
        targetId: target?.id ?? null,
        areaConfirmed,
        otherAddressInstruction: input.other_address_instruction ?? null,
        sheriffId: ctx.actor.id,
        kind,
        outcome: input.outcome,
        manner: served ? input.manner! : null,
        rule: served ? mannerRule(input.manner!, doc.courtName) : null,
        courtName: doc.courtName,
        servedAt: served ? new Date(input.served_at!) : null,
        address: input.address ?? null,
        personServedName: served ? input.person_served_name! : null,
        personServedCapacity: served ? input.person_served_capacity! : null,
        natureExplained: served ? input.nature_explained === true : null,
        nonServiceReason: served ? null : input.non_service_reason!,
        diligentSearch: served ? null : input.diligent_search!,
        fees: input.fees ?? [],
        vatRegistered: input.vat_registered,
        subtotalCents: totals.subtotal_cents,
        vatCents: totals.vat_cents,
        totalCents: totals.total_cents,
        sheriffFullName: sheriff?.fullName ?? ctx.actor.fullName ?? '',
        sheriffOfficeName: sheriff?.profile?.officeName ?? null,
        sheriffAppointmentNumber: sheriff?.profile?.appointmentNumber ?? null,
        sheriffServiceAreas: sheriff?.profile?.serviceAreas ?? [],
        issuedAt: now,
      });
      const title = RETURN_KIND_TITLES[kind];
      // The person's own status; the document is served once every person is.
      if (target) {
        if (served) await markTargetServed(tx, target, row.id, row.servedAt!);
        else await markTargetNotServed(tx, target);
      }
      const targets = target ? await targetsOf(tx, doc.id) : [];
      const summary = summaryOf(targets);
      const names = targets.length > 1 ? await partyNamesOf(tx, doc.id) : undefined;
      const forWhom =
        target && names
          ? ` (for ${names.get(target.id)}: served on ${summary.served} of ${summary.targets})`
          : '';
      const allServed = served && (!target || summary.served === summary.targets);
      await addTimelineEvent(tx, {
        documentId: doc.id,
        firmId: doc.firmId,
        type: 'return_issued',
        description: served
          ? `${title} issued by ${row.sheriffFullName}: served on ${row.personServedName} (${row.personServedCapacity}) at ${row.address}, ${row.rule}${forWhom}`
          : `${title} issued by ${row.sheriffFullName}: ${row.nonServiceReason}${forWhom}`,
        performedById: ctx.actor.id,
        metadata: {
          return_id: row.id,
          kind,
          outcome: input.outcome,
          manner: row.manner,
          rule: row.rule,
          served_at: row.servedAt?.toISOString() ?? null,
          total_cents: totals.total_cents,
          target_id: target?.id ?? null,
          party_name: target && names ? (names.get(target.id) ?? null) : null,
        },
      });
      let current = doc;
      if (allServed) {
        // The document's date of service: the latest of its people's (docs/service-rules.md).
        const latest = targets.reduce<Date>(
          (at, t) => (t.servedAt && t.servedAt > at ? t.servedAt : at),
          row.servedAt!,
        );
        current = await docs.updateDocumentRow(tx, doc.id, {
          status: 'served',
          servedAt: now,
          servedById: ctx.actor.id,
          serviceDate: latest,
        });
        await markFilesServed(tx, doc.id);
        await addTimelineEvent(tx, {
          documentId: doc.id,
          firmId: doc.firmId,
          type: 'status_changed',
          description: `Status changed from ${doc.status} to served: served by the sheriff (${title.toLowerCase()})`,
          performedById: ctx.actor.id,
          metadata: { from: doc.status, to: 'served', return_id: row.id },
        });
        await recordEvent(
          tx,
          'document.status_changed',
          eventPayload(current, ctx.actor.id, { from: doc.status, to: 'served' }),
        );
        await recordEvent(
          tx,
          'document.served',
          eventPayload(current, ctx.actor.id, { digitalServiceAddress: null, returnId: row.id }),
        );
      }
      await recordEvent(
        tx,
        'document.return_issued',
        eventPayload(current, ctx.actor.id, { returnId: row.id, kind }),
      );
      await scheduleReturnProofJob(tx, doc.id, row.id, ctx.actor.id, now);
      return row;
    });
  } catch (err) {
    // Two served returns at once: the database keeps one (service_returns_one_served).
    if (isUniqueViolation(err, 'service_returns_one_served'))
      throw new AppError(ReturnErrors.RETURN_ALREADY_SERVED, { cause: err });
    throw err;
  }
  if (served) ctx.deps.verification.changed({ documentId: id });

  // The proof right away (the fast path); the job above draws it if this fails or the process stops first.
  try {
    await drawReturnProof(ctx, id, ret.id, ctx.actor.id);
  } catch (err) {
    ctx.log.error(
      { err, documentId: id, returnId: ret.id },
      'drawing the return as proof of service failed; the return proof job will retry',
    );
  }
  const [fresh, proof] = await Promise.all([
    repo.findReturn(ctx.db, ret.id),
    findProofByDocument(ctx.db, id),
  ]);
  return returnDto(ctx.db, fresh ?? ret, proof?.securityId ?? null);
}
