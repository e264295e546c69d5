import type { ModuleDef } from '../../lib/module';
import { deliveryPublicRoutes } from './delivery.routes';
import { documentPartiesRoutes } from './document-parties.routes';
import { documentsRoutes } from './documents.routes';
import { proofRecoverySetup } from './proof-recovery';

/** Case documents: documents, files, bundles, timeline, parties of a document, sheriffs, proof of service; the DSA delivery page (public). */
export const documentsModule: ModuleDef = {
  name: 'documents',
  routes: async (app) => {
    await documentsRoutes(app);
    await documentPartiesRoutes(app);
  },
  publicRoutes: deliveryPublicRoutes,
  /** The proof-of-service job and the recovery sweeps (see proof-recovery.ts). */
  setup: proofRecoverySetup,
};
