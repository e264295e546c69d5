import type { FastifyInstance } from 'fastify';
import type { ModuleDef } from '../../lib/module';
import { subscriptionGate } from './gate';
import { subscriptionMailSetup } from './subscriptions.events';
import { subscriptionJobsSetup } from './subscriptions.jobs';
import { subscriptionsPublicRoutes, subscriptionsRoutes } from './subscriptions.routes';
import { seedSubscriptions } from './subscriptions.seed';

/** E-mails after subscription events, and the scheduled jobs. */
function setup(app: FastifyInstance) {
  subscriptionMailSetup(app);
  subscriptionJobsSetup(app);
}

export const subscriptionsModule: ModuleDef = {
  name: 'subscriptions',
  publicRoutes: subscriptionsPublicRoutes,
  routes: subscriptionsRoutes,
  authenticatedHooks: subscriptionGate,
  setup,
  seed: seedSubscriptions,
};
