import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, IdSchema, envelope } from '@lexserve/contracts/common';
import {
  DeliveryListSchema,
  DeliveryPageSchema,
  DeliveryRecordSchema,
  FreshLinkResultSchema,
} from '@lexserve/contracts/documents';
import { CommonErrors } from '@lexserve/contracts/errors';
import { ctxOf, publicCtxOf } from '../../lib/context';
import * as delivery from './delivery.service';
import { sendStream } from '../../lib/send-file';

const TokenParams = z.object({ token: z.string().min(1).max(200) });
const SessionQuery = z.object({ session: z.string().max(200).optional() });
const sessionOf = (req: FastifyRequest) =>
  (req.query as { session?: string }).session ?? (req.headers['x-delivery-session'] as string | undefined);

/**
 * The recipient's side of electronic service, without login, rate-limited per address: the tokenised page (opens as
 * often as needed until the link expires), downloads with an opening's session, and a fresh link to the same address.
 */
export async function deliveryPublicRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['delivery'];
  const rateLimit = {
    max: app.deps.env.VERIFY_RATE_LIMIT,
    timeWindow: '1 minute',
    errorResponseBuilder: () => ({
      statusCode: 429,
      code: CommonErrors.RATE_LIMITED.code,
      message: CommonErrors.RATE_LIMITED.message,
    }),
  };

  r.get(
    '/delivery/:token',
    {
      config: { rateLimit },
      schema: {
        tags,
        security: [],
        params: TokenParams,
        querystring: SessionQuery,
        response: { 200: DeliveryPageSchema },
      },
    },
    (req) => delivery.openDeliveryPage(publicCtxOf(req), req.params.token, sessionOf(req)),
  );
  r.get(
    '/delivery/:token/files/:fileId',
    {
      config: { rateLimit },
      schema: {
        tags,
        security: [],
        description:
          'A served file: a PDF as its stamped served copy (security ID, QR code and date of service on every page, ' +
          'sealed); ?original=true, a Word file, or a PDF that could not be stamped, as uploaded. Each download is recorded.',
        params: TokenParams.extend({ fileId: IdSchema }),
        querystring: SessionQuery.extend({
          original: z.stringbool({ error: 'original must be true or false.' }).optional(),
        }),
      },
    },
    async (req, reply) =>
      sendStream(
        reply,
        await delivery.downloadDeliveredFile(
          publicCtxOf(req),
          req.params.token,
          sessionOf(req),
          req.params.fileId,
          { original: req.query.original },
        ),
      ),
  );
  r.get(
    '/delivery/:token/proof',
    { config: { rateLimit }, schema: { tags, security: [], params: TokenParams, querystring: SessionQuery } },
    async (req, reply) =>
      sendStream(
        reply,
        await delivery.downloadDeliveredProof(publicCtxOf(req), req.params.token, sessionOf(req)),
      ),
  );
  r.post(
    '/delivery/:token/fresh-link',
    {
      config: { rateLimit },
      schema: {
        tags,
        security: [],
        description:
          'E-mails a fresh link to the nominated digital service address (never to another); takes no body.',
        params: TokenParams,
        response: { 201: envelope(FreshLinkResultSchema) },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        status: 'success' as const,
        ...(await delivery.requestFreshLink(publicCtxOf(req), req.params.token)),
      }),
  );
}

/** The firm's side: a document's delivery record, and a new link to the digital service address (authenticated). */
export function deliveryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['documents'];
  r.get(
    '/documents/:id/delivery',
    { schema: { tags, params: IdParamsSchema, response: { 200: DeliveryListSchema } } },
    (req) => delivery.listDocumentDeliveries(ctxOf(req), req.params.id),
  );
  r.post(
    '/documents/:id/delivery/resend',
    { schema: { tags, params: IdParamsSchema, response: { 201: envelope(DeliveryRecordSchema) } } },
    async (req, reply) =>
      reply.status(201).send({
        status: 'success' as const,
        data: await delivery.resendDelivery(ctxOf(req), req.params.id),
        message: 'A new download link was sent to the digital service address',
      }),
  );
}
