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

/** One answer cache per app: it LISTENs for changes once the app is ready and writes its last counts on close. */
function setup(app: FastifyInstance) {
  const cache = new VerificationCache(app.deps.database, app.log);
  app.decorate('verificationCache', cache);
  app.addHook('onReady', () => cache.start());
  app.addHook('preClose', () => cache.stop());
  // A write's answer goes out once this process has heard of every change it committed (VerificationCache.sync).
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS')
      return done(null, payload);
    cache.sync().then(() => done(null, payload), done);
  });
  registerIntegrityScrub(app);
}

/** Public verification by security ID and by file. */
export const verificationModule: ModuleDef = {
  name: 'verification',
  publicRoutes: verificationRoutes,
  setup,
};
