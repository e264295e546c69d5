import { sealIssuedPdf } from '../seal/seal.service';
import type { Readable } from 'node:stream';
import {
  CASE_PRIORITY_LABELS,
  PROOF_VERSION_REASON_LABELS,
  ProofErrors,
  documentTypeLabel,
  proofFileName,
  type ProofOfServiceStatus,
  type ProofVersionList,
  type ProofVersionReason,
} from '@lexserve/contracts/documents';
import { CommonErrors } from '@lexserve/contracts/errors';
import { PARTY_ROLE_LABELS, type PartyRole } from '@lexserve/contracts/parties';
import { addressSourceLabel } from '@lexserve/contracts/service-channels';
import { can, type Actor } from '../../lib/access';
import { AppError, appError } from '../../lib/app-error';
import { inTransaction, type Ctx } from '../../lib/context';
import { recordEvent } from '../../lib/events';
import { scheduleJob } from '../../lib/jobs';
import { FileMissingError } from '../../lib/storage';
import { sha256 } from '../../lib/tokens';
import type { DbOrTx } from '../../db/client';
import { documentPartyLinks } from '../parties/parties.service';
import { newSecurityId } from './security-id';
import {
  deliveryEventsOfDocument,
  latestDeliveries,
  latestReturn,
  setReturnProofVersion,
  type ReturnRow,
} from './service-record.repository';
import * as docs from '../documents/document-records.service';
import {
  eventPayload,
  isWithSheriff,
  listCaseFiles,
  recordMissingTimestamp,
} from '../documents/document-records.service';
import { newFileKey } from '../documents/files.service';
import { renderProofOfService, type ProofData } from './proof-of-service-pdf';
import * as repo from './proof-of-service.repository';
import { collectReturnData } from './return-of-service-data';
import { renderReturnOfService } from './return-of-service-pdf';
import { addTimelineEvent } from '../trail/trail.service';
import { trailHead } from '../trail/trail.service';

/** The public check of a proof; with a version, of that version (the QR code of each version carries its number). */
export const verificationUrlOf = (publicUrl: string, securityId: string, version?: number) =>
  `${publicUrl.replace(/\/$/, '')}/verify/${securityId}${version ? `?version=${version}` : ''}`;

/**
 * Everything the PDF of `version` shows, read in one place (the caller has checked the actor's scope), with the
 * newest delivery event it shows (a later refresh with nothing newer is skipped).
 */
