import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '@lexserve/contracts/common';
import { TrailVerificationSchema } from '@lexserve/contracts/documents';
import { ctxOf } from '../../lib/context';
import { Readable } from 'node:stream';
import { auditCertificate, verifyTrail } from './audit-certificate.service';
import { sendStream } from '../../lib/send-file';

/** The tamper-evident trail of a document: its check and its audit certificate (authenticated). */
export function auditCertificateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['documents'];
  r.get(
    '/documents/:id/timeline/verify',
    { schema: { tags, params: IdParamsSchema, response: { 200: TrailVerificationSchema } } },
    (req) => verifyTrail(ctxOf(req), req.params.id),
  );
  r.get(
    '/documents/:id/audit-certificate',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        description: "The sealed audit certificate (PDF) of the document's timeline.",
      },
    },
    async (req, reply) => {
      const { pdf, filename } = await auditCertificate(ctxOf(req), req.params.id);
      return sendStream(reply, { stream: Readable.from([pdf]), filename, size: pdf.length });
    },
  );
}
