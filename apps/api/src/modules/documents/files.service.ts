import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DocumentErrors, MIME_TYPES, type FileType, type UploadResult } from '@lexserve/contracts/documents';
import type { ErrorDef } from '@lexserve/contracts/errors';
import { can } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import { inTransaction, type Ctx } from '../../lib/context';
import { recordEvent } from '../../lib/events';
import { FileMissingError, type FileStore } from '../../lib/storage';
import { bodyErrorOf, UploadBodyError, type IncomingFile, type UploadPart } from '../../plugins/uploads';
import { eventPayload } from './documents.mapper';
import { assertOpen, wasSubmitted } from './documents.policy';
import * as docs from './documents.repository';
import { cleanFilename, FileInspector, typeOfExtension } from '../../lib/file-inspector';
import * as repo from './files.repository';
import { getDocumentForChange, getReadableDocument } from './documents.service';
import { addTimelineEvent } from '../trail/trail.service';
import { validationError } from './validation';

type Stored = { key: string; filename: string; size: number; sha256: string; type: FileType };
type Failed = { filename: string; error: string; code: string };

const failure = (filename: string, def: ErrorDef): Failed => ({
  filename,
  error: def.message,
  code: def.code,
});

/** A storage key for a new file of a firm; never derived from user input. */
export const newFileKey = (firmId: number, kind: 'files' | 'bundles' | 'proofs' | 'served') =>
  `${kind}/${firmId}/${randomUUID()}`;

/** Streams one multipart file into the store while hashing and sniffing it; answers what it is, or why not. */
async function storeOne(store: FileStore, firmId: number, part: IncomingFile): Promise<Stored | Failed> {
  const filename = cleanFilename(part.filename);
  const key = newFileKey(firmId, 'files');
  const inspector = new FileInspector();
  // pipe() does not forward errors: a body cut off mid-file must fail the store's write, not hang it.
  const source = part.stream;
  source.on('error', (err) => inspector.destroy(err));
  try {
    await store.put(key, source.pipe(inspector), { contentType: 'application/octet-stream' });
  } catch (err) {
    await store.delete(key).catch(() => undefined);
    throw err;
  }
  const reject = async (def: ErrorDef) => {
    await store.delete(key).catch(() => undefined);
    return failure(filename, def);
  };
  // busboy stops at the limit and discards the rest of the part: the stored prefix is removed.
  if (part.truncated()) return reject(DocumentErrors.FILE_TOO_LARGE);
  const { size, sha256, type } = inspector.inspection;
  if (size === 0) return reject(DocumentErrors.EMPTY_FILE);
  const claimed = typeOfExtension(filename);
  // The content decides; the extension must agree with it (a PNG named .pdf, a DOCX named .pdf are refused).
  if (!type || !claimed || claimed !== type) return reject(DocumentErrors.INVALID_FILE_TYPE);
  return { key, filename, size, sha256, type };
}

const isStored = (r: Stored | Failed): r is Stored => 'key' in r;

/** Maps a broken or over-full body to the upload catalogue. */
function uploadErrorOf(err: unknown): unknown {
  const body = err instanceof AppError ? err : bodyErrorOf(err);
  if (!(body instanceof UploadBodyError)) return body;
  return new AppError(
    body.reason === 'too_many' ? DocumentErrors.TOO_MANY_FILES : DocumentErrors.UPLOAD_MALFORMED,
    { cause: err },
  );
}