async function collectProofData(
  db: DbOrTx,
  doc: docs.DocumentRow,
  securityId: string,
  publicUrl: string,
  version: number,
): Promise<{ data: ProofData; deliveryEventId: number | null }> {
  const firmIds = [doc.firmId, ...(doc.serviceFirmId ? [doc.serviceFirmId] : [])];
  const branchIds = [doc.branchId, doc.serviceBranchId].filter((id): id is number => id != null);
  const [firms, branches, people, links, files, deliveries, trail] = await Promise.all([
    docs.firmsByIds(db, firmIds),
    docs.branchesByIds(db, branchIds),
    docs.usersByIds(db, [doc.servedById ?? doc.createdById]),
    documentPartyLinks(db, doc.id),
    listCaseFiles(db, doc.id),
    latestDeliveries(db, [doc.id]),
    trailHead(db, doc.id),
  ]);
  const delivery = deliveries.get(doc.id);
  // The record of every link of the document (a fresh link or a resend supersedes a link, not its history).
  const deliveryEvents = delivery ? await deliveryEventsOfDocument(db, doc.id) : [];
  const firstSent = deliveryEvents.find((e) => e.kind === 'sent');
  const firm = firms.get(doc.firmId)!;
  const branch = doc.branchId ? branches.get(doc.branchId) : undefined;
  const signer = people.get(doc.servedById ?? doc.createdById);
  const served = files.filter((f) => f.isServed);
  const data: ProofData = {
    securityId,
    verificationUrl: verificationUrlOf(publicUrl, securityId, version),
    generatedAt: new Date(),
    firm: { name: firm.name, address: firm.address, email: firm.contactEmail, phone: firm.phone },
    branch: branch
      ? { name: branch.name, practiceNumber: branch.practiceNumber, address: branch.address }
      : null,
    servedOn: {
      firmName: doc.serviceFirmId ? (firms.get(doc.serviceFirmId)?.name ?? null) : null,
      branchName: doc.serviceBranchId ? (branches.get(doc.serviceBranchId)?.name ?? null) : null,
      digitalServiceAddress: doc.digitalServiceAddress ?? '—',
    },
    case: {
      title: doc.title,
      caseNumber: doc.caseNumber,
      documentType: doc.documentType ? documentTypeLabel(doc.documentType) : null,
      category: doc.caseCategory,
      priority: doc.casePriority ? CASE_PRIORITY_LABELS[doc.casePriority] : null,
      attorney: doc.clientName,
      recipientName: doc.recipientName,
      recipientAddress: doc.recipientAddress,
    },
    parties: links.map((l) => ({
      role: `${PARTY_ROLE_LABELS[l.role as PartyRole] ?? l.role}${l.is_primary ? ' (primary)' : ''}`,
      name: l.party.display_name,
      identifier: l.party.id_number
        ? `ID ${l.party.id_number}`
        : l.party.registration_number
          ? `Reg. ${l.party.registration_number}`
          : null,
      email: l.party.email,
    })),
    files: served.map((f) => ({ filename: f.filename, size: Number(f.size), sha256: f.sha256 })),
    trailHeadHash: trail.head_hash,
    servedAt: doc.servedAt ?? new Date(),
    serviceDate: doc.serviceDate ?? doc.servedAt ?? new Date(),
    signatureName: doc.signatureName ?? '',
    signedBy: signer ? { name: signer.fullName, email: signer.email } : null,
    addressSource: addressSourceLabel(doc.serviceAddressSource ?? 'registered_on_lexserve'),
    delivery: delivery
      ? {
          toAddress: delivery.toAddress,
          sentAt: firstSent?.createdAt ?? delivery.sentAt,
          expiresAt: delivery.expiresAt,
          events: deliveryEvents.map((e) => ({
            kind: e.kind === 'sent' && e !== firstSent ? 'resent' : e.kind,
            at: e.createdAt,
            ip: e.ip,
            userAgent: e.userAgent,
            filename: e.filename,
          })),
        }
      : null,
  };
  return { data, deliveryEventId: deliveryEvents.at(-1)?.id ?? null };
}

function toStatus(
  publicUrl: string,
  documentId: number,
  proof: repo.ProofRow | undefined,
  file: repo.ProofFileRow | undefined,
  awaitingSheriffReturn = false,
): ProofOfServiceStatus {
  if (!proof || !file) {
    return {
      exists: false,
      document_id: documentId,
      security_id: null,
      version: null,
      generated_at: null,
      sha256: null,
      size: null,
      verification_count: null,
      verification_url: null,
      awaiting_sheriff_return: awaitingSheriffReturn,
    };
  }
  return {
    exists: true,
    document_id: documentId,
    security_id: proof.securityId,
    version: file.version,
    generated_at: file.createdAt.toISOString(),
    sha256: file.sha256,
    size: Number(file.size),
    verification_count: proof.verificationCount,
    verification_url: verificationUrlOf(publicUrl, proof.securityId),
    awaiting_sheriff_return: false,
  };
}

type VersionOptions = {
  reason: ProofVersionReason;
  /** Only if the document has no proof yet (the submit's fast path and its recovery job may run at once). */
  firstOnly?: boolean;
  /** Only if the delivery record has events the current version does not show (the debounced refresh). */
  onlyIfDeliveryChanged?: boolean;
};

/**
 * The proof is drawn by how the document was served: a document the sheriff served (or tried to serve) has returns,
 * and its proof is the latest Return of Service or Return of Non-Service (a sheriff-channel document is served only
 * that way); otherwise it is the record of electronic service. Read now, drawn by `render`; the QR code checks
 * `version`. `deliveryEventId`: the newest delivery event the PDF shows.
 */
