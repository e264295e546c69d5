import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, MessageSchema, PageQuerySchema, envelope } from '@lexserve/contracts/common';
import {
  BranchListSchema,
  BranchSchema,
  CreateBranchInputSchema,
  CreateFirmInputSchema,
  FirmListQuerySchema,
  FirmListSchema,
  FirmSchema,
  UpdateBranchInputSchema,
  UpdateFirmInputSchema,
} from '@lexserve/contracts/firms';
import { ctxOf } from '../../lib/context';
import * as firms from './firms.service';

export async function firmsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['firms'];

  r.get(
    '/firms',
    { schema: { tags, querystring: FirmListQuerySchema, response: { 200: FirmListSchema } } },
    (req) => firms.listFirms(ctxOf(req), req.query),
  );
  r.post(
    '/firms',
    { schema: { tags, body: CreateFirmInputSchema, response: { 201: envelope(FirmSchema) } } },
    async (req, reply) =>
      reply.status(201).send({
        status: 'success' as const,
        data: await firms.createFirm(ctxOf(req), req.body),
        message: 'Firm created successfully',
      }),
  );
  r.get('/firms/:id', { schema: { tags, params: IdParamsSchema, response: { 200: FirmSchema } } }, (req) =>
    firms.getFirm(ctxOf(req), req.params.id),
  );
  r.put(
    '/firms/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: UpdateFirmInputSchema,
        response: { 200: envelope(FirmSchema) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      data: await firms.updateFirm(ctxOf(req), req.params.id, req.body),
      message: 'Firm updated successfully',
    }),
  );
  r.delete(
    '/firms/:id',
    { schema: { tags, params: IdParamsSchema, response: { 200: MessageSchema } } },
    async (req) => {
      await firms.deleteFirm(ctxOf(req), req.params.id);
      return { message: 'Firm deleted successfully' };
    },
  );
  r.get(
    '/firms/:id/branches',
    { schema: { tags, params: IdParamsSchema, response: { 200: BranchListSchema } } },
    (req) => firms.listFirmBranches(ctxOf(req), req.params.id),
  );

  const btags = ['branches'];
  r.get(
    '/branches',
    { schema: { tags: btags, querystring: PageQuerySchema, response: { 200: BranchListSchema } } },
    (req) => firms.listBranches(ctxOf(req), req.query),
  );
  r.post(
    '/branches',
    { schema: { tags: btags, body: CreateBranchInputSchema, response: { 201: envelope(BranchSchema) } } },
    async (req, reply) =>
      reply.status(201).send({
        status: 'success' as const,
        data: await firms.createBranch(ctxOf(req), req.body),
        message: 'Branch created successfully',
      }),
  );
  r.get(
    '/branches/practice-number/:practiceNumber',
    {
      schema: {
        tags: btags,
        params: z.object({ practiceNumber: z.string().min(1) }),
        response: { 200: BranchSchema },
      },
    },
    (req) => firms.getBranchByPracticeNumber(ctxOf(req), req.params.practiceNumber),
  );
  r.get(
    '/branches/:id',
    { schema: { tags: btags, params: IdParamsSchema, response: { 200: BranchSchema } } },
    (req) => firms.getBranch(ctxOf(req), req.params.id),
  );
  r.put(
    '/branches/:id',
    {
      schema: {
        tags: btags,
        params: IdParamsSchema,
        body: UpdateBranchInputSchema,
        response: { 200: envelope(BranchSchema) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      data: await firms.updateBranch(ctxOf(req), req.params.id, req.body),
      message: 'Branch updated successfully',
    }),
  );
  r.delete(
    '/branches/:id',
    { schema: { tags: btags, params: IdParamsSchema, response: { 200: MessageSchema } } },
    async (req) => {
      await firms.deleteBranch(ctxOf(req), req.params.id);
      return { message: 'Branch deleted successfully' };
    },
  );
}
