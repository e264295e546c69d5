import type { ModuleDef } from '../../lib/module';
import { paymentsRoutes } from './payments.routes';
import { paymentsPublicRoutes } from './payments.webhook';

export const paymentsModule: ModuleDef = {
  name: 'payments',
  publicRoutes: paymentsPublicRoutes,
  routes: paymentsRoutes,
};
