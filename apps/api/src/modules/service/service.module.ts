import { MAX_FILE_SIZE_BYTES, MAX_FILES_PER_UPLOAD } from '@lexserve/contracts/documents';
import type { ModuleDef } from '../../lib/module';
import { registerUploads } from '../../plugins/uploads';
import { deliveryPublicRoutes, deliveryRoutes } from './delivery.routes';
import { returnsRoutes } from './returns.routes';
import { targetsRoutes } from './targets.routes';

/**
 * Serving a document: electronic delivery on the digital service address (the firm's delivery record, and the
 * recipient's tokenised page, public), the sheriff's service attempts with photos, returns of service, and
 * the people a document is served on (service targets: targets.service.ts).
 * Deps.serving (serving.ts) starts the delivery when documents serves a document.
 */
export const serviceModule: ModuleDef = {
  name: 'service',
  routes: async (app) => {
    deliveryRoutes(app);
    targetsRoutes(app);
    // Multipart (the attempts' photos) in this module's scope only, with the documents' upload limits.
    await app.register(async (scope) => {
      await registerUploads(scope, { fileSize: MAX_FILE_SIZE_BYTES, files: MAX_FILES_PER_UPLOAD });
      returnsRoutes(scope);
    });
  },
  publicRoutes: deliveryPublicRoutes,
};
