import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { isDemo, type Env } from './config/env';
import { WEB_DIST_DIR } from './config/paths';
import type { Database } from './db/client';
import { systemClock, type Clock, type Deps } from './lib/deps';
import { EventDispatcher } from './lib/events';
import { JobRunner } from './lib/jobs';
import { Mailer } from './lib/mail';
import { PdfWorkers, pdfLimitsOf } from './lib/pdf-merge';
import { createSealer } from './lib/seal/sealer';
import { requestLogSerializer } from './lib/redact';
import { SharedRateLimitStore } from './lib/rate-limit-store';
import { createSharedCounters } from './lib/shared-counters';
import { VerificationChanges } from './lib/verification-changes';
import { createFileStore, type FileStore } from './lib/storage';
import { apiKeyMayCall } from './lib/api-keys';
import { createPaymentProvider } from './modules/payments/payments.service';
import { planLimits } from './modules/subscriptions/limits';
import { documentServing } from './modules/service/serving';
import { authenticate } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security-headers';
import { modules } from './modules/index';

/** Every /api/v1 route and whether it sits behind authentication (the authorization matrix walks it). */
type RouteEntry = { method: string; url: string; authenticated: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
    webAppShell?: boolean;
  }
}

export type BuildAppOptions = {
  env: Env;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Tests: a failing or instrumented store, a pinned clock. */
  files?: FileStore;
  clock?: Clock;
};

/** Builds the whole app without listening: plugins, then every module's routes under /api/v1. */
export async function buildApp({
  env,
  database,
  logger,
  files,
  clock,
}: BuildAppOptions): Promise<FastifyInstance> {
  const requestTimeoutMs = Math.round(env.HTTP_REQUEST_TIMEOUT_SECONDS * 1000);
  const app = Fastify({
    // Request lines never show a live link (a delivery token, a reset token, a delivery session).
    logger:
      logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            ...(typeof logger === 'object' ? logger : {}),
            serializers: { req: requestLogSerializer },
          },
    // Request ids are ours: a client's X-Request-Id is never trusted as one (it could collide with or forge
    // another request's id in the logs); a sane one is kept as a separate log field only.
    genReqId: () => `req-${randomUUID()}`,
    // A route's own log level only when it differs from the app's: pino binds its level methods again for a child
    // given a level, on every request otherwise.
    childLoggerFactory: (logger, bindings, opts, rawReq) => {
      const clientId = clientRequestId(rawReq.headers['x-request-id']);
      const own = opts.level === logger.level && !opts.serializers ? undefined : opts;
      return logger.child(clientId ? { ...bindings, clientReqId: clientId } : bindings, own);
    },
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    bodyLimit: 2 * 1024 * 1024,
    // A request must arrive whole within HTTP_REQUEST_TIMEOUT_SECONDS and a connection may not stay silent for longer
    // than HTTP_IDLE_TIMEOUT_SECONDS: a stalled or dripping upload is cut off (408 or a closed socket) and its partly
    // stored file removed, instead of holding a connection and a temporary file indefinitely.
    requestTimeout: requestTimeoutMs,
    connectionTimeout: Math.round(env.HTTP_IDLE_TIMEOUT_SECONDS * 1000),
    http: {
      // Node ignores the request timeout when the headers timeout (60 s by default) is longer than it.
      headersTimeout: Math.min(60_000, requestTimeoutMs),
      // Node checks those timeouts on this period (30 s by default): short enough for short timeouts.
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.round(requestTimeoutMs / 4))),
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const deps: Deps = {
    env,
    database,
    files: files ?? createFileStore(env),
    payments: createPaymentProvider(env, app),
    mailer: new Mailer(env.SMTP_URL, env.MAIL_FROM, env.MAIL_FILE_DIR),
    limits: planLimits,
    serving: documentServing,
    clock: clock ?? systemClock,
    events: new EventDispatcher(database, app.log),
    jobs: new JobRunner(database, app.log),
    pdf: new PdfWorkers(pdfLimitsOf(env)),
    seal: createSealer(env),
    counters: await createSharedCounters(env, database, app.log),
    verification: new VerificationChanges(),
  };
  app.decorate('deps', deps);
  app.addHook('onClose', () => deps.counters.close());
  deps.jobs.every('rate-counters.sweep', 10 * 60_000, () => deps.counters.sweep());
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  // The idle timeout is the client's silence: while it sends a body, or while it is being answered. A request that is
  // in and still being worked on (a bundle waiting for LibreOffice) keeps its connection, however long the work takes.
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.on('timeout', (socket) => {
      if (!request.raw.complete || reply.raw.headersSent) socket.destroy();
    });
    done();
  });

  registerErrorHandling(app);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
        fontSrc: ["'self'", 'data:', 'https://fonts.gstatic.com'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The app's own origin only: 'self' covers same-origin ws(s) in current browsers, the explicit
        // ws(s) origin of PUBLIC_URL the browsers that do not; never websockets to any host.
        connectSrc: ["'self'", socketOriginOf(env.PUBLIC_URL)],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'self'", 'blob:'],
        formAction: ["'self'", 'https://www.payfast.co.za', 'https://sandbox.payfast.co.za'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Cross-origin calls only from CORS_ORIGINS; without it none (no CORS headers, and a preflight is not found).
  if (env.CORS_ORIGINS) {
    await app.register(cors, { origin: env.CORS_ORIGINS.split(',').map((o) => o.trim()), credentials: true });
  }
  // Counted in the store shared by every process; when that store is unreachable, requests are let through.
  const counters = deps.counters;
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    store: function Store() {
      return new SharedRateLimitStore(counters);
    } as unknown as NonNullable<Parameters<typeof rateLimit>[1]>['store'],
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'LexServe API',
        version: '1.0.0',
        description: 'Serving legal documents in South Africa.',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'A signed-in user: the access token of POST /users/login.',
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'lxs_ API key',
            description:
              "A firm's API key (lxs_…), created by a firm administrator under Developers; see docs/integrations.md.",
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await database.raw.query('SELECT 1');
      return { status: 'ready', database: database.raw.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: database.raw.kind });
    }
  });

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  const recordRoute = (r: RouteOptions, authenticated: boolean) => {
    for (const method of [r.method].flat())
      if (method !== 'HEAD') routeTable.push({ method, url: r.url, authenticated });
  };

  for (const mod of modules) await mod.setup?.(app);

  await app.register(
    async (api) => {
      await api.register(async (pub) => {
        pub.addHook('onRoute', (r) => recordRoute(r, false));
        for (const mod of modules) await mod.publicRoutes?.(pub);
      });
      await api.register(async (scope) => {
        scope.addHook('onRoute', (r) => recordRoute(r, true));
        // The calls an API key may make say so in the OpenAPI document (lib/api-keys.ts decides which they are).
        scope.addHook('onRoute', (r) => {
          if ([r.method].flat().some((m) => apiKeyMayCall(r.url, m)) && r.schema && !r.schema.hide)
            r.schema.security = [{ bearer: [] }, { apiKey: [] }];
        });
        scope.addHook('onRequest', authenticate(app));
        for (const mod of modules) mod.authenticatedHooks?.(scope);
        for (const mod of modules) await mod.routes?.(scope);
      });
    },
    { prefix: '/api/v1' },
  );

  await serveWebApp(app, env);
  return app;
}

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count is turned into "trust the nearest N addresses" here: Fastify itself
 * now refuses a bare number (it trusts no X-Forwarded-For at all then), which behind a load balancer made every client
 * one address to the rate limits and the login throttle.
 */
