import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageSchema } from '@lexserve/contracts/common';
import {
  ApiKeyListSchema,
  CreateApiKeyInputSchema,
  CreatedApiKeySchema,
  CreatedWebhookSchema,
  CreateWebhookInputSchema,
  WebhookDeliveryListSchema,
  WebhookDeliveryQuerySchema,
  WebhookDeliverySchema,
  WebhookIdParamsSchema,
  WebhookListSchema,
} from '@lexserve/contracts/integrations';
import { z } from 'zod';
import { ctxOf } from '../../lib/context';
import * as keys from './api-keys.service';
import * as webhooks from './webhooks.service';

/** API keys and webhook endpoints of the caller's firm: firm administrators only (integrations.policy.ts). */
export async function integrationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const keyTags = ['api-keys'];
  const hookTags = ['webhooks'];

  r.post(
    '/api-keys',
    { schema: { tags: keyTags, body: CreateApiKeyInputSchema, response: { 201: CreatedApiKeySchema } } },
    async (req, reply) => reply.status(201).send(await keys.createApiKey(ctxOf(req), req.body)),
  );
  r.get('/api-keys', { schema: { tags: keyTags, response: { 200: ApiKeyListSchema } } }, (req) =>
    keys.listApiKeys(ctxOf(req)),
  );
  r.delete(
    '/api-keys/:id',
    { schema: { tags: keyTags, params: WebhookIdParamsSchema, response: { 200: MessageSchema } } },
    async (req) => {
      await keys.revokeApiKey(ctxOf(req), req.params.id);
      return { message: 'API key revoked' };
    },
  );

  r.post(
    '/webhooks',
    { schema: { tags: hookTags, body: CreateWebhookInputSchema, response: { 201: CreatedWebhookSchema } } },
    async (req, reply) => reply.status(201).send(await webhooks.createWebhook(ctxOf(req), req.body)),
  );
  r.get('/webhooks', { schema: { tags: hookTags, response: { 200: WebhookListSchema } } }, (req) =>
    webhooks.listWebhooks(ctxOf(req)),
  );
  r.delete(
    '/webhooks/:id',
    { schema: { tags: hookTags, params: WebhookIdParamsSchema, response: { 200: MessageSchema } } },
    async (req) => {
      await webhooks.deleteWebhook(ctxOf(req), req.params.id);
      return { message: 'Webhook endpoint deleted' };
    },
  );
  r.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags: hookTags,
        params: WebhookIdParamsSchema,
        querystring: WebhookDeliveryQuerySchema,
        response: { 200: WebhookDeliveryListSchema },
      },
    },
    (req) => webhooks.listDeliveries(ctxOf(req), req.params.id, req.query.limit),
  );
  r.post(
    '/webhooks/:id/test',
    {
      schema: {
        tags: hookTags,
        params: WebhookIdParamsSchema,
        response: { 200: z.object({ delivery: WebhookDeliverySchema }) },
      },
    },
    (req) => webhooks.sendTestEvent(ctxOf(req), req.params.id),
  );
}
