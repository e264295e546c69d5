import type { ModuleDef } from '../../lib/module';
import { registerClosureHandlers } from './closures.events';
import { closuresRoutes } from './closures.routes';

/** Case closure: requests, approvals, completion, direct close; notifications through domain events. */
export const closuresModule: ModuleDef = {
  name: 'closures',
  routes: closuresRoutes,
  setup: registerClosureHandlers,
};
