import type { ModuleDef } from '../../lib/module';
import { deliveryPublicRoutes } from './delivery.routes';
import { documentPartiesRoutes } from './document-parties.routes';
import { documentsRoutes } from './documents.routes';
import { fileViewPublicRoutes } from './file-view.routes';
import { lateTimestampSetup } from './late-timestamps';
import { proofRecoverySetup } from './proof-recovery';
import { servedCopiesSetup } from './served-copies.service';
import { trailRoutes } from './trail.routes';
import { seedAnchorJob, trailSetup } from './trail.service';

/** Case documents: documents, files, bundles, timeline, parties of a document, sheriffs, proof of service; the DSA delivery page and file view links (public). */
export const documentsModule: ModuleDef = {
  name: 'documents',
  routes: async (app) => {
    await documentsRoutes(app);
    await documentPartiesRoutes(app);
    trailRoutes(app);
  },
  publicRoutes: async (app) => {
    await deliveryPublicRoutes(app);
    fileViewPublicRoutes(app);
  },
  /**
   * The proof-of-service job and the recovery sweeps (see proof-recovery.ts); the served copies' job; the late
   * time-stamps' job; the trail's anchor job and backfill (trail.service.ts).
   */
  setup: async (app) => {
    proofRecoverySetup(app);
    servedCopiesSetup(app);
    lateTimestampSetup(app);
    await trailSetup(app);
  },
  /** Today's trail anchor job. */
  seed: seedAnchorJob,
};
