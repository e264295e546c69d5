import type { Readable } from 'node:stream';
import { DeliveryErrors, DocumentErrors, documentTypeLabel, proofFileName, type DeliveryPage } from '@lexserve/contracts/documents';
import type { DbOrTx } from '../../db/client';
import { can } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import { inTransaction, type Ctx, type PublicCtx } from '../../lib/context';
import { recordEvent } from '../../lib/events';
import { oneLine } from '../../lib/mail';
import { newOpaqueToken, sha256 } from '../../lib/tokens';
import * as delivery from './delivery.repository';
import { eventPayload } from './documents.mapper';
import { formatSast } from './proof-of-service-pdf';
import * as docs from './documents.repository';
import { getReadableDocument, getDocumentForChange } from './documents.service';
import { findCaseFile, listCaseFiles } from './files.repository';
import { openStored } from './files.service';
import { currentProofOf, openProofFile, verificationUrlOf } from './proof-of-service.service';
import { addTimelineEvent } from './timeline.repository';

/** What a public (no login) call has: the database, the app's services and who is asking, by address. */

/** A session opened by the single-use link lasts this long (the page keeps it for downloads and reloads). */
const SESSION_HOURS = 24;
const DAY = 86_400_000;

/**
 * Electronic service on the DSA (Uniform Rule 4A(1)(c)), in the submit's transaction: a delivery with a new
 * single-use token (stored hashed), earlier links superseded, the e-mail written to the outbox (and sent when
 * SMTP is configured), the "sent" record and its timeline entry.
 */
export async function startDelivery(ctx: Pick<Ctx, 'deps' | 'actor'>, tx: DbOrTx, doc: docs.DocumentRow) {
  const { env, mailer } = ctx.deps;
  if (!doc.digitalServiceAddress) throw new AppError(DocumentErrors.DELIVERY_NOT_SERVED);
  const token = newOpaqueToken();
  const now = new Date();
  const row = await delivery.insertDelivery(tx, {
    documentId: doc.id,
    firmId: doc.firmId,
    toAddress: doc.digitalServiceAddress,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + env.DELIVERY_LINK_TTL_DAYS * DAY),
    createdById: ctx.actor.id,
  });
  await delivery.supersedeDeliveries(tx, doc.id, row.id, now);
  const firm = (await docs.firmsByIds(tx, [doc.firmId])).get(doc.firmId);
  const files = (await listCaseFiles(tx, doc.id)).filter((f) => f.isServed);
  const link = `${env.PUBLIC_URL.replace(/\/$/, '')}/delivery/${token}`;
  // Every value from a user is one line here: a line break in a title must not add lines to a formal notice.
  const sender = oneLine(firm?.name ?? '') || 'A law firm';
  const title = oneLine(doc.title);
  const caseNumber = doc.caseNumber ? oneLine(doc.caseNumber) : null;
  const mailId = await mailer.send(tx, {
    to: doc.digitalServiceAddress,
    subject: `Service of documents: ${title}${caseNumber ? ` (case ${caseNumber})` : ''}`,
    text:
      `${sender} has served the following ${files.length === 1 ? 'document' : 'documents'} on this digital service address ` +
      `in terms of Uniform Rule 4A(1)(c):\n\n` +
      `Matter: ${title}\n${caseNumber ? `Case number: ${caseNumber}\n` : ''}` +
      `${doc.documentType ? `Document type: ${documentTypeLabel(doc.documentType)}\n` : ''}` +
      `Served: ${formatSast(doc.servedAt ?? now)}\n\n` +
      files.map((f, i) => `${i + 1}. ${oneLine(f.filename)} (SHA-256 ${f.sha256})`).join('\n') +
      `\n\nOpen the documents here (the link works once, from one browser, until ${formatSast(row.expiresAt)}):\n${link}\n\n` +
      `Opening the link and each download are recorded and reported to the sender.\n\nLexServe, on behalf of ${sender}`,
  });
  await delivery.updateDelivery(tx, row.id, { sentAt: new Date(), mailId });
  await delivery.addDeliveryEvent(tx, { deliveryId: row.id, kind: 'sent' });
  await addTimelineEvent(tx, {
    documentId: doc.id,
    firmId: doc.firmId,
    type: 'delivery_sent',
    description: `Download link e-mailed to the digital service address ${doc.digitalServiceAddress}`,
    metadata: { delivery_id: row.id, to_address: doc.digitalServiceAddress, expires_at: row.expiresAt.toISOString(), file_count: files.length },
  });
  return row;
}

