import type { ModuleDef } from '../../lib/module';
import { auditCertificateRoutes } from './audit-certificate.routes';
import { evidenceRoutes } from './evidence.routes';
import { proofRecoverySetup } from './proof-recovery';
import { servedCopiesSetup } from './served-copies.service';

/**
 * What proves service to an outsider: the proof of service and the return of service (sealed PDFs, with their
 * versions), the stamped served copies, the audit certificate of a document's trail, and the notices' PDF drawing.
 */
export const evidenceModule: ModuleDef = {
  name: 'evidence',
  routes: (app) => {
    evidenceRoutes(app);
    auditCertificateRoutes(app);
  },
  /** The proof-of-service job and the recovery sweeps (see proof-recovery.ts); the served copies' job. */
  setup: (app) => {
    proofRecoverySetup(app);
    servedCopiesSetup(app);
  },
};
