import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParamsSchema, envelope } from '@lexserve/contracts/common';
import {
  CreatePartyInputSchema,
  PartyListQuerySchema,
  PartyListSchema,
  PartySchema,
} from '@lexserve/contracts/parties';
import { ctxOf } from '../../lib/context';
import * as parties from './parties.service';

/** The parties of a firm (their links to documents are routes of the documents module). */
export async function partiesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['parties'];

  r.get(
    '/parties',
    { schema: { tags, querystring: PartyListQuerySchema, response: { 200: PartyListSchema } } },
    (req) => parties.listParties(ctxOf(req), req.query),
  );
  r.post(
    '/parties',
    { schema: { tags, body: CreatePartyInputSchema, response: { 201: envelope(PartySchema) } } },
    async (req, reply) =>
      reply.status(201).send({
        status: 'success' as const,
        data: await parties.createParty(ctxOf(req), req.body),
        message: 'Party created successfully',
      }),
  );
  r.get('/parties/:id', { schema: { tags, params: IdParamsSchema, response: { 200: PartySchema } } }, (req) =>
    parties.getParty(ctxOf(req), req.params.id),
  );
  r.put(
    '/parties/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: CreatePartyInputSchema,
        response: { 200: envelope(PartySchema) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      data: await parties.updateParty(ctxOf(req), req.params.id, req.body),
      message: 'Party updated successfully',
    }),
  );
}