async function drawProof(
  ctx: Pick<Ctx, 'db' | 'deps' | 'log'>,
  doc: docs.DocumentRow,
  securityId: string,
  version: number,
): Promise<{ render: () => Promise<Buffer>; ret?: ReturnRow; deliveryEventId: number | null }> {
  const publicUrl = ctx.deps.env.PUBLIC_URL;
  const ret = await latestReturn(ctx.db, doc.id);
  if (ret) {
    const data = await collectReturnData(
      ctx,
      doc,
      ret,
      securityId,
      verificationUrlOf(publicUrl, securityId, version),
    );
    return { render: () => renderReturnOfService(data), ret, deliveryEventId: null };
  }
  const collected = await collectProofData(ctx.db, doc, securityId, publicUrl, version);
  return { render: () => renderProofOfService(collected.data), deliveryEventId: collected.deliveryEventId };
}

/**
 * Draws, seals (PAdES, time-stamped when the authority answers) and stores a new version of the document's proof
 * of service. The security ID is allocated first (once per document); the PDF is drawn for the next version number
 * (its QR code checks that version), sealed and stored, then recorded in a transaction with the timeline entry if no
 * other version was recorded meanwhile (otherwise it is drawn again for the next number). A failed transaction
 * removes the stored PDF. Answers the status and whether a version was created (see `VersionOptions`).
 */
async function createProofVersion(
  ctx: Pick<Ctx, 'db' | 'deps' | 'log'>,
  doc: docs.DocumentRow,
  performedById: number | undefined,
  opts: VersionOptions,
): Promise<{ status: ProofOfServiceStatus; created: boolean }> {
  const publicUrl = ctx.deps.env.PUBLIC_URL;
  const identity = await repo.ensureProof(ctx.db, doc.id, doc.firmId, newSecurityId);
  for (let attempt = 1; ; attempt++) {
    const before = (await repo.findProofByDocument(ctx.db, doc.id))!;
    const current =
      before.currentVersion > 0
        ? await repo.findProofFile(ctx.db, before.id, before.currentVersion)
        : undefined;
    const unchanged = () => ({ status: toStatus(publicUrl, doc.id, before, current), created: false });
    if (opts.firstOnly && current) return unchanged();
    const version = before.currentVersion + 1;
    const collected = await drawProof(ctx, doc, identity.securityId, version);
    if (
      opts.onlyIfDeliveryChanged &&
      current &&
      (current.deliveryEventId ?? 0) >= (collected.deliveryEventId ?? 0)
    )
      return unchanged();
    const { ret } = collected;
    const drawn = await collected.render();
    // Sealed before it is stored: the stored file, its SHA-256 and every download are of the sealed PDF.
    const sealed = await sealIssuedPdf(ctx, drawn);
    if (!sealed.timestamped)
      ctx.log.warn(
        { documentId: doc.id, problem: sealed.timestampProblem },
        'proof of service sealed without a time-stamp (PAdES B-B)',
      );
    const pdf = sealed.pdf;
    const digest = sha256(pdf);
    const key = `${newFileKey(doc.firmId, 'proofs')}.pdf`;
    const store = ctx.deps.files;
    await store.put(key, pdf, { contentType: 'application/pdf' });
    let keep = false;
    try {
      const result = await inTransaction(ctx, async (tx) => {
        const proof = (await repo.findProofByDocument(tx, doc.id, { forUpdate: true }))!;
        if (proof.currentVersion !== before.currentVersion) {
          // Another version was recorded while this one was drawn: its number (in the QR code) is taken.
          if (opts.firstOnly)
            return {
              status: toStatus(
                publicUrl,
                doc.id,
                proof,
                await repo.findProofFile(tx, proof.id, proof.currentVersion),
              ),
              created: false,
            };
          return null;
        }
        const file = await repo.insertProofFile(tx, {
          proofId: proof.id,
          version,
          storageKey: key,
          sha256: digest,
          size: pdf.length,
          generatedById: performedById ?? null,
          reason: opts.reason,
          deliveryEventId: collected.deliveryEventId,
        });
        await repo.setCurrentVersion(tx, proof.id, version);
        await recordMissingTimestamp(tx, sealed, {
          kind: 'proof',
          rowId: file.id,
          documentId: doc.id,
          sha256: digest,
        });
        // A return is drawn as the version that first shows it.
        if (ret && ret.proofVersion == null) await setReturnProofVersion(tx, ret.id, version);
        const what = ret
          ? ret.kind === 'return_of_service'
            ? 'Return of service'
            : 'Return of non-service'
          : 'Proof of service';
        await addTimelineEvent(tx, {
          documentId: doc.id,
          firmId: doc.firmId,
          type: 'proof_generated',
          description: ret
            ? `${what} drawn as proof of service, version ${version} (${proof.securityId})`
            : version === 1
              ? `Proof of service generated (${proof.securityId})`
              : `Proof of service version ${version} (${PROOF_VERSION_REASON_LABELS[opts.reason].toLowerCase()}), ${proof.securityId}`,
          performedById,
          metadata: {
            security_id: proof.securityId,
            version,
            reason: opts.reason,
            return_id: ret?.id ?? null,
            sha256: digest,
            size: pdf.length,
            sealed_by: sealed.signer.fingerprint_sha256,
            timestamped: sealed.timestamped,
          },
        });
        await recordEvent(
          tx,
          'document.proof_generated',
          eventPayload(doc, performedById ?? SYSTEM_ACTOR_ID, { securityId: proof.securityId, version }),
        );
        keep = true;
        return {
          status: toStatus(publicUrl, doc.id, { ...proof, currentVersion: version }, file),
          created: true,
        };
      });
      if (keep) ctx.deps.verification.changed({ documentId: doc.id });
      else await store.delete(key).catch(() => undefined);
      if (result) return result;
    } catch (err) {
      await store.delete(key).catch(() => undefined);
      throw err;
    }
    if (attempt >= 3)
      throw new Error(`proof of service of document ${doc.id}: versions kept being recorded meanwhile`);
  }
}