/** GET /documents/{id}/delivery: every delivery of the document, newest first, with its events. */
export async function listDocumentDeliveries(ctx: Ctx, documentId: number) {
  const doc = await getReadableDocument(ctx, documentId);
  const rows = await delivery.listDeliveries(ctx.db, documentId);
  const events = await delivery.eventsOfDeliveries(ctx.db, rows.map((r) => r.id));
  return { deliveries: rows.map((r) => delivery.toDeliveryRecord(r, events.get(r.id) ?? [], { revoked: doc.revokedAt != null })) };
}

/** POST /documents/{id}/delivery/resend: a new link (the old one stops working) to the same DSA. */
export async function resendDelivery(ctx: Ctx, documentId: number) {
  const row = await inTransaction(ctx, async (tx) => {
    const doc = await getDocumentForChange({ ...ctx, db: tx }, documentId);
    if (doc.revokedAt) throw new AppError(DocumentErrors.DOCUMENT_REVOKED);
    if (!doc.servedAt || !doc.digitalServiceAddress) throw new AppError(DocumentErrors.DELIVERY_NOT_SERVED);
    if (!can(ctx.actor, 'documents:update')) throw new AppError(DocumentErrors.DOCUMENT_FORBIDDEN);
    return startDelivery(ctx, tx, doc);
  });
  const fresh = (await delivery.findDeliveryById(ctx.db, row.id))!;
  const events = await delivery.eventsOfDeliveries(ctx.db, [row.id]);
  return delivery.toDeliveryRecord(fresh, events.get(row.id) ?? [], { revoked: false });
}

// ---------------------------------------------------------------------------------------------------------
// The public delivery page
// ---------------------------------------------------------------------------------------------------------

/** The delivery behind a link, or the catalogue's 404/410 for unknown, superseded and revoked ones. */
async function deliveryOfToken(db: DbOrTx, token: string, opts: { forUpdate?: boolean } = {}) {
  const d = token.length >= 20 && token.length <= 100 ? await delivery.findDeliveryByTokenHash(db, sha256(token), opts) : undefined;
  if (!d) throw new AppError(DeliveryErrors.DELIVERY_LINK_NOT_FOUND);
  const doc = (await docs.findDocumentById(db, d.documentId))!;
  if (doc.revokedAt) throw new AppError(DeliveryErrors.DELIVERY_REVOKED);
  if (d.supersededAt) throw new AppError(DeliveryErrors.DELIVERY_LINK_SUPERSEDED);
  return { d, doc };
}

const sessionValid = (d: delivery.DeliveryRow, session: string | undefined, now: Date) =>
  !!session && !!d.sessionHash && d.sessionHash === sha256(session) && !!d.sessionExpiresAt && d.sessionExpiresAt > now;

async function pageOf(pctx: PublicCtx, token: string, d: delivery.DeliveryRow, doc: docs.DocumentRow, session: string | null): Promise<DeliveryPage> {
  const [firms, branches, files, proof] = await Promise.all([
    docs.firmsByIds(pctx.db, [doc.firmId]),
    docs.branchesByIds(pctx.db, doc.branchId ? [doc.branchId] : []),
    listCaseFiles(pctx.db, doc.id),
    currentProofOf(pctx.db, doc.id),
  ]);
  const firm = firms.get(doc.firmId)!;
  return {
    document: {
      title: doc.title,
      case_number: doc.caseNumber,
      document_type: doc.documentType,
      document_type_label: doc.documentType ? documentTypeLabel(doc.documentType) : null,
      served_at: doc.servedAt?.toISOString() ?? null,
      firm_name: firm.name,
      branch_name: doc.branchId ? (branches.get(doc.branchId)?.name ?? null) : null,
      firm_email: firm.contactEmail,
      served_on: d.toAddress,
    },
    files: files
      .filter((f) => f.isServed)
      .map((f) => ({
        id: f.id,
        filename: f.filename,
        size: Number(f.size),
        mime_type: f.mimeType,
        sha256: f.sha256,
        download_url: `/api/v1/delivery/${encodeURIComponent(token)}/files/${f.id}`,
      })),
    proof_of_service: proof.file && proof.proof
      ? { security_id: proof.proof.securityId, verification_url: verificationUrlOf(pctx.deps.env.PUBLIC_URL, proof.proof.securityId) }
      : null,
    expires_at: d.expiresAt.toISOString(),
    session,
    session_expires_at: (d.sessionExpiresAt ?? d.expiresAt).toISOString(),
  };
}