const parseId = (raw: unknown): number | undefined => {
  const n = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/**
 * POST /documents/upload: streams every file of the multipart body to the store (never whole in memory),
 * checking each by content and hashing it on the way. Per-file problems are answered per file; if no file
 * is acceptable the answer is 422 with the list. Request-level problems (no document, too many files, broken
 * body, plan storage) remove every file of the request. use_chunked_upload / use_parallel_upload are accepted
 * and ignored: the body is always streamed.
 */
/** `openBody` opens the multipart body (it throws at once when the request is not multipart). */
export async function uploadFiles(
  ctx: Ctx,
  openBody: () => AsyncIterable<UploadPart>,
  query: { document_id?: string },
): Promise<UploadResult> {
  let body: AsyncIterable<UploadPart>;
  try {
    body = openBody();
  } catch (err) {
    throw uploadErrorOf(err);
  }
  if (!can(ctx.actor, 'documents:update') || !ctx.actor.firmId) {
    // Drain nothing: the role can never upload; answer at once.
    throw new AppError(DocumentErrors.UPLOAD_FORBIDDEN);
  }
  const store = ctx.deps.files;
  let documentId = parseId(query.document_id);
  let doc: docs.DocumentRow | undefined;
  const checkDocument = async (id: number) => {
    const found = await getDocumentForChange(ctx, id, DocumentErrors.UPLOAD_FORBIDDEN);
    assertOpen(found);
    return found;
  };
  if (documentId) doc = await checkDocument(documentId);

  const results: (Stored | Failed)[] = [];
  const cleanup = () =>
    Promise.all(results.filter(isStored).map((r) => store.delete(r.key).catch(() => undefined)));
  try {
    for await (const part of body) {
      if (part.kind === 'field') {
        if (part.name === 'document_id' && !doc) {
          documentId = parseId(part.value);
          if (!documentId) throw new AppError(DocumentErrors.UPLOAD_DOCUMENT_ID_REQUIRED);
          doc = await checkDocument(documentId);
        }
        continue;
      }
      results.push(await storeOne(store, ctx.actor.firmId, part));
    }
  } catch (err) {
    await cleanup();
    throw uploadErrorOf(err);
  }

  try {
    if (!doc) throw new AppError(DocumentErrors.UPLOAD_DOCUMENT_ID_REQUIRED);
    if (!results.length) throw new AppError(DocumentErrors.NO_FILES);
    const stored = results.filter(isStored);
    const failed = results.filter((r): r is Failed => !isStored(r));
    if (!stored.length) {
      throw validationError(
        failed.map((f, i) => ({ loc: ['files', i], msg: `${f.filename}: ${f.error}`, type: f.code })),
      );
    }
    const target = doc;
    const rows = await inTransaction(ctx, async (tx) => {
      const current = await getDocumentForChange(
        { ...ctx, db: tx },
        target.id,
        DocumentErrors.UPLOAD_FORBIDDEN,
      );
      assertOpen(current);
      const total = stored.reduce((n, s) => n + s.size, 0);
      await ctx.deps.limits.assertStorageAvailable(tx, current.firmId, total);
      const hasPrimary = !!(await repo.findPrimaryFile(tx, current.id));
      const inserted = await repo.insertCaseFiles(
        tx,
        stored.map((s, i) => ({
          documentId: current.id,
          firmId: current.firmId,
          filename: s.filename,
          storageKey: s.key,
          size: s.size,
          mimeType: MIME_TYPES[s.type],
          sha256: s.sha256,
          // The first file of a document is its primary file.
          isPrimary: !hasPrimary && i === 0,
          uploadedById: ctx.actor.id,
        })),
      );
      const names = inserted.map((f) => f.filename);
      await addTimelineEvent(tx, {
        documentId: current.id,
        firmId: current.firmId,
        type: 'file_uploaded',
        description:
          inserted.length === 1
            ? `File uploaded: ${names[0]}`
            : `${inserted.length} files uploaded: ${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}`,
        performedById: ctx.actor.id,
        metadata: {
          files: inserted.map((f) => ({
            id: f.id,
            filename: f.filename,
            size: Number(f.size),
            sha256: f.sha256,
          })),
          after_service: wasSubmitted(current),
        },
      });
      await recordEvent(
        tx,
        'document.files_uploaded',
        eventPayload(current, ctx.actor.id, { fileIds: inserted.map((f) => f.id) }),
      );
      return inserted;
    });
    const files = await repo.toCaseFileDtos(ctx.db, rows);
    return {
      status: 'success',
      data: {
        document_id: doc.id,
        files,
        failed,
        uploaded_count: files.length,
        failed_count: failed.length,
        total_size: files.reduce((n, f) => n + f.size, 0),
      },
      message: failed.length
        ? `${files.length} file(s) uploaded. Some files were rejected: ${failed.map((f) => `${f.filename}: ${f.error}`).join(', ')}`
        : `${files.length} file(s) uploaded successfully`,
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/** GET /documents/{id}/files: the case files with their total size. */
export async function listFiles(ctx: Ctx, documentId: number) {
  await getReadableDocument(ctx, documentId);
  const rows = await repo.listCaseFiles(ctx.db, documentId);
  const files = await repo.toCaseFileDtos(ctx.db, rows);
  return { files, total: files.length, total_size: files.reduce((n, f) => n + f.size, 0) };
}

/** The document's primary file (or its first non-bundle file when none is marked), or 404. */
async function primaryOrFirst(ctx: Ctx, documentId: number, primaryOnly: boolean) {
  const primary = await repo.findPrimaryFile(ctx.db, documentId);
  if (primary || primaryOnly) return primary;
  const all = await repo.listCaseFiles(ctx.db, documentId);
  return all.find((f) => !f.isBundle) ?? all[0];
}

/** GET /documents/{id}/files/primary */
export async function getPrimaryFile(ctx: Ctx, documentId: number) {
  await getReadableDocument(ctx, documentId);
  const file = await primaryOrFirst(ctx, documentId, false);
  if (!file) throw new AppError(DocumentErrors.FILE_NOT_FOUND);
  return (await repo.toCaseFileDtos(ctx.db, [file]))[0]!;
}

/** PUT /documents/{id}/files/{fileId}/primary */
export async function setPrimary(ctx: Ctx, documentId: number, fileId: number) {
  const row = await inTransaction(ctx, async (tx) => {
    const doc = await getDocumentForChange({ ...ctx, db: tx }, documentId);
    assertOpen(doc);
    const file = await repo.findCaseFile(tx, documentId, fileId);
    if (!file) throw new AppError(DocumentErrors.FILE_NOT_FOUND);
    if (!file.isPrimary) {
      await repo.setPrimaryFile(tx, documentId, fileId);
      await addTimelineEvent(tx, {
        documentId,
        firmId: doc.firmId,
        type: 'updated',
        description: `Primary file set to ${file.filename}`,
        performedById: ctx.actor.id,
        metadata: { primary_file_id: fileId, filename: file.filename },
      });
    }
    return { ...file, isPrimary: true };
  });
  return (await repo.toCaseFileDtos(ctx.db, [row]))[0]!;
}

/** DELETE /documents/{id}/files/{fileId}: files that were not served (served files are the record of service). */
export async function deleteFile(ctx: Ctx, documentId: number, fileId: number) {
  const file = await inTransaction(ctx, async (tx) => {
    const doc = await getDocumentForChange({ ...ctx, db: tx }, documentId);
    assertOpen(doc);
    const file = await repo.findCaseFile(tx, documentId, fileId);
    if (!file) throw new AppError(DocumentErrors.FILE_NOT_FOUND);
    if (file.isServed) throw new AppError(DocumentErrors.DOCUMENT_SERVED_LOCKED);
    await repo.deleteCaseFileRow(tx, fileId);
    await addTimelineEvent(tx, {
      documentId,
      firmId: doc.firmId,
      type: 'file_deleted',
      description: `File deleted: ${file.filename}`,
      performedById: ctx.actor.id,
      metadata: { file_id: fileId, filename: file.filename, sha256: file.sha256 },
    });
    return file;
  });
  await ctx.deps.files
    .delete(file.storageKey)
    .catch((err) => ctx.log.warn({ err }, 'stored file not deleted'));
}

export type Download = { stream: Readable; filename: string; mimeType: string; size: number };

/** A stored file's content; a file gone from the store is the catalogue's 404 'File not found…'. */
export async function storedContent(store: FileStore, key: string): Promise<Readable> {
  try {
    return await store.get(key);
  } catch (err) {
    if (err instanceof FileMissingError) throw new AppError(DocumentErrors.FILE_NOT_FOUND, { cause: err });
    throw err;
  }
}

/** Opens a stored file, translating a missing object and store failures to the spec's download answers. */
export async function openStored(store: FileStore, file: repo.CaseFileRow): Promise<Download> {
  try {
    return {
      stream: await storedContent(store, file.storageKey),
      filename: file.filename,
      mimeType: file.mimeType,
      size: Number(file.size),
    };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(DocumentErrors.DOWNLOAD_FAILED, { cause: err });
  }
}

/**
 * GET /documents/{id}/download: file_id → that file of the document; otherwise the primary file (with
 * primary_only=false, the first file when none is primary). Everyone who may read the document may download.
 */
export async function downloadFile(
  ctx: Ctx,
  documentId: number,
  q: { file_id?: number; primary_only?: boolean },
): Promise<Download> {
  await getReadableDocument(ctx, documentId);
  const file = q.file_id
    ? await repo.findCaseFile(ctx.db, documentId, q.file_id)
    : await primaryOrFirst(ctx, documentId, q.primary_only ?? true);
  if (!file) throw new AppError(DocumentErrors.FILE_NOT_FOUND);
  return openStored(ctx.deps.files, file);
}
