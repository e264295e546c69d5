import type { ModuleDef } from '../../lib/module';
import { adminRoutes } from './admin.routes';

export const adminModule: ModuleDef = { name: 'admin', routes: adminRoutes };
