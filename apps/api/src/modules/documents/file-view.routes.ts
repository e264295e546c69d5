import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdSchema } from '@lexserve/contracts/common';
import { publicCtxOf } from '../../lib/context';
import { openFileView } from './file-view.service';
import { sendStream } from '../../lib/send-file';

const ViewParamsSchema = z.object({ id: IdSchema, fileId: IdSchema, filename: z.string().max(500) });
const ViewQuerySchema = z.object({ token: z.string().min(1).max(2000) });

/**
 * The file of a view link, inline. Public in the sense of no bearer header (an iframe cannot send one): the ticket of
 * `POST /documents/{id}/files/{fileId}/view-link` stands for the user's session.
 */
export function fileViewPublicRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/documents/:id/files/:fileId/view/:filename',
    {
      schema: {
        tags: ['documents'],
        security: [],
        description:
          'The file inline (Content-Disposition inline with its name); `token` is the ticket of a view link.',
        params: ViewParamsSchema,
        querystring: ViewQuerySchema,
      },
    },
    async (req, reply) =>
      sendStream(
        reply,
        await openFileView(
          publicCtxOf(req),
          { documentId: req.params.id, fileId: req.params.fileId },
          req.query.token,
        ),
        'inline',
      ),
  );
}
