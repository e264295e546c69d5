import type { ModuleDef } from '../../lib/module';
import { sealPublicRoutes } from './seal.routes';

/** The seal's public endpoints: the built-in time-stamping authority and the local CA certificate (lib/seal does the work). */
export const sealModule: ModuleDef = { name: 'seal', publicRoutes: sealPublicRoutes };
