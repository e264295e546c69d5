import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, IdSchema, MessageSchema, envelope } from '@lexserve/contracts/common';
import {
  AssignSheriffInputSchema,
  CaseFileListSchema,
  CaseFileSchema,
  CreateBundleInputSchema,
  CreateDocumentInputSchema,
  DocumentListQuerySchema,
  DocumentListSchema,
  DocumentSchema,
  DownloadQuerySchema,
  FileViewLinkSchema,
  MAX_FILES_PER_UPLOAD,
  MAX_FILE_SIZE_BYTES,
  RevokeDocumentInputSchema,
  TimelineQuerySchema,
  TimelineSchema,
  UpdateDocumentInputSchema,
  UploadResultSchema,
} from '@lexserve/contracts/documents';
import { ctxOf } from '../../lib/context';
import { formFields, registerUploads, uploadParts } from '../../plugins/uploads';
import { createBundle } from './bundles.service';
import * as documents from './documents.service';
import * as fileView from './file-view.service';
import * as files from './files.service';
import { sendStream } from '../../lib/send-file';
import { parseOrThrow } from './validation';

const FileParamsSchema = z.object({ id: IdSchema, fileId: IdSchema });

/** 100 MB per file, 50 files per request. */
const uploadLimits = { fileSize: MAX_FILE_SIZE_BYTES, files: MAX_FILES_PER_UPLOAD };

