import { readFile, rm } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import { DocumentErrors, defaultBundleName, type CreateBundleInput } from '@lexserve/contracts/documents';
import { AppError, appError } from '../../lib/app-error';
import { inTransaction, type Ctx } from '../../lib/context';
import { PdfRefusedError, type PdfLimits } from '../../lib/pdf-merge';
import { recordEvent } from '../../lib/events';
import { sha256 } from '../../lib/tokens';
import { eventPayload } from './documents.mapper';
import { assertOpen } from './documents.policy';
import { getDocumentForChange } from './documents.service';
import { cleanFilename } from '../../lib/file-inspector';
import { newFileKey, storedContent } from './files.service';
import * as repo from './files.repository';
import { addTimelineEvent } from '../trail/trail.service';
import { recordMissingTimestamp } from './late-timestamps';
import { sealIssuedPdf } from '../seal/seal.service';
import { convertWordFiles, findSoffice } from './word-to-pdf';

const formatted = (n: number) => n.toLocaleString('en-US');

/** The catalogue's answer to a refusal of the PDF worker, naming the file it was reading. */
function refusalError(err: PdfRefusedError, chosen: repo.CaseFileRow[], limits: PdfLimits): AppError {
  const name = err.index === null ? null : (chosen[err.index]?.filename ?? null);
  const seconds = formatted(limits.timeoutSeconds);
  switch (err.reason) {
    case 'pages':
      return appError(
        DocumentErrors.BUNDLE_TOO_MANY_PAGES,
        { name: name ?? 'A file', limit: formatted(limits.maxPages) },
        err,
      );
    case 'inflated':
      return appError(
        DocumentErrors.BUNDLE_PDF_TOO_LARGE_INFLATED,
        { name: name ?? 'A file', limit: formatted(limits.maxInflatedMb) },
        err,
      );
    case 'encrypted':
    case 'unreadable':
      return appError(DocumentErrors.BUNDLE_PDF_UNREADABLE, { name: name ?? 'A file' }, err);
    case 'too_large':
      return appError(DocumentErrors.BUNDLE_TOO_LARGE, { limit: formatted(limits.maxSourceMb) }, err);
    case 'busy':
      return new AppError(DocumentErrors.BUNDLE_BUSY, { cause: err });
    case 'memory':
    case 'timeout':
      if (!name)
        return appError(
          DocumentErrors.BUNDLE_TOO_COMPLEX,
          { seconds, memory: formatted(limits.memoryMb) },
          err,
        );
      return err.reason === 'memory'
        ? appError(DocumentErrors.BUNDLE_PDF_TOO_COMPLEX, { name }, err)
        : appError(DocumentErrors.BUNDLE_PDF_TIMEOUT, { name, seconds }, err);
  }
}

/** The bundle's file name: the given name (or Bundle_YYYY-MM-DD), made safe, ending in .pdf. */
const bundleFileName = (name: string | undefined) => {
  const base = cleanFilename(name ?? defaultBundleName(), defaultBundleName()).replace(/\.pdf$/i, '');
  return `${base}.pdf`;
};

/**
 * POST /documents/{id}/bundle: merges the chosen files, in the order given, into one PDF stored as a bundle
 * file of the document, sealed (PAdES, time-stamped when the authority answers). Bundles cannot be bundled again; Word files are converted with LibreOffice when it is
 * installed and refused with a clear message otherwise. Sources are read one at a time.
 */
