import type { Readable } from 'node:stream';
import {
  DeliveryErrors,
  DocumentErrors,
  documentTypeLabel,
  proofFileName,
  type DeliveryPage,
  type FreshLinkResult,
} from '@lexserve/contracts/documents';
import type { DbOrTx } from '../../db/client';
import { can } from '../../lib/access';
import { AppError, appError } from '../../lib/app-error';
import { inTransaction, type Ctx, type PublicCtx } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { recordEvent } from '../../lib/events';
import { oneLine } from '../../lib/mail';
import { newOpaqueToken, sha256 } from '../../lib/tokens';
import * as delivery from './delivery.repository';
import {
  eventPayload,
  findCaseFile,
  listCaseFiles,
  toDeliveryRecord,
} from '../documents/document-records.service';
import * as docs from '../documents/document-records.service';
import { getReadableDocument, getDocumentForChange } from '../documents/documents.service';
import { openStored } from '../documents/files.service';
import {
  currentProofOf,
  openProofFile,
  scheduleProofRefresh,
  verificationUrlOf,
} from '../evidence/proof-of-service.service';
import { addTimelineEvent } from '../trail/trail.service';
import { sast, servedCopiesOf } from '../evidence/evidence-records.service';
import { ensureServedCopy, hasServedCopy, openServedCopy } from '../evidence/served-copies.service';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/**
 * A link opens as many times as needed until it expires (a firm's service address is usually a shared mailbox).
 * Each recorded opening answers a session for the downloads that follow; sessions last as long as the link. An
 * opening that sends the session of an opening recorded less than this long ago, from the same browser (user
 * agent), is a reload of the same visit and is not recorded again (docs/decisions.md, "Delivery links").
 */
const REOPEN_WINDOW_MS = 10 * 60_000;
/** Fresh links the recipient may ask for per document (from any of its links) in an hour. */
const FRESH_LINKS_PER_HOUR = 3;

/** The address as a page anyone holding an old link may see it: the mailbox's first letter, then the domain. */
const maskEmail = (address: string): string => {
  const at = address.lastIndexOf('@');
  return at <= 0 ? '***' : `${address[0]}***${address.slice(at)}`;
};

/**
 * Electronic service on the DSA (Uniform Rule 4A(1)(c)), in the submit's transaction: a delivery with a new
 * token (stored hashed), earlier links superseded, the e-mail written to the outbox (and sent when SMTP is
 * configured), the "sent" record and its timeline entry.
 */
export async function startDelivery(ctx: Pick<Ctx, 'deps' | 'actor'>, tx: DbOrTx, doc: docs.DocumentRow) {
  return sendDeliveryLink(ctx.deps, tx, doc, { createdById: ctx.actor.id, freshLink: false });
}

/** The link's e-mail: what was served, when, and how the link behaves. User values are one line each. */
function deliveryMail(
  doc: docs.DocumentRow,
  o: {
    firmName: string | undefined;
    files: { filename: string; sha256: string }[];
    link: string;
    expiresAt: Date;
    now: Date;
    freshLink: boolean;
  },
) {
  // Every value from a user is one line here: a line break in a title must not add lines to a formal notice.
  const sender = oneLine(o.firmName ?? '') || 'A law firm';
  const title = oneLine(doc.title);
  const caseNumber = doc.caseNumber ? oneLine(doc.caseNumber) : null;
  const plural = o.files.length === 1 ? 'document' : 'documents';
  const intro = o.freshLink
    ? `A fresh link to the ${plural} that ${sender} served on this digital service address in terms of Uniform Rule 4A(1)(c) ` +
      `was asked for on the LexServe delivery page on ${sast.long(o.now)}. This e-mail does not serve them again: ` +
      `they were served on ${sast.long(doc.servedAt ?? o.now)}. Earlier links to them no longer work.\n\n`
    : `${sender} has served the following ${plural} on this digital service address in terms of Uniform Rule 4A(1)(c):\n\n`;
  return {
    to: doc.digitalServiceAddress!,
    subject: `${o.freshLink ? 'Fresh link: ' : ''}Service of documents: ${title}${caseNumber ? ` (case ${caseNumber})` : ''}`,
    text:
      intro +
      `Matter: ${title}\n${caseNumber ? `Case number: ${caseNumber}\n` : ''}` +
      `${doc.documentType ? `Document type: ${documentTypeLabel(doc.documentType)}\n` : ''}` +
      `Served: ${sast.long(doc.servedAt ?? o.now)}\n\n` +
      o.files.map((f, i) => `${i + 1}. ${oneLine(f.filename)} (SHA-256 ${f.sha256})`).join('\n') +
      `\n\nOpen the documents here. The link can be opened as many times as needed, from any browser, until ${sast.long(o.expiresAt)}:\n${o.link}\n\n` +
      `Each opening and each download is recorded (time, network address and browser) and reported to the sender. ` +
      `After the link expires, its page lets you ask for a fresh link to be sent to this address.\n\nLexServe, on behalf of ${sender}`,
  };
}

