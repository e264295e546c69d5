import { buffer } from 'node:stream/consumers';
import type { FastifyInstance } from 'fastify';
import { DocumentErrors, servedCopyFileName } from '@lexserve/contracts/documents';
import { AppError, appError } from '../../lib/app-error';
import { inTransaction, type Ctx } from '../../lib/context';
import { scheduleJob } from '../../lib/jobs';
import { PdfRefusedError, type PdfLimits } from '../../lib/pdf-merge';
import { newSecurityId } from './security-id';
import { sha256 } from '../../lib/tokens';
import { sealIssuedPdf } from '../seal/seal.service';
import {
  findDocumentById,
  recordMissingTimestamp,
  type DocumentRow,
} from '../documents/document-records.service';
import { getReadableDocument } from '../documents/documents.service';
import * as files from '../documents/document-records.service';
import { newFileKey, storedContent, type Download } from '../documents/files.service';
import { sast } from './pdf-kit';
import { ensureProof } from './proof-of-service.repository';
import { verificationUrlOf } from './proof-of-service.service';
import * as repo from './served-copies.repository';
import { addTimelineEvent } from '../trail/trail.service';

/**
 * Stamped served copies (docs/evidence.md). Each served PDF is also kept as a copy whose every page carries, at its
 * foot, the security ID, a QR code to the verification page and "Served through LexServe on <date of service, SAST>"
 * (lib/served-stamp.ts), sealed like every PDF LexServe issues; the original is kept as uploaded. Both are recorded
 * with their SHA-256 and both verify. The copies are made by a job when the document is served, and on first request
 * if one is missing. A file that cannot be stamped (encrypted, damaged, over the PDF limits) is recorded as failed
 * with the reason, and its original is what the recipient gets.
 */

type WorkCtx = Pick<Ctx, 'db' | 'deps' | 'log'>;

/** The job that makes a served document's copies (scheduled when the document is served). */
const SERVED_COPIES_JOB = 'documents.served-copies';

const isPdf = (file: files.CaseFileRow) => file.mimeType === 'application/pdf';

/** Whether a file of a document gets a stamped copy: a PDF that was served, of a document that is served. */
export const hasServedCopy = (doc: DocumentRow, file: files.CaseFileRow) =>
  !!doc.servedAt && file.isServed && isPdf(file);

/** The refusal in words, for the record and the 409. */
function problemOf(err: PdfRefusedError, limits: PdfLimits): string {
  switch (err.reason) {
    case 'encrypted':
      return 'it is password-protected (encrypted), so its pages cannot be stamped';
    case 'unreadable':
      return 'it could not be read as a PDF (it may be damaged)';
    case 'pages':
      return `it has more than ${limits.maxPages.toLocaleString('en-US')} pages`;
    case 'inflated':
      return `it expands to more than ${limits.maxInflatedMb.toLocaleString('en-US')} MB when read`;
    case 'too_large':
      return `it is larger than ${limits.maxSourceMb.toLocaleString('en-US')} MB`;
    case 'memory':
      return 'it is too complex to stamp';
    case 'timeout':
      return `stamping it took longer than ${limits.timeoutSeconds.toLocaleString('en-US')} seconds`;
    case 'busy':
      return 'the server was busy';
  }
}

/** Copies being made by this process, by case file: a second request waits for the first instead of making another. */
const making = new Map<number, Promise<repo.ServedCopyRow>>();

/**
 * The served copy of one file (see `hasServedCopy`), made now if there is none. Within a process one copy is made at
 * a time per file; across processes the unique key keeps the first recorded and the other's file is removed.
 */
export async function ensureServedCopy(
  ctx: WorkCtx,
  doc: DocumentRow,
  file: files.CaseFileRow,
): Promise<repo.ServedCopyRow> {
  const existing = await repo.findServedCopy(ctx.db, file.id);
  if (existing) return existing;
  let run = making.get(file.id);
  if (!run) {
    run = makeServedCopy(ctx, doc, file).finally(() => making.delete(file.id));
    making.set(file.id, run);
  }
  return run;
}

async function makeServedCopy(
  ctx: WorkCtx,
  doc: DocumentRow,
  file: files.CaseFileRow,
): Promise<repo.ServedCopyRow> {
  const { deps } = ctx;
  // The security ID is the document's (allocated once, shared with its proof of service).
  const proof = await ensureProof(ctx.db, doc.id, doc.firmId, newSecurityId);
  const servedAt = doc.serviceDate ?? doc.servedAt!;
  const base = {
    caseFileId: file.id,
    documentId: doc.id,
    firmId: doc.firmId,
    securityId: proof.securityId,
    servedAt,
  };
  let stamped: { bytes: Buffer; pageCount: number };
  let sealed: Awaited<ReturnType<typeof sealIssuedPdf>>;
  try {
    // Opened in the PDF worker, within the PDF_* limits: a hostile file cannot hold up the server. The stamped file is
    // parsed for its seal there too (it has as many pages as the original).
    stamped = await deps.pdf.stamp(async () => buffer(await storedContent(deps.files, file.storageKey)), {
      servedText: `Served through LexServe on ${sast.long(servedAt)}`,
      securityId: proof.securityId,
      verifyUrl: verificationUrlOf(deps.env.PUBLIC_URL, proof.securityId),
    });
    sealed = await sealIssuedPdf(ctx, stamped.bytes, { inWorker: true });
  } catch (err) {
    if (!(err instanceof PdfRefusedError)) throw err;
    if (err.reason === 'busy') throw new AppError(DocumentErrors.SERVED_COPY_BUSY, { cause: err });
    const problem = problemOf(err, deps.pdf.limits);
    ctx.log.warn(
      { documentId: doc.id, fileId: file.id, reason: err.reason },
      'served copy not stamped: the original is served',
    );
    return record(
      ctx,
      { ...base, status: 'failed', problem },
      `${file.filename} could not be stamped: ${problem}. The original is served as uploaded.`,
    );
  }
  const pdf = sealed.pdf;
  const digest = sha256(pdf);
  const key = `${newFileKey(doc.firmId, 'served')}.pdf`;
  await deps.files.put(key, pdf, { contentType: 'application/pdf' });
  try {
    const row = await record(
      ctx,
      {
        ...base,
        status: 'ready',
        storageKey: key,
        sha256: digest,
        size: pdf.length,
        pageCount: stamped.pageCount,
      },
      `Stamped served copy of ${file.filename} made (${proof.securityId} on each of its ${stamped.pageCount} page(s))`,
      sealed,
    );
    if (row.storageKey !== key) await deps.files.delete(key).catch(() => undefined);
    return row;
  } catch (err) {
    await deps.files.delete(key).catch(() => undefined);
    throw err;
  }
}

