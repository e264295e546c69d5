import type { FastifyInstance } from 'fastify';
import type { ModuleDef } from '../../lib/module';
import { VerificationCache } from './verification.cache';
import { verificationRoutes } from './verification.routes';
import { registerIntegrityScrub } from './verification.scrub';

declare module 'fastify' {
  interface FastifyInstance {
    verificationCache: VerificationCache;
  }
}

/**
 * One answer cache per app: it forgets what this process's services say they changed (Deps.verification), LISTENs for
 * the other processes' changes once the app is ready, and writes its last counts on close. No request waits for it.
 */
function setup(app: FastifyInstance) {
  const cache = new VerificationCache(app.deps.database, app.log);
  app.decorate('verificationCache', cache);
  app.deps.verification.listen((change) => cache.forget(change));
  app.addHook('onReady', () => cache.start());
  app.addHook('preClose', () => cache.stop());
  registerIntegrityScrub(app);
}

/** Public verification by security ID and by file. */
export const verificationModule: ModuleDef = {
  name: 'verification',
  publicRoutes: verificationRoutes,
  setup,
};