/** Case documents, their files, bundles, timeline and sheriff (authenticated). */
export async function documentsRoutes(app: FastifyInstance) {
  // Multipart is registered in this module's scope only.
  await app.register(async (scope) => {
    await registerUploads(scope, uploadLimits);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['documents'];

    r.get(
      '/documents',
      { schema: { tags, querystring: DocumentListQuerySchema, response: { 200: DocumentListSchema } } },
      (req) => documents.listDocuments(ctxOf(req), req.query),
    );
    r.post(
      '/documents',
      { schema: { tags, body: CreateDocumentInputSchema, response: { 201: envelope(DocumentSchema) } } },
      async (req, reply) =>
        reply.status(201).send({
          status: 'success' as const,
          data: await documents.createDocument(ctxOf(req), req.body),
          message: 'Document created successfully',
        }),
    );
    r.post(
      '/documents/upload',
      {
        schema: {
          tags,
          description:
            'multipart/form-data: document_id (put it first), files (repeated), use_chunked_upload, use_parallel_upload',
          querystring: z.object({ document_id: z.string().optional() }),
          response: { 201: UploadResultSchema },
        },
      },
      async (req, reply) =>
        reply
          .status(201)
          .send(await files.uploadFiles(ctxOf(req), () => uploadParts(req, uploadLimits), req.query)),
    );
    r.get(
      '/documents/:id',
      { schema: { tags, params: IdParamsSchema, response: { 200: DocumentSchema } } },
      (req) => documents.getDocument(ctxOf(req), req.params.id),
    );
    r.put(
      '/documents/:id',
      {
        schema: {
          tags,
          params: IdParamsSchema,
          body: UpdateDocumentInputSchema,
          response: { 200: envelope(DocumentSchema) },
        },
      },
      async (req) => {
        const data = await documents.updateDocument(ctxOf(req), req.params.id, req.body);
        const submitted = req.body.status === 'served';
        const message =
          submitted && data.status === 'served'
            ? 'Document submitted and served successfully'
            : submitted && data.status === 'assigned'
              ? `Document submitted: it is with Sheriff ${data.assigned_sheriff?.full_name ?? ''} for service`
              : 'Document updated successfully';
        return { status: 'success' as const, data, message };
      },
    );
    r.delete(
      '/documents/:id',
      { schema: { tags, params: IdParamsSchema, response: { 200: MessageSchema } } },
      async (req) => {
        const doc = await documents.deleteDocument(ctxOf(req), req.params.id);
        return { message: `Draft "${doc.title}" has been deleted successfully.` };
      },
    );

    r.get(
      '/documents/:id/files',
      { schema: { tags, params: IdParamsSchema, response: { 200: CaseFileListSchema } } },
      (req) => files.listFiles(ctxOf(req), req.params.id),
    );
    r.get(
      '/documents/:id/bundles',
      { schema: { tags, params: IdParamsSchema, response: { 200: CaseFileListSchema } } },
      async (req) => {
        const all = await files.listFiles(ctxOf(req), req.params.id);
        const bundles = all.files.filter((f) => f.is_bundle);
        return { files: bundles, total: bundles.length, total_size: bundles.reduce((n, f) => n + f.size, 0) };
      },
    );
    r.get(
      '/documents/:id/files/primary',
      { schema: { tags, params: IdParamsSchema, response: { 200: CaseFileSchema } } },
      (req) => files.getPrimaryFile(ctxOf(req), req.params.id),
    );
    r.put(
      '/documents/:id/files/:fileId/primary',
      { schema: { tags, params: FileParamsSchema, response: { 200: envelope(CaseFileSchema) } } },
      async (req) => ({
        status: 'success' as const,
        data: await files.setPrimary(ctxOf(req), req.params.id, req.params.fileId),
        message: 'Primary file updated',
      }),
    );
    r.delete(
      '/documents/:id/files/:fileId',
      { schema: { tags, params: FileParamsSchema, response: { 200: MessageSchema } } },
      async (req) => {
        await files.deleteFile(ctxOf(req), req.params.id, req.params.fileId);
        return { message: 'File deleted successfully' };
      },
    );
    r.get(
      '/documents/:id/download',
      { schema: { tags, params: IdParamsSchema, querystring: DownloadQuerySchema } },
      async (req, reply) => sendStream(reply, await files.downloadFile(ctxOf(req), req.params.id, req.query)),
    );
    r.post(
      '/documents/:id/files/:fileId/view-link',
      {
        schema: {
          tags,
          description:
            'A same-origin address showing the file inline for 10 minutes, ending with its file name (for a PDF viewer).',
          params: FileParamsSchema,
          response: { 201: FileViewLinkSchema },
        },
      },
      async (req, reply) =>
        reply
          .status(201)
          .send(await fileView.createFileViewLink(ctxOf(req), req.params.id, req.params.fileId)),
    );
    r.post(
      '/documents/:id/bundle',
      {
        schema: {
          tags,
          description:
            'multipart/form-data or JSON: file_ids (comma-joined, in bundle order), bundle_name (default Bundle_YYYY-MM-DD)',
          params: IdParamsSchema,
          response: { 201: envelope(CaseFileSchema) },
        },
      },
      async (req, reply) => {
        const raw = req.isMultipart() ? await formFields(req) : (req.body ?? {});
        const input = parseOrThrow(CreateBundleInputSchema, raw);
        const data = await createBundle(ctxOf(req), req.params.id, input);
        return reply
          .status(201)
          .send({ status: 'success' as const, data, message: 'Bundle created successfully!' });
      },
    );

    r.get(
      '/documents/:id/timeline',
      {
        schema: {
          tags,
          params: IdParamsSchema,
          querystring: TimelineQuerySchema,
          response: { 200: TimelineSchema },
        },
      },
      (req) => documents.getTimeline(ctxOf(req), req.params.id, req.query),
    );
    r.put(
      '/documents/:id/assign-sheriff',
      {
        schema: {
          tags,
          params: IdParamsSchema,
          body: AssignSheriffInputSchema,
          response: { 200: envelope(DocumentSchema) },
        },
      },
      async (req) => {
        const data = await documents.assignSheriff(ctxOf(req), req.params.id, req.body.assigned_sheriff_id);
        return {
          status: 'success' as const,
          data,
          message: data.assigned_sheriff
            ? `Sheriff ${data.assigned_sheriff.full_name} assigned`
            : 'Sheriff assignment removed',
        };
      },
    );
    r.post(
      '/documents/:id/revoke',
      {
        schema: {
          tags,
          params: IdParamsSchema,
          body: RevokeDocumentInputSchema,
          response: { 200: envelope(DocumentSchema) },
        },
      },
      async (req) => ({
        status: 'success' as const,
        data: await documents.revokeDocument(ctxOf(req), req.params.id, req.body.reason),
        message: 'Document revoked. Verification now reports it as revoked.',
      }),
    );
  });
}
