import type { ModuleDef } from '../../lib/module';
import { partiesRoutes } from './parties.routes';

/** The parties of a firm, reusable across its documents. */
export const partiesModule: ModuleDef = { name: 'parties', routes: partiesRoutes };
