import type { ModuleDef } from '../../lib/module';
import { verificationRoutes } from './verification.routes';

/** Public verification by security ID and by file. */
export const verificationModule: ModuleDef = { name: 'verification', publicRoutes: verificationRoutes };
