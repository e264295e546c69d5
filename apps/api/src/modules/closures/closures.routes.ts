import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, IfNoneQuerySchema } from '@lexserve/contracts/common';
import {
  ApproveClosureInputSchema,
  CLOSURE_MESSAGES,
  ClosureHistorySchema,
  ClosureErrors,
  ClosureIdParamsSchema,
  ClosureListQuerySchema,
  ClosureListSchema,
  ClosurePrecheckSchema,
  ClosureSchema,
  CompleteClosureInputSchema,
  CreateClosureInputSchema,
  DirectCloseInputSchema,
  DocumentIdParamsSchema,
  PendingCountSchema,
  UpdateChecklistInputSchema,
} from '@lexserve/contracts/closures';
import { orNone } from '../../lib/app-error';
import { ctxOf } from '../../lib/context';
import * as closures from './closures.service';

const tags = ['case-closure'];
const base = '/case-closure';
const ok = <T>(data: T, message: string) => ({ status: 'success' as const, data, message });

/** The case-closure calls of spec 2 §7; handlers only call the service. */
export async function closuresRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${base}/`,
    { schema: { tags, querystring: ClosureListQuerySchema, response: { 200: ClosureListSchema } } },
    (req) => closures.listClosures(ctxOf(req), req.query),
  );
  r.get(`${base}/pending-count`, { schema: { tags, response: { 200: PendingCountSchema } } }, (req) =>
    closures.pendingCount(ctxOf(req)),
  );
  r.get(
    `${base}/precheck/:documentId`,
    { schema: { tags, params: DocumentIdParamsSchema, response: { 200: ClosurePrecheckSchema } } },
    (req) => closures.precheck(ctxOf(req), req.params.documentId),
  );
  r.get(
    `${base}/document/:documentId/active`,
    {
      schema: {
        tags,
        params: DocumentIdParamsSchema,
        querystring: IfNoneQuerySchema,
        response: { 200: ClosureSchema, 204: z.null() },
      },
    },
    async (req, reply) => {
      const closure = await orNone(
        () => closures.getActiveClosure(ctxOf(req), req.params.documentId),
        ClosureErrors.NO_ACTIVE_CLOSURE,
        req.query.if_none === 'empty',
      );
      return closure ?? reply.status(204).send(null);
    },
  );
  r.get(
    `${base}/document/:documentId/history`,
    { schema: { tags, params: DocumentIdParamsSchema, response: { 200: ClosureHistorySchema } } },
    (req) => closures.getHistory(ctxOf(req), req.params.documentId),
  );
  r.get(
    `${base}/:id`,
    { schema: { tags, params: ClosureIdParamsSchema, response: { 200: ClosureSchema } } },
    (req) => closures.getClosureById(ctxOf(req), req.params.id),
  );

  r.post(
    `${base}/`,
    { schema: { tags, body: CreateClosureInputSchema, response: { 201: envelope(ClosureSchema) } } },
    async (req, reply) =>
      reply
        .status(201)
        .send(ok(await closures.requestClosure(ctxOf(req), req.body), CLOSURE_MESSAGES.requestCreated)),
  );
  r.post(
    `${base}/direct-close`,
    { schema: { tags, body: DirectCloseInputSchema, response: { 200: envelope(ClosureSchema) } } },
    async (req) => ok(await closures.directClose(ctxOf(req), req.body), CLOSURE_MESSAGES.closedDirectly),
  );
  r.put(
    `${base}/:id/checklist`,
    {
      schema: {
        tags,
        params: ClosureIdParamsSchema,
        body: UpdateChecklistInputSchema,
        response: { 200: envelope(ClosureSchema) },
      },
    },
    async (req) =>
      ok(
        await closures.updateClosureChecklist(ctxOf(req), req.params.id, req.body),
        CLOSURE_MESSAGES.checklistUpdated,
      ),
  );
  r.put(
    `${base}/:id/approve`,
    {
      schema: {
        tags,
        params: ClosureIdParamsSchema,
        body: ApproveClosureInputSchema,
        response: { 200: envelope(ClosureSchema) },
      },
    },
    async (req) => {
      const { closure, message } = await closures.decideClosure(ctxOf(req), req.params.id, req.body);
      return ok(closure, message);
    },
  );
  r.put(
    `${base}/:id/complete`,
    {
      schema: {
        tags,
        params: ClosureIdParamsSchema,
        body: CompleteClosureInputSchema,
        response: { 200: envelope(ClosureSchema) },
      },
    },
    async (req) =>
      ok(await closures.completeClosure(ctxOf(req), req.params.id, req.body), CLOSURE_MESSAGES.completed),
  );
}
