import type { ModuleDef } from '../../lib/module';
import { documentPartiesRoutes } from './document-parties.routes';
import { documentsRoutes } from './documents.routes';
import { fileViewPublicRoutes } from './file-view.routes';
import { lateTimestampSetup } from './late-timestamps';

/** Case documents: drafts, documents, files, bundles, the parties of a document, sheriff assignment; file view links (public). */
export const documentsModule: ModuleDef = {
  name: 'documents',
  routes: async (app) => {
    await documentsRoutes(app);
    await documentPartiesRoutes(app);
  },
  publicRoutes: fileViewPublicRoutes,
  /** The late time-stamps' job (sealed PDFs whose time-stamp authority did not answer). */
  setup: lateTimestampSetup,
};
