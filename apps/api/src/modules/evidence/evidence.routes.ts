import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdSchema, envelope } from '@lexserve/contracts/common';
import {
  GenerateProofInputSchema,
  ProofDocumentParamsSchema,
  ProofDownloadQuerySchema,
  ProofOfServiceStatusSchema,
  ProofVersionListSchema,
} from '@lexserve/contracts/documents';
import { ctxOf } from '../../lib/context';
import { sendStream } from '../../lib/send-file';
import * as proof from './proof-of-service.service';
import * as servedCopies from './served-copies.service';

const FileParamsSchema = z.object({ id: IdSchema, fileId: IdSchema });

/** A document's served copies and its proof of service: drawn, listed, downloaded (authenticated). */
export function evidenceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['documents'];
  r.get(
    '/documents/:id/files/:fileId/served-copy',
    {
      schema: {
        tags,
        params: FileParamsSchema,
        summary: 'The stamped served copy of a served PDF',
        description:
          'The file as served to the recipient: every page carries, at its foot, the security ID, a QR code to the ' +
          'verification page and "Served through LexServe on <date of service> SAST"; sealed (PAdES). Made when the ' +
          'document is served, or now if missing. Same access as the file download (404 outside the scope). 409 when ' +
          'the document is not served yet (a draft, or with the sheriff until the return of service), for a file ' +
          'uploaded after service, a Word file, or a PDF that could not be stamped (encrypted, damaged, over the PDF ' +
          'limits: its original was served). 503 when every PDF worker is busy.',
      },
    },
    async (req, reply) =>
      sendStream(reply, await servedCopies.downloadServedCopy(ctxOf(req), req.params.id, req.params.fileId)),
  );
  const ptags = ['proof-of-service'];
  r.post(
    '/proof-of-service/generate/:documentId',
    {
      schema: {
        tags: ptags,
        params: ProofDocumentParamsSchema,
        body: GenerateProofInputSchema,
        response: { 200: envelope(ProofOfServiceStatusSchema), 201: envelope(ProofOfServiceStatusSchema) },
      },
    },
    async (req, reply) => {
      const { created, status } = await proof.generateProof(ctxOf(req), req.params.documentId, req.body);
      return reply.status(created ? 201 : 200).send({
        status: 'success' as const,
        data: status,
        message: created ? 'Proof of service generated successfully' : 'Proof of service already generated',
      });
    },
  );
  r.get(
    '/proof-of-service/document/:documentId',
    {
      schema: {
        tags: ptags,
        params: ProofDocumentParamsSchema,
        response: { 200: ProofOfServiceStatusSchema },
      },
    },
    (req) => proof.getProofStatus(ctxOf(req), req.params.documentId),
  );
  r.get(
    '/proof-of-service/document/:documentId/download',
    { schema: { tags: ptags, params: ProofDocumentParamsSchema, querystring: ProofDownloadQuerySchema } },
    async (req, reply) =>
      sendStream(reply, await proof.downloadProof(ctxOf(req), req.params.documentId, req.query.version)),
  );
  r.get(
    '/proof-of-service/document/:documentId/versions',
    {
      schema: { tags: ptags, params: ProofDocumentParamsSchema, response: { 200: ProofVersionListSchema } },
    },
    (req) => proof.listProofVersions(ctxOf(req), req.params.documentId),
  );
}