/**
 * GET /delivery/{token}: the first opening uses up the link and answers a session (24 hours) with the page;
 * later calls must carry that session (?session= or x-delivery-session). Each opening is recorded with the
 * time, address and browser, on the delivery record and the document's timeline.
 */
export async function openDeliveryPage(pctx: PublicCtx, token: string, session: string | undefined): Promise<DeliveryPage> {
  const now = new Date();
  const opened = await inTransaction(pctx, async (tx) => {
    const { d, doc } = await deliveryOfToken(tx, token, { forUpdate: true });
    if (sessionValid(d, session, now)) return { d, doc, session: null };
    if (d.usedAt) throw new AppError(DeliveryErrors.DELIVERY_LINK_USED);
    if (d.expiresAt <= now) throw new AppError(DeliveryErrors.DELIVERY_LINK_EXPIRED);
    const fresh = newOpaqueToken();
    const updated = (await delivery.updateDelivery(tx, d.id, {
      usedAt: now,
      sessionHash: sha256(fresh),
      sessionExpiresAt: new Date(Math.min(now.getTime() + SESSION_HOURS * 3_600_000, d.expiresAt.getTime())),
    }))!;
    await delivery.addDeliveryEvent(tx, { deliveryId: d.id, kind: 'opened', ip: pctx.ip, userAgent: pctx.userAgent });
    await addTimelineEvent(tx, {
      documentId: doc.id,
      firmId: doc.firmId,
      type: 'delivery_opened',
      description: `Download link opened from ${pctx.ip}`,
      metadata: { delivery_id: d.id, ip: pctx.ip, user_agent: pctx.userAgent },
    });
    await recordEvent(tx, 'document.delivery_opened', eventPayload(doc, 1, { deliveryId: d.id }));
    return { d: updated, doc, session: fresh };
  });
  return pageOf(pctx, token, opened.d, opened.doc, opened.session);
}

async function assertSession(pctx: PublicCtx, token: string, session: string | undefined) {
  const now = new Date();
  const { d, doc } = await deliveryOfToken(pctx.db, token);
  if (!sessionValid(d, session, now)) {
    if (d.sessionExpiresAt && d.sessionExpiresAt <= now) throw new AppError(DeliveryErrors.DELIVERY_LINK_EXPIRED);
    throw new AppError(d.usedAt ? DeliveryErrors.DELIVERY_LINK_USED : DeliveryErrors.DELIVERY_LINK_NOT_FOUND);
  }
  return { d, doc };
}

/** GET /delivery/{token}/files/{fileId}: one served file, recorded as downloaded (time, address, browser). */
export async function downloadDeliveredFile(pctx: PublicCtx, token: string, session: string | undefined, fileId: number) {
  const { d, doc } = await assertSession(pctx, token, session);
  const file = await findCaseFile(pctx.db, doc.id, fileId);
  if (!file || !file.isServed) throw new AppError(DeliveryErrors.DELIVERY_FILE_NOT_FOUND);
  const opened = await openStored(pctx.deps.files, file);
  await inTransaction(pctx, async (tx) => {
    await delivery.addDeliveryEvent(tx, { deliveryId: d.id, kind: 'downloaded', caseFileId: file.id, filename: file.filename, ip: pctx.ip, userAgent: pctx.userAgent });
    await addTimelineEvent(tx, {
      documentId: doc.id,
      firmId: doc.firmId,
      type: 'delivery_downloaded',
      description: `${file.filename} downloaded through the delivery link from ${pctx.ip}`,
      metadata: { delivery_id: d.id, file_id: file.id, filename: file.filename, ip: pctx.ip, user_agent: pctx.userAgent },
    });
    await recordEvent(tx, 'document.delivery_downloaded', eventPayload(doc, 1, { deliveryId: d.id, fileId: file.id }));
  });
  return opened;
}

/** GET /delivery/{token}/proof: the current proof of service, for the recipient's records. */
export async function downloadDeliveredProof(pctx: PublicCtx, token: string, session: string | undefined): Promise<{ stream: Readable; filename: string; size: number }> {
  const { doc } = await assertSession(pctx, token, session);
  const { file } = await currentProofOf(pctx.db, doc.id);
  if (!file) throw new AppError(DeliveryErrors.DELIVERY_FILE_NOT_FOUND);
  return { ...(await openProofFile(pctx, file)), filename: proofFileName({ id: doc.id, case_number: doc.caseNumber }) };
}