/** The system account (migration 0001), the actor of versions nobody asked for (a delivery record change). */
const SYSTEM_ACTOR_ID = 1;

/** The job that makes sure a served document gets its proof (scheduled in the submit's transaction). */
export const PROOF_JOB = 'documents.proof-of-service';

/**
 * In the submit's transaction: the proof of service becomes work that survives a crash. The request generates the
 * proof right after the commit (the fast path); this job, due a minute later, finds it there and does nothing, or
 * generates it if the fast path failed or the process died before it ran.
 */
export const scheduleProofJob = (tx: DbOrTx, documentId: number, performedById: number, now: Date) =>
  scheduleJob(tx, {
    name: PROOF_JOB,
    runAt: new Date(now.getTime() + 60_000),
    payload: { documentId, performedById },
    dedupeKey: `document:${documentId}:proof-of-service`,
  });

/**
 * Makes sure a served document has a proof of service: generates the first version unless one exists. A document
 * that is not served or was revoked needs none. Safe to run twice at once (see `createProofVersion`).
 */
export async function ensureProofOfService(
  ctx: Pick<Ctx, 'db' | 'deps' | 'log'>,
  documentId: number,
  performedById?: number,
): Promise<'generated' | 'exists' | 'not_needed'> {
  const doc = await docs.findDocumentById(ctx.db, documentId);
  if (!doc || !doc.servedAt || doc.revokedAt) return 'not_needed';
  const { file } = await currentFile(ctx.db, documentId);
  if (file) return 'exists';
  await createProofVersion(ctx, doc, performedById ?? doc.servedById ?? doc.createdById, {
    firstOnly: true,
    reason: 'issued',
  });
  return 'generated';
}

/** The job that draws a new return as the document's proof (scheduled in the return's transaction). */
export const RETURN_PROOF_JOB = 'documents.return-proof';

export const scheduleReturnProofJob = (
  tx: DbOrTx,
  documentId: number,
  returnId: number,
  performedById: number,
  now: Date,
) =>
  scheduleJob(tx, {
    name: RETURN_PROOF_JOB,
    runAt: new Date(now.getTime() + 60_000),
    payload: { documentId, returnId, performedById },
    dedupeKey: `document:${documentId}:return:${returnId}:proof`,
  });

/**
 * Draws the document's latest return as a new version of its proof (same security ID), unless that return is drawn
 * already: every return adds a version. Answers the proof's status, or null when there was nothing to draw.
 */
export async function drawReturnProof(
  ctx: Pick<Ctx, 'db' | 'deps' | 'log'>,
  documentId: number,
  returnId: number,
  performedById: number,
) {
  const doc = await docs.findDocumentById(ctx.db, documentId);
  const latest = await latestReturn(ctx.db, documentId);
  if (!doc || !latest || latest.id !== returnId || latest.proofVersion != null) return null;
  return (await createProofVersion(ctx, doc, performedById, { reason: 'return_issued' })).status;
}