/** A new link to the document's DSA: earlier links superseded, the e-mail, the "sent" record and timeline entry. */
async function sendDeliveryLink(
  deps: Deps,
  tx: DbOrTx,
  doc: docs.DocumentRow,
  opts: { createdById: number | null; freshLink: boolean },
) {
  const { env, mailer } = deps;
  if (!doc.digitalServiceAddress) throw new AppError(DocumentErrors.DELIVERY_NOT_SERVED);
  const token = newOpaqueToken();
  const now = new Date();
  const row = await delivery.insertDelivery(tx, {
    documentId: doc.id,
    firmId: doc.firmId,
    toAddress: doc.digitalServiceAddress,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + env.DELIVERY_LINK_TTL_DAYS * DAY),
    createdById: opts.createdById,
  });
  await delivery.supersedeDeliveries(tx, doc.id, row.id, now);
  const firm = (await docs.firmsByIds(tx, [doc.firmId])).get(doc.firmId);
  const files = (await listCaseFiles(tx, doc.id)).filter((f) => f.isServed);
  const link = `${env.PUBLIC_URL.replace(/\/$/, '')}/delivery/${token}`;
  const mailId = await mailer.send(
    tx,
    deliveryMail(doc, {
      firmName: firm?.name,
      files,
      link,
      expiresAt: row.expiresAt,
      now,
      freshLink: opts.freshLink,
    }),
  );
  await delivery.updateDelivery(tx, row.id, { sentAt: new Date(), mailId });
  await delivery.addDeliveryEvent(tx, { deliveryId: row.id, kind: 'sent' });
  await addTimelineEvent(tx, {
    documentId: doc.id,
    firmId: doc.firmId,
    type: 'delivery_sent',
    description: `${opts.freshLink ? 'Fresh download link' : 'Download link'} e-mailed to the digital service address ${doc.digitalServiceAddress}`,
    metadata: {
      delivery_id: row.id,
      to_address: doc.digitalServiceAddress,
      expires_at: row.expiresAt.toISOString(),
      file_count: files.length,
    },
  });
  return row;
}

/** GET /documents/{id}/delivery: every delivery of the document, newest first, with its events. */
export async function listDocumentDeliveries(ctx: Ctx, documentId: number) {
  const doc = await getReadableDocument(ctx, documentId);
  const rows = await delivery.listDeliveries(ctx.db, documentId);
  const events = await delivery.eventsOfDeliveries(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    deliveries: rows.map((r) =>
      toDeliveryRecord(r, events.get(r.id) ?? [], { revoked: doc.revokedAt != null }),
    ),
  };
}

