import type { ModuleDef } from '../module';
import { partiesRoutes } from '../parties/parties.routes';
import { verificationRoutes } from '../verification/verification.routes';
import { deliveryPublicRoutes } from './delivery.routes';
import { documentsRoutes } from './documents.routes';

/** Case documents: documents, files, bundles, timeline, sheriffs, proof of service; the DSA delivery page (public). */
export const documentsModule: ModuleDef = { name: 'documents', routes: documentsRoutes, publicRoutes: deliveryPublicRoutes };
/** Parties and their links to documents. */
export const partiesModule: ModuleDef = { name: 'parties', routes: partiesRoutes };
/** Public verification by security ID and by file. */
export const verificationModule: ModuleDef = { name: 'verification', publicRoutes: verificationRoutes };