/** On submit, after the commit: a failure here is logged and left to the proof job (see `scheduleProofJob`). */
export async function generateProofAfterSubmit(ctx: Ctx, doc: docs.DocumentRow): Promise<void> {
  try {
    await ensureProofOfService(ctx, doc.id, ctx.actor.id);
  } catch (err) {
    ctx.log.error(
      { err, documentId: doc.id },
      'proof of service generation after submit failed; the proof job will retry',
    );
  }
}

/** The document for a proof-of-service call: the proof catalogue's 404 outside the actor's scope. */
async function proofDocument(ctx: Ctx, documentId: number) {
  const doc = await docs.findDocumentInScope(ctx.db, ctx.actor, documentId);
  if (!doc) throw new AppError(ProofErrors.PROOF_DOCUMENT_NOT_FOUND);
  return doc;
}

async function currentFile(db: DbOrTx, documentId: number) {
  const proof = await repo.findProofByDocument(db, documentId);
  const file =
    proof && proof.currentVersion > 0
      ? await repo.findProofFile(db, proof.id, proof.currentVersion)
      : undefined;
  return { proof, file };
}

/**
 * POST /proof-of-service/generate/{documentId}: answers the existing proof (created false) unless `regenerate`
 * is set, which draws a new version (same security ID) including the latest delivery record.
 */
export async function generateProof(ctx: Ctx, documentId: number, opts: { regenerate: boolean }) {
  const doc = await proofDocument(ctx, documentId);
  if (!can(ctx.actor, 'documents:update')) throw new AppError(CommonErrors.FORBIDDEN);
  if (doc.revokedAt) throw new AppError(ProofErrors.PROOF_NOT_READY);
  if (!doc.servedAt) throw new AppError(ProofErrors.PROOF_DOCUMENT_INVALID);
  const { proof, file } = await currentFile(ctx.db, documentId);
  if (proof && file && !opts.regenerate)
    return { created: false, status: toStatus(ctx.deps.env.PUBLIC_URL, documentId, proof, file) };
  const { status } = await createProofVersion(ctx, doc, ctx.actor.id, {
    reason: proof && file ? 'regenerated' : 'issued',
  });
  return { created: true, status };
}

/** GET /proof-of-service/document/{documentId}: whether a proof exists, with its security ID and fingerprint. */
export async function getProofStatus(ctx: Ctx, documentId: number) {
  const doc = await proofDocument(ctx, documentId);
  const { proof, file } = await currentFile(ctx.db, documentId);
  return toStatus(ctx.deps.env.PUBLIC_URL, documentId, proof, file, isWithSheriff(doc));
}

/**
 * GET /proof-of-service/document/{documentId}/download: the current PDF, or with `version` that version's (every
 * version is kept; an older one's name ends in _v{N}).
 */
export async function downloadProof(
  ctx: Ctx,
  documentId: number,
  version?: number,
): Promise<{ stream: Readable; filename: string; size: number }> {
  const doc = await proofDocument(ctx, documentId);
  const { proof, file: current } = await currentFile(ctx.db, documentId);
  if (!proof || !current) throw new AppError(ProofErrors.PROOF_NOT_FOUND);
  const file =
    version === undefined || version === current.version
      ? current
      : await repo.findProofFile(ctx.db, proof.id, version);
  if (!file || file.version > current.version)
    throw appError(ProofErrors.PROOF_VERSION_NOT_FOUND, { version: version ?? 0 });
  const name = proofFileName({ id: doc.id, case_number: doc.caseNumber });
  return {
    ...(await openProofFile(ctx, file)),
    filename: file === current ? name : name.replace(/\.pdf$/, `_v${file.version}.pdf`),
  };
}