/** Records the copy (unless another was recorded first: that one is answered) with its timeline entry. */
async function record(
  ctx: WorkCtx,
  values: Parameters<typeof repo.insertServedCopy>[1],
  description: string,
  sealed?: Parameters<typeof recordMissingTimestamp>[1],
): Promise<repo.ServedCopyRow> {
  const recorded = await inTransaction(ctx, async (tx) => {
    const { row, inserted } = await repo.insertServedCopy(tx, values);
    if (!inserted) return row;
    await addTimelineEvent(tx, {
      documentId: row.documentId,
      firmId: row.firmId,
      type: 'served_copy_made',
      description,
      metadata: {
        file_id: row.caseFileId,
        status: row.status,
        security_id: row.securityId,
        sha256: row.sha256,
        size: row.size,
        page_count: row.pageCount,
        problem: row.problem,
        timestamped: sealed?.timestamped ?? null,
      },
    });
    if (sealed && row.sha256)
      await recordMissingTimestamp(tx, sealed, {
        kind: 'served_copy',
        rowId: row.id,
        documentId: row.documentId,
        sha256: row.sha256,
      });
    return row;
  });
  ctx.deps.verification.changed({ documentId: recorded.documentId });
  return recorded;
}

/** The stored copy as a download (the caller has checked it is ready). */
export async function openServedCopy(
  ctx: WorkCtx,
  copy: repo.ServedCopyRow,
  filename: string,
): Promise<Download> {
  return {
    stream: await storedContent(ctx.deps.files, copy.storageKey!),
    filename: servedCopyFileName(filename),
    mimeType: 'application/pdf',
    size: Number(copy.size),
  };
}

/**
 * GET /documents/{id}/files/{fileId}/served-copy: whoever may download the file (404 outside the scope, or for a file
 * of another document). 409 when the document is not served yet (a draft, or with the sheriff until the return of
 * service), for a file uploaded after the service, for a Word file, and for a PDF that could not be stamped (with the
 * reason: its original was served).
 */
export async function downloadServedCopy(ctx: Ctx, documentId: number, fileId: number): Promise<Download> {
  const doc = await getReadableDocument(ctx, documentId);
  const file = await files.findCaseFile(ctx.db, documentId, fileId);
  if (!file) throw new AppError(DocumentErrors.FILE_NOT_FOUND);
  if (!doc.servedAt) throw new AppError(DocumentErrors.SERVED_COPY_NOT_SERVED);
  if (!file.isServed) throw appError(DocumentErrors.SERVED_COPY_FILE_NOT_SERVED, { name: file.filename });
  if (!isPdf(file)) throw appError(DocumentErrors.SERVED_COPY_NOT_PDF, { name: file.filename });
  const copy = await ensureServedCopy(ctx, doc, file);
  if (copy.status !== 'ready')
    throw appError(DocumentErrors.SERVED_COPY_FAILED, {
      name: file.filename,
      problem: copy.problem ?? 'unknown reason',
    });
  return openServedCopy(ctx, copy, file.filename);
}

/** Makes every missing copy of a served document; a failure other than a refusal is thrown after the others are tried. */
async function makeServedCopies(ctx: WorkCtx, documentId: number): Promise<number> {
  const doc = await findDocumentById(ctx.db, documentId);
  if (!doc?.servedAt) return 0;
  let made = 0;
  let failure: unknown = null;
  for (const file of await repo.servedPdfsWithoutCopy(ctx.db, documentId)) {
    try {
      await ensureServedCopy(ctx, doc, file);
      made++;
    } catch (err) {
      ctx.log.error(
        { err, documentId, fileId: file.id },
        'served copy could not be made; the job will retry',
      );
      failure ??= err;
    }
  }
  if (failure) throw failure;
  return made;
}

/** The job, scheduled in the transaction that serves the document (the document.served event). */
export function servedCopiesSetup(app: FastifyInstance) {
  const ctx: WorkCtx = { db: app.deps.database.db, deps: app.deps, log: app.log };
  app.deps.jobs.register(SERVED_COPIES_JOB, async (payload) => {
    await makeServedCopies(ctx, Number(payload.documentId));
  });
  app.deps.events.on('document.served', async (p, { tx }) => {
    await scheduleJob(tx, {
      name: SERVED_COPIES_JOB,
      payload: { documentId: p.documentId },
      dedupeKey: `document:${p.documentId}:served-copies`,
    });
  });
}