export async function createBundle(ctx: Ctx, documentId: number, input: CreateBundleInput) {
  const doc = await getDocumentForChange(ctx, documentId, DocumentErrors.BUNDLE_FORBIDDEN);
  assertOpen(doc);
  const files = await repo.listCaseFiles(ctx.db, documentId);
  if (!files.some((f) => !f.isBundle)) throw new AppError(DocumentErrors.BUNDLE_NOTHING_AVAILABLE);
  const chosen = input.file_ids.map((id) => {
    const file = files.find((f) => f.id === id);
    if (!file) throw appError(DocumentErrors.BUNDLE_FILE_NOT_FOUND, { id });
    return file;
  });
  if (chosen.some((f) => f.isBundle)) throw new AppError(DocumentErrors.BUNDLE_OF_BUNDLE);
  const words = chosen.filter((f) => f.mimeType !== 'application/pdf');
  const soffice = words.length ? findSoffice(ctx.deps.env.SOFFICE_PATH) : null;
  if (words.length && !soffice)
    throw appError(DocumentErrors.BUNDLE_WORD_UNSUPPORTED, {
      names: words.map((f) => f.filename).join(', '),
    });

  const store = ctx.deps.files;
  const filename = bundleFileName(input.bundle_name);
  const converted = soffice ? await convertWordFiles(soffice, store, words, ctx.log) : null;
  let merged: { bytes: Buffer; pageCount: number };
  try {
    // The PDFs are opened in a worker thread, within the PDF_* limits; each is read when the worker is ready for it.
    const sources = chosen.map((file) => async () => {
      const pdfPath = converted?.pdfOf.get(file.id);
      return pdfPath ? readFile(pdfPath) : buffer(await storedContent(store, file.storageKey));
    });
    merged = await ctx.deps.pdf.merge(sources, {
      title: filename.replace(/\.pdf$/, ''),
      producer: 'LexServe',
      creator: 'LexServe document bundles',
    });
  } catch (err) {
    if (err instanceof PdfRefusedError) {
      const file = err.index === null ? null : chosen[err.index];
      ctx.log.warn(
        { reason: err.reason, documentId, fileId: file?.id ?? null, err },
        'bundle refused by the PDF worker',
      );
      throw refusalError(err, chosen, ctx.deps.pdf.limits);
    }
    throw err;
  } finally {
    if (converted) await rm(converted.dir, { recursive: true, force: true });
  }
  const { pageCount } = merged;
  // Sealed like every PDF LexServe issues, before it is stored: the stored file and its SHA-256 are the sealed bundle.
  let sealed: Awaited<ReturnType<typeof sealIssuedPdf>>;
  try {
    // Parsed for the seal in the PDF worker too: a bundle of thousands of pages takes about a second to read.
    sealed = await sealIssuedPdf(ctx, merged.bytes, { inWorker: true });
  } catch (err) {
    // A refusal here is about the merged file, not one of the sources.
    if (err instanceof PdfRefusedError)
      throw refusalError(new PdfRefusedError(err.reason, null, err.message), chosen, ctx.deps.pdf.limits);
    throw err;
  }
  const out = sealed.pdf;
  const key = newFileKey(doc.firmId, 'bundles');
  await store.put(key, out, { contentType: 'application/pdf' });
  try {
    const row = await inTransaction(ctx, async (tx) => {
      const current = await getDocumentForChange(
        { ...ctx, db: tx },
        documentId,
        DocumentErrors.BUNDLE_FORBIDDEN,
      );
      assertOpen(current);
      await ctx.deps.limits.assertStorageAvailable(tx, current.firmId, out.length);
      const [bundle] = await repo.insertCaseFiles(tx, [
        {
          documentId,
          firmId: current.firmId,
          filename,
          storageKey: key,
          size: out.length,
          mimeType: 'application/pdf',
          sha256: sha256(out),
          isBundle: true,
          pageCount,
          bundleSourceIds: chosen.map((f) => f.id),
          uploadedById: ctx.actor.id,
        },
      ]);
      await addTimelineEvent(tx, {
        documentId,
        firmId: current.firmId,
        type: 'bundle_created',
        description: `Bundle ${filename} created from ${chosen.length} file(s), ${pageCount} page(s)`,
        performedById: ctx.actor.id,
        metadata: {
          bundle_id: bundle!.id,
          filename,
          source_file_ids: chosen.map((f) => f.id),
          page_count: pageCount,
          sha256: bundle!.sha256,
          sealed_by: sealed.signer.fingerprint_sha256,
          timestamped: sealed.timestamped,
        },
      });
      await recordMissingTimestamp(tx, sealed, {
        kind: 'bundle',
        rowId: bundle!.id,
        documentId,
        sha256: bundle!.sha256,
      });
      await recordEvent(
        tx,
        'document.bundle_created',
        eventPayload(current, ctx.actor.id, { fileId: bundle!.id }),
      );
      return bundle!;
    });
    return (await repo.toCaseFileDtos(ctx.db, [row]))[0]!;
  } catch (err) {
    await store.delete(key).catch(() => undefined);
    throw err;
  }
}
