import type { FastifyInstance } from 'fastify';
import type { ModuleDef } from '../module';
import { subscriptionGate } from './gate';
import { planLimits } from './limits';
import { subscriptionMailSetup } from './subscriptions.events';
import { subscriptionJobsSetup } from './subscriptions.jobs';
import { subscriptionsPublicRoutes, subscriptionsRoutes } from './subscriptions.routes';
import './subscriptions.seed';

/** Plan limits for the users and firms modules, e-mails after subscription events, and the scheduled jobs. */
function setup(app: FastifyInstance) {
  app.deps.limits = planLimits;
  subscriptionMailSetup(app);
  subscriptionJobsSetup(app);
}

export const subscriptionsModule: ModuleDef = {
  name: 'subscriptions',
  publicRoutes: subscriptionsPublicRoutes,
  routes: subscriptionsRoutes,
  authenticatedHooks: subscriptionGate,
  setup,
};