/** POST /documents/{id}/delivery/resend: a new link (the old one stops working) to the same DSA. */
export async function resendDelivery(ctx: Ctx, documentId: number) {
  const row = await inTransaction(ctx, async (tx) => {
    const doc = await getDocumentForChange({ ...ctx, db: tx }, documentId);
    if (doc.revokedAt) throw new AppError(DocumentErrors.DOCUMENT_REVOKED);
    if (!doc.servedAt || !doc.digitalServiceAddress) throw new AppError(DocumentErrors.DELIVERY_NOT_SERVED);
    if (!can(ctx.actor, 'documents:update')) throw new AppError(DocumentErrors.DOCUMENT_FORBIDDEN);
    const sent = await startDelivery(ctx, tx, doc);
    await scheduleProofRefresh(tx, doc.id, ctx.deps.clock.now());
    return sent;
  });
  const fresh = (await delivery.findDeliveryById(ctx.db, row.id))!;
  const events = await delivery.eventsOfDeliveries(ctx.db, [row.id]);
  return toDeliveryRecord(fresh, events.get(row.id) ?? [], { revoked: false });
}

// ---------------------------------------------------------------------------------------------------------
// The public delivery page
// ---------------------------------------------------------------------------------------------------------

/** The delivery behind a link, or the catalogue's 404/410 for unknown, revoked and superseded ones. */
async function deliveryOfToken(db: DbOrTx, token: string, opts: { forUpdate?: boolean } = {}) {
  const { d, doc } = await anyDeliveryOfToken(db, token, opts);
  if (doc.revokedAt) throw new AppError(DeliveryErrors.DELIVERY_REVOKED);
  if (d.supersededAt) throw new AppError(DeliveryErrors.DELIVERY_LINK_SUPERSEDED);
  return { d, doc };
}

/** The delivery behind a link in any state (404 only for an unknown token). */
async function anyDeliveryOfToken(db: DbOrTx, token: string, opts: { forUpdate?: boolean } = {}) {
  const d =
    token.length >= 20 && token.length <= 100
      ? await delivery.findDeliveryByTokenHash(db, sha256(token), opts)
      : undefined;
  if (!d) throw new AppError(DeliveryErrors.DELIVERY_LINK_NOT_FOUND);
  const doc = (await docs.findDocumentById(db, d.documentId))!;
  return { d, doc };
}

const assertNotExpired = (d: delivery.DeliveryRow, now: Date) => {
  if (d.expiresAt <= now) throw new AppError(DeliveryErrors.DELIVERY_LINK_EXPIRED);
};

/** The recorded opening of this link whose session was sent, if any (sessions last as long as the link). */
async function openingOf(db: DbOrTx, d: delivery.DeliveryRow, session: string | undefined) {
  if (!session || session.length > 200) return undefined;
  const opening = await delivery.findOpeningBySession(db, sha256(session));
  return opening && opening.deliveryId === d.id ? opening : undefined;
}

