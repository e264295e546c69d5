import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParamsSchema, MessageSchema, envelope } from '@lexserve/contracts/common';
import {
  CreatePartyInputSchema,
  LinkPartyInputSchema,
  PartyCorrectionSchema,
  PartyLinkListSchema,
  PartyLinkParamsSchema,
  PartyLinkSchema,
} from '@lexserve/contracts/parties';
import { ctxOf } from '../../lib/context';
import * as parties from './document-parties.service';

/** The parties of a document: link, unlink, list (under the parties tag of the API document). */
export async function documentPartiesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['parties'];

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
      const { created, link } = await parties.linkParty(
        ctxOf(req),
        req.params.party_id,
        req.params.document_id,
        req.body,
      );
      return reply.status(created ? 201 : 200).send({
        status: 'success' as const,
        data: link,
        message: created ? 'Party linked to document' : 'Party link updated',
      });
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
  r.post(
    '/parties/:id/corrections',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: CreatePartyInputSchema,
        response: { 201: envelope(PartyCorrectionSchema) },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        status: 'success' as const,
        data: await parties.correctParty(ctxOf(req), req.params.id, req.body),
        message: 'Correction recorded as a new party',
      }),
  );
  r.get(
    '/documents/:id/parties',
    { schema: { tags, params: IdParamsSchema, response: { 200: PartyLinkListSchema } } },
    (req) => parties.listDocumentParties(ctxOf(req), req.params.id),
  );
}
