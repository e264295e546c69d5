import type { ModuleDef } from '../module';
import { adminRoutes } from './admin.routes';

export const adminModule: ModuleDef = { name: 'admin', routes: adminRoutes };