async function pageOf(
  pctx: PublicCtx,
  token: string,
  d: delivery.DeliveryRow,
  doc: docs.DocumentRow,
  session: string | null,
): Promise<DeliveryPage> {
  const [firms, branches, files, proof, copies] = await Promise.all([
    docs.firmsByIds(pctx.db, [doc.firmId]),
    docs.branchesByIds(pctx.db, doc.branchId ? [doc.branchId] : []),
    listCaseFiles(pctx.db, doc.id),
    currentProofOf(pctx.db, doc.id),
    servedCopiesOf(pctx.db, doc.id),
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
      .map((f) => {
        const url = `/api/v1/delivery/${encodeURIComponent(token)}/files/${f.id}`;
        const copy = copies.get(f.id);
        return {
          id: f.id,
          filename: f.filename,
          size: Number(f.size),
          mime_type: f.mimeType,
          sha256: f.sha256,
          download_url: url,
          original_download_url: `${url}?original=true`,
          stamped: hasServedCopy(doc, f) && copy?.status !== 'failed',
          served_copy_sha256: copy?.status === 'ready' ? copy.sha256 : null,
        };
      }),
    proof_of_service:
      proof.file && proof.proof
        ? {
            security_id: proof.proof.securityId,
            verification_url: verificationUrlOf(pctx.deps.env.PUBLIC_URL, proof.proof.securityId),
          }
        : null,
    expires_at: d.expiresAt.toISOString(),
    session,
    session_expires_at: d.expiresAt.toISOString(),
  };
}

/**
 * GET /delivery/{token}: works every time until the link expires (410 after, with the catalogue's words; 410 too
 * once superseded or revoked). Each opening is recorded with the time, address and browser, on the delivery record
 * and the document's timeline, and answers a new session (send it as x-delivery-session or ?session= with the
 * downloads). A reload that sends the session of an opening recorded in the last few minutes, from the same
 * browser, is not recorded twice and answers session null (keep the one you have). Each recorded opening schedules
 * a new version of the proof of service (debounced, see `scheduleProofRefresh`).
 */
export async function openDeliveryPage(
  pctx: PublicCtx,
  token: string,
  session: string | undefined,
): Promise<DeliveryPage> {
  const now = new Date();
  const opened = await inTransaction(pctx, async (tx) => {
    const { d, doc } = await deliveryOfToken(tx, token, { forUpdate: true });
    assertNotExpired(d, now);
    const current = await openingOf(tx, d, session);
    if (
      current &&
      current.userAgent === pctx.userAgent &&
      now.getTime() - current.createdAt.getTime() < REOPEN_WINDOW_MS
    ) {
      return { d, doc, session: null };
    }
    const fresh = newOpaqueToken();
    const updated = d.usedAt ? d : ((await delivery.updateDelivery(tx, d.id, { usedAt: now })) ?? d);
    await delivery.addDeliveryEvent(tx, {
      deliveryId: d.id,
      kind: 'opened',
      ip: pctx.ip,
      userAgent: pctx.userAgent,
      sessionHash: sha256(fresh),
    });
    await addTimelineEvent(tx, {
      documentId: doc.id,
      firmId: doc.firmId,
      type: 'delivery_opened',
      description: `Download link opened from ${pctx.ip}`,
      metadata: { delivery_id: d.id, ip: pctx.ip, user_agent: pctx.userAgent },
    });
    await recordEvent(tx, 'document.delivery_opened', eventPayload(doc, 1, { deliveryId: d.id }));
    await scheduleProofRefresh(tx, doc.id, pctx.deps.clock.now());
    return { d: updated, doc, session: fresh };
  });
  return pageOf(pctx, token, opened.d, opened.doc, opened.session);
}

/** A download's link and session: the link must still work and the session be one of its openings'. */
async function assertSession(pctx: PublicCtx, token: string, session: string | undefined) {
  const { d, doc } = await deliveryOfToken(pctx.db, token);
  assertNotExpired(d, new Date());
  if (!(await openingOf(pctx.db, d, session))) throw new AppError(DeliveryErrors.DELIVERY_SESSION_REQUIRED);
  return { d, doc };
}

/**
 * GET /delivery/{token}/files/{fileId}: one served file, recorded as downloaded (time, address, browser). A PDF is
 * given as its stamped served copy (made now if missing); a Word file, a PDF that could not be stamped, or
 * ?original=true, as uploaded.
 */
export async function downloadDeliveredFile(
  pctx: PublicCtx,
  token: string,
  session: string | undefined,
  fileId: number,
  opts: { original?: boolean } = {},
) {
  const { d, doc } = await assertSession(pctx, token, session);
  const file = await findCaseFile(pctx.db, doc.id, fileId);
  if (!file || !file.isServed) throw new AppError(DeliveryErrors.DELIVERY_FILE_NOT_FOUND);
  const copy = !opts.original && hasServedCopy(doc, file) ? await ensureServedCopy(pctx, doc, file) : null;
  const stamped = copy?.status === 'ready' ? copy : null;
  const opened = stamped
    ? await openServedCopy(pctx, stamped, file.filename)
    : await openStored(pctx.deps.files, file);
  await inTransaction(pctx, async (tx) => {
    await delivery.addDeliveryEvent(tx, {
      deliveryId: d.id,
      kind: 'downloaded',
      caseFileId: file.id,
      filename: file.filename,
      ip: pctx.ip,
      userAgent: pctx.userAgent,
    });
    await addTimelineEvent(tx, {
      documentId: doc.id,
      firmId: doc.firmId,
      type: 'delivery_downloaded',
      description: `${file.filename} downloaded through the delivery link from ${pctx.ip}${stamped ? ' (stamped served copy)' : ''}`,
      metadata: {
        delivery_id: d.id,
        file_id: file.id,
        filename: file.filename,
        ip: pctx.ip,
        user_agent: pctx.userAgent,
        served_copy: !!stamped,
        sha256: stamped ? stamped.sha256 : file.sha256,
      },
    });
    await recordEvent(
      tx,
      'document.delivery_downloaded',
      eventPayload(doc, 1, { deliveryId: d.id, fileId: file.id }),
    );
    await scheduleProofRefresh(tx, doc.id, pctx.deps.clock.now());
  });
  return opened;
}

/** GET /delivery/{token}/proof: the current proof of service, for the recipient's records. */
export async function downloadDeliveredProof(
  pctx: PublicCtx,
  token: string,
  session: string | undefined,
): Promise<{ stream: Readable; filename: string; size: number }> {
  const { doc } = await assertSession(pctx, token, session);
  const { file } = await currentProofOf(pctx.db, doc.id);
  if (!file) throw new AppError(DeliveryErrors.DELIVERY_FILE_NOT_FOUND);
  return {
    ...(await openProofFile(pctx, file)),
    filename: proofFileName({ id: doc.id, case_number: doc.caseNumber }),
  };
}

const waitText = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/**
 * POST /delivery/{token}/fresh-link (public): a new link e-mailed to the document's nominated digital service
 * address, never to an address the requester gives (the call takes none). Works from an expired or superseded link
 * as from a current one (404 for an unknown token, 410 once the document is revoked); the old links stop working.
 * At most FRESH_LINKS_PER_HOUR per document (from any of its links): the next answers 429 saying how long to wait.
 * Recorded on the link it was asked from and on the timeline; answers the address masked (r***@example.co.za).
 */
export async function requestFreshLink(
  pctx: PublicCtx,
  token: string,
): Promise<{ data: FreshLinkResult; message: string }> {
  const now = new Date();
  const sent = await inTransaction(pctx, async (tx) => {
    const { d, doc: found } = await anyDeliveryOfToken(tx, token);
    await delivery.lockDocument(tx, found.id);
    const doc = (await docs.findDocumentById(tx, found.id))!;
    if (doc.revokedAt) throw new AppError(DeliveryErrors.DELIVERY_REVOKED);
    if (!doc.servedAt || !doc.digitalServiceAddress)
      throw new AppError(DeliveryErrors.DELIVERY_LINK_NOT_FOUND);
    const recent = await delivery.freshLinkRequestsSince(tx, doc.id, new Date(now.getTime() - HOUR));
    if (recent.count >= FRESH_LINKS_PER_HOUR) {
      throw appError(DeliveryErrors.DELIVERY_FRESH_LINK_LIMIT, {
        wait: waitText((recent.first ?? now).getTime() + HOUR - now.getTime()),
      });
    }
    await delivery.addDeliveryEvent(tx, {
      deliveryId: d.id,
      kind: 'fresh_link_requested',
      ip: pctx.ip,
      userAgent: pctx.userAgent,
    });
    const row = await sendDeliveryLink(pctx.deps, tx, doc, { createdById: null, freshLink: true });
    await addTimelineEvent(tx, {
      documentId: doc.id,
      firmId: doc.firmId,
      type: 'delivery_fresh_link_requested',
      description: `Fresh link asked for on the delivery page from ${pctx.ip}; sent to the digital service address ${row.toAddress}`,
      metadata: {
        delivery_id: d.id,
        new_delivery_id: row.id,
        ip: pctx.ip,
        user_agent: pctx.userAgent,
        to_address: row.toAddress,
      },
    });
    await scheduleProofRefresh(tx, doc.id, pctx.deps.clock.now());
    return row;
  });
  const sentTo = maskEmail(sent.toAddress);
  return {
    data: { sent_to: sentTo, expires_at: sent.expiresAt.toISOString() },
    message: `A fresh link has been sent to ${sentTo}`,
  };
}