/** GET /proof-of-service/document/{documentId}/versions: every version, newest first, with when the next replaced it. */
export async function listProofVersions(ctx: Ctx, documentId: number): Promise<ProofVersionList> {
  await proofDocument(ctx, documentId);
  const proof = await repo.findProofByDocument(ctx.db, documentId);
  if (!proof || proof.currentVersion === 0) return { security_id: null, versions: [] };
  const files = (await repo.listProofFiles(ctx.db, proof.id)).filter(
    (f) => f.version <= proof.currentVersion,
  );
  return {
    security_id: proof.securityId,
    versions: files
      .map((f, i) => ({
        version: f.version,
        generated_at: f.createdAt.toISOString(),
        sha256: f.sha256,
        size: Number(f.size),
        reason: f.reason,
        reason_label: PROOF_VERSION_REASON_LABELS[f.reason],
        superseded_at: files[i + 1]?.createdAt.toISOString() ?? null,
        is_current: f.version === proof.currentVersion,
      }))
      .reverse(),
  };
}

export async function openProofFile(ctx: Pick<Ctx, 'deps'>, file: repo.ProofFileRow) {
  try {
    return { stream: await ctx.deps.files.get(file.storageKey), size: Number(file.size) };
  } catch (err) {
    if (err instanceof FileMissingError) throw new AppError(ProofErrors.PROOF_FILE_NOT_READY, { cause: err });
    throw new AppError(ProofErrors.PROOF_DOWNLOAD_FAILED, { cause: err });
  }
}

/** For the public delivery page: the current proof file of a document (no actor). */
export const currentProofOf = (db: DbOrTx, documentId: number) => currentFile(db, documentId);

// ---------------------------------------------------------------------------------------------------------
// Living records: a new version when the delivery record changes or a return is issued
// ---------------------------------------------------------------------------------------------------------

/** The job that draws a new version of a document's proof (see `scheduleProofRefresh`). */
export const PROOF_REFRESH_JOB = 'documents.proof-refresh';
const REFRESH_SLOT_MS = 60_000;
/** A slot's job runs this long after the slot ends: an instance whose clock is a little behind still joins it. */
const REFRESH_GRACE_MS = 5_000;

/**
 * In the transaction of a change the proof shows (a delivery link opened, a file downloaded, a fresh link sent):
 * schedules a new version, debounced. A burst of changes in the same minute shares one job (its dedupe key names
 * the minute), due when that minute ends, so a document gets at most about one version a minute and the version
 * shows every event of the burst. The job skips the version when the current one already shows the latest event.
 * `now` is the app's clock (`deps.clock`).
 */
export function scheduleProofRefresh(
  tx: DbOrTx,
  documentId: number,
  now: Date,
  reason: RefreshReason = 'delivery_updated',
) {
  const slot = Math.floor(now.getTime() / REFRESH_SLOT_MS);
  return scheduleJob(tx, {
    name: PROOF_REFRESH_JOB,
    runAt: new Date((slot + 1) * REFRESH_SLOT_MS + REFRESH_GRACE_MS),
    payload: { documentId, reason },
    dedupeKey: `document:${documentId}:proof-refresh:${reason}:${slot}`,
  });
}

type RefreshReason = Exclude<ProofVersionReason, 'issued'>;

/**
 * A new version of the document's proof of service (same security ID; every version is kept and verifies).
 * - 'delivery_updated' (the refresh job): only if the document has a proof and its delivery record has events the
 *   current version does not show.
 * - 'return_issued': always draws a version (the first if the document has none); the returns module draws each
 *   return through `drawReturnProof`, which also records the version on the return.
 * - 'regenerated': the firm's own request.
 * A revoked or unknown document gets none. Answers the new version's status, or null when none was drawn; throws if
 * drawing or storing fails (`scheduleProofRefresh` with the same reason retries through the job queue).
 */
export async function refreshProof(
  ctx: Pick<Ctx, 'db' | 'deps' | 'log'> & { actor?: Actor },
  documentId: number,
  reason: RefreshReason,
): Promise<ProofOfServiceStatus | null> {
  const doc = await docs.findDocumentById(ctx.db, documentId);
  if (!doc || doc.revokedAt) return null;
  if (reason === 'delivery_updated' && !(await currentFile(ctx.db, documentId)).file) return null;
  const { status, created } = await createProofVersion(ctx, doc, ctx.actor?.id, {
    reason,
    onlyIfDeliveryChanged: reason === 'delivery_updated',
  });
  return created ? status : null;
}
