import type { FastifyInstance } from 'fastify';
import type { ModuleDef } from '../../lib/module';
import { integrationsRoutes } from './integrations.routes';
import { registerWebhookHandlers } from './webhooks.events';
import { attemptDelivery, DELIVER_JOB } from './webhooks.service';

/** The deliveries' job and the domain events that become webhooks. */
function setup(app: FastifyInstance) {
  registerWebhookHandlers(app);
  app.deps.jobs.register(DELIVER_JOB, async (payload) => {
    await attemptDelivery(app.deps, Number(payload.deliveryId), Number(payload.attempt));
  });
}

/** The firm's own systems: API keys (their use as credentials is lib/api-keys.ts) and signed webhooks (issue 20). */
export const integrationsModule: ModuleDef = { name: 'integrations', routes: integrationsRoutes, setup };
