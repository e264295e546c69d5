import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParamsSchema, MessageSchema, envelope } from '@lexserve/contracts/common';
import {
  CreatePartyInputSchema,
  LinkPartyInputSchema,
  PartyLinkListSchema,
  PartyLinkParamsSchema,
  PartyLinkSchema,
  PartyListQuerySchema,
  PartyListSchema,
  PartySchema,
  UpdatePartyInputSchema,
} from '@lexserve/contracts/parties';
import { ctxOf } from '../../lib/context';
import * as parties from './parties.service';

/** Parties of a firm and their links to documents. */
export async function partiesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['parties'];

  r.get('/parties', { schema: { tags, querystring: PartyListQuerySchema, response: { 200: PartyListSchema } } }, (req) =>
    parties.listParties(ctxOf(req), req.query),
  );
  r.post('/parties', { schema: { tags, body: CreatePartyInputSchema, response: { 201: envelope(PartySchema) } } }, async (req, reply) =>
    reply.status(201).send({ status: 'success' as const, data: await parties.createParty(ctxOf(req), req.body), message: 'Party created successfully' }),
  );
  r.get('/parties/:id', { schema: { tags, params: IdParamsSchema, response: { 200: PartySchema } } }, (req) =>
    parties.getParty(ctxOf(req), req.params.id),
  );
  r.put(
    '/parties/:id',
    { schema: { tags, params: IdParamsSchema, body: UpdatePartyInputSchema, response: { 200: envelope(PartySchema) } } },
    async (req) => ({ status: 'success' as const, data: await parties.updateParty(ctxOf(req), req.params.id, req.body), message: 'Party updated successfully' }),
  );
  r.post(
    '/parties/:party_id/documents/:document_id',
    {
      schema: {
        tags,
        params: PartyLinkParamsSchema,
        body: LinkPartyInputSchema,
        response: { 200: envelope(PartyLinkSchema), 201: envelope(PartyLinkSchema) },
      },
    },
    async (req, reply) => {
      const { created, link } = await parties.linkParty(ctxOf(req), req.params.party_id, req.params.document_id, req.body);
      return reply
        .status(created ? 201 : 200)
        .send({ status: 'success' as const, data: link, message: created ? 'Party linked to document' : 'Party link updated' });
    },
  );
  r.delete(
    '/parties/:party_id/documents/:document_id',
    { schema: { tags, params: PartyLinkParamsSchema, response: { 200: MessageSchema } } },
    async (req) => {
      await parties.unlinkParty(ctxOf(req), req.params.party_id, req.params.document_id);
      return { message: 'Party removed from document' };
    },
  );
  r.get('/documents/:id/parties', { schema: { tags, params: IdParamsSchema, response: { 200: PartyLinkListSchema } } }, (req) =>
    parties.listDocumentParties(ctxOf(req), req.params.id),
  );
}