function trustProxyOf(
  value: Env['TRUST_PROXY'],
): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return value === 0 ? false : (_address, hop) => hop < value;
}

/** ws://host[:port] or wss://host[:port] of the app's public address (the real-time channel's origin). */
function socketOriginOf(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/** A client's X-Request-Id, when it is a plain token (letters, digits, . _ -, up to 64): kept only as a log field. */
function clientRequestId(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[\w.-]{1,64}$/.test(value) ? value : undefined;
}

/**
 * GET /meta.json: the build version of the web app (its version check) and whether this is a demo installation (the
 * web app then says so in its footer). Served by the API rather than as a file, so the demo flag is the running
 * server's, never the one of whoever built the bundle.
 */
function registerMeta(app: FastifyInstance, env: Env, dist: string) {
  const demo = isDemo(env);
  app.get('/meta.json', { schema: { hide: true } }, async (_req, reply) => {
    let version: unknown;
    try {
      version = (JSON.parse(await readFile(join(dist, 'meta.json'), 'utf8')) as { version?: unknown })
        .version;
    } catch {
      version = undefined;
    }
    return reply
      .header('cache-control', 'no-cache')
      .send({ ...(version !== undefined ? { version } : {}), demo });
  });
}

/**
 * Serves the built web app: hashed assets cached for a year, `meta.json` and the app shell never cached.
 * Unknown GET paths outside /api get the app shell (the not-found handler in plugins/errors.ts), so client
 * routes load on refresh.
 */
async function serveWebApp(app: FastifyInstance, env: Env) {
  const dist = env.WEB_DIST_DIR ?? WEB_DIST_DIR;
  registerMeta(app, env, dist);
  if (!existsSync(join(dist, 'index.html'))) return;
  // The build's .br and .gz forms (apps/web vite.config.ts) are sent by Accept-Encoding (Vary: Accept-Encoding);
  // hashed files under assets/ are cached for a year, immutable; everything else (index.html) is revalidated.
  await app.register(fastifyStatic, {
    root: dist,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (res, path) => {
      if (path.includes(`${join(dist, 'assets')}`))
        res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'no-cache');
    },
  });
  app.decorate('webAppShell', true);
  app.get('/', { schema: { hide: true } }, (_req, reply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html'),
  );
}
