import type { FastifyInstance, FastifyRequest, LogLevel } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_FILE_SIZE_BYTES } from '@lexserve/contracts/documents';
import {
  FileVerificationResultSchema,
  VerificationErrors,
  VerificationResultSchema,
  type VerificationResult,
  VerifyParamsSchema,
  VerifyQuerySchema,
} from '@lexserve/contracts/verification';
import { AppError } from '../../lib/app-error';
import { publicCtxOf } from '../../lib/context';
import { bearerToken, resolveActor } from '../../plugins/auth';
import { registerUploads, singleUpload } from '../../plugins/uploads';
import * as verification from './verification.service';

/** A check slower than this is logged (the route's ordinary checks are not). */
const SLOW_CHECK_MS = 500;
const LEVELS: LogLevel[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];
/** Warn, or the app's level when that is quieter: a route is never more talkative than the app. */
const atLeastWarn = (level: string): LogLevel =>
  LEVELS[Math.max(LEVELS.indexOf('warn'), LEVELS.indexOf(level as LogLevel))]!;

/**
 * Public verification (no login): by security ID, and by file. Rate-limited per client address
 * (VERIFY_RATE_LIMIT per minute); read-only apart from the check counter.
 */
export async function verificationRoutes(app: FastifyInstance) {
  /**
   * Who checks, for the count: a signed-in user's firm (an invalid or expired token is simply a visitor) and the
   * visit id the web page sends in X-Verification-Visit (8 to 64 letters, digits or dashes; anything else is ignored).
   * Known at once for a visitor without a token (the public check waits for nothing).
   */
  const checkerOf = (req: FastifyRequest): verification.Checker | Promise<verification.Checker> => {
    const header = req.headers['x-verification-visit'];
    const visit = typeof header === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(header) ? header : null;
    const token = bearerToken(req);
    if (!token) return { firmId: null, visit };
    return resolveActor(app, token).then(
      (actor) => ({ firmId: actor.firmId ?? null, visit }),
      () => ({ firmId: null, visit }),
    );
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['verification'];
  const rateLimit = {
    max: app.deps.env.VERIFY_RATE_LIMIT,
    timeWindow: '1 minute',
    errorResponseBuilder: () => ({
      statusCode: 429,
      code: VerificationErrors.VERIFY_RATE_LIMITED.code,
      message: VerificationErrors.VERIFY_RATE_LIMITED.message,
    }),
  };

  r.get('/verify', { config: { rateLimit }, schema: { tags, security: [] } }, async () => {
    throw new AppError(VerificationErrors.SECURITY_ID_EMPTY);
  });
  r.get(
    '/verify/:securityId',
    {
      config: { rateLimit },
      schema: {
        tags,
        security: [],
        params: VerifyParamsSchema,
        querystring: VerifyQuerySchema,
        response: { 200: VerificationResultSchema },
      },
      // The hot public path (a QR code's check). Its ordinary requests are not logged one by one (at info they were
      // two lines a check); failures are (the error handler logs at error), and so are slow checks.
      logLevel: atLeastWarn(app.log.level),
      onResponse: (req, reply, done) => {
        if (reply.elapsedTime >= SLOW_CHECK_MS) {
          req.log.warn(
            { url: req.url, statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime) },
            'slow verification check',
          );
        }
        done();
      },
    },
    // Not async: an answer known in memory is sent at once, as the JSON kept with it (verification.service.ts). That
    // JSON is a VerificationResult already serialized: Fastify sends a string of type application/json as it is.
    (req, reply) => {
      reply.type('application/json; charset=utf-8');
      const check = (checker: verification.Checker) =>
        verification.verifySecurityId(
          () => publicCtxOf(req),
          app.verificationCache,
          req.params.securityId,
          req.query.version,
          checker,
        );
      const checker = checkerOf(req);
      return (checker instanceof Promise
        ? checker.then(check)
        : check(checker)) as unknown as VerificationResult;
    },
  );
  await app.register(async (scope) => {
    await registerUploads(scope, { fileSize: MAX_FILE_SIZE_BYTES, files: 1 });
    const s = scope.withTypeProvider<ZodTypeProvider>();
    for (const path of ['/verify/document', '/verify/file']) {
      s.post(
        path,
        {
          config: { rateLimit },
          schema: {
            tags,
            security: [],
            description: 'multipart/form-data with one file (field name: file)',
            response: { 200: FileVerificationResultSchema },
          },
        },
        async (req) => {
          const checker = await checkerOf(req);
          return verification.verifyFile(
            publicCtxOf(req),
            app.verificationCache,
            () => singleUpload(req, { fileSize: MAX_FILE_SIZE_BYTES }),
            checker,
          );
        },
      );
    }
  });
}
