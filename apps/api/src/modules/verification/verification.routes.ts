import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_FILE_SIZE_BYTES } from '@lexserve/contracts/documents';
import {
  FileVerificationResultSchema,
  VerificationErrors,
  VerificationResultSchema,
  VerifyParamsSchema,
  VerifyQuerySchema,
} from '@lexserve/contracts/verification';
import { AppError } from '../../lib/app-error';
import { publicCtxOf } from '../../lib/context';
import { bearerToken, resolveActor } from '../../plugins/auth';
import { registerUploads, singleUpload } from '../../plugins/uploads';
import * as verification from './verification.service';

/**
 * Public verification (no login): by security ID, and by file. Rate-limited per client address
 * (VERIFY_RATE_LIMIT per minute); read-only apart from the check counter.
 */
export async function verificationRoutes(app: FastifyInstance) {
  /**
   * Who checks, for the count: a signed-in user's firm (an invalid or expired token is simply a visitor) and the
   * visit id the web page sends in X-Verification-Visit (8 to 64 letters, digits or dashes; anything else is ignored).
   */
  const checkerOf = async (req: FastifyRequest): Promise<verification.Checker> => {
    const token = bearerToken(req);
    const actor = token ? await resolveActor(app, token).catch(() => undefined) : undefined;
    const visit = req.headers['x-verification-visit'];
    return {
      firmId: actor?.firmId ?? null,
      visit: typeof visit === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(visit) ? visit : null,
    };
  };
  await app.register(async (scope) => {
    await registerUploads(scope, { fileSize: MAX_FILE_SIZE_BYTES, files: 1 });
    const r = scope.withTypeProvider<ZodTypeProvider>();
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
        schema: { tags, security: [], params: VerifyParamsSchema, querystring: VerifyQuerySchema, response: { 200: VerificationResultSchema } },
        // The hot public path (a QR code's check): the answer is built from the typed VerificationResult, so it is
        // written as JSON without validating it against the schema again on every check (docs/performance.md).
        serializerCompiler: () => (data) => JSON.stringify(data),
      },
      async (req) =>
        verification.verifySecurityId(publicCtxOf(req), app.verificationCache, req.params.securityId, req.query.version, await checkerOf(req)),
    );
    for (const path of ['/verify/document', '/verify/file']) {
      r.post(
        path,
        {
          config: { rateLimit },
          schema: { tags, security: [], description: 'multipart/form-data with one file (field name: file)', response: { 200: FileVerificationResultSchema } },
        },
        async (req) =>
          verification.verifyFile(
            publicCtxOf(req),
            app.verificationCache,
            () => singleUpload(req, { fileSize: MAX_FILE_SIZE_BYTES }),
            await checkerOf(req),
          ),
      );
    }
  });
}
