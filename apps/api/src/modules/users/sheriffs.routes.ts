import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, envelope } from '@lexserve/contracts/common';
import { CommonErrors } from '@lexserve/contracts/errors';
import {
  CreateSheriffInputSchema,
  SetSheriffActiveInputSchema,
  SheriffListQuerySchema,
  SheriffListSchema,
  SheriffSchema,
  UpdateSheriffInputSchema,
} from '@lexserve/contracts/users';
import { ctxOf } from '../../lib/context';
import { requireRole } from '../../plugins/auth';
import * as sheriffs from './sheriffs.service';

/** The system administrator's sheriff management: every route answers others 403 before reading the body. */
export async function sheriffAdminRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireRole(['system_admin'], CommonErrors.ADMIN_REQUIRED));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sheriffs'];

  r.post(
    '/admin/sheriffs',
    { schema: { tags, body: CreateSheriffInputSchema, response: { 201: envelope(SheriffSchema) } } },
    async (req, reply) => {
      const data = await sheriffs.createSheriff(ctxOf(req), req.body);
      return reply.status(201).send({
        status: 'success' as const,
        data,
        message: `Sheriff ${data.full_name} created. An invitation to set a password was e-mailed to ${data.email}.`,
      });
    },
  );
  r.get(
    '/admin/sheriffs',
    { schema: { tags, querystring: SheriffListQuerySchema, response: { 200: SheriffListSchema } } },
    (req) => sheriffs.listSheriffsForAdmin(ctxOf(req), req.query),
  );
  r.put(
    '/admin/sheriffs/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: UpdateSheriffInputSchema,
        response: { 200: envelope(SheriffSchema) },
      },
    },
    async (req) => {
      const data = await sheriffs.updateSheriff(ctxOf(req), req.params.id, req.body);
      return { status: 'success' as const, data, message: `Sheriff ${data.full_name} updated successfully!` };
    },
  );
  r.put(
    '/admin/sheriffs/:id/active',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: SetSheriffActiveInputSchema,
        response: { 200: envelope(SheriffSchema) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      ...(await sheriffs.setSheriffActive(ctxOf(req), req.params.id, req.body)),
    }),
  );
  r.post(
    '/admin/sheriffs/:id/invitation',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        response: { 200: z.object({ message: z.string(), expires_at: z.string() }) },
      },
    },
    (req) => sheriffs.resendInvitation(ctxOf(req), req.params.id),
  );
}
