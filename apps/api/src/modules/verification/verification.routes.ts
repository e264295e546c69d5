import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { MAX_FILE_SIZE_BYTES } from '@lexserve/contracts/documents';
import {
  FileVerificationResultSchema,
  VerificationErrors,
  VerificationResultSchema,
  VerifyParamsSchema,
} from '@lexserve/contracts/verification';
import { AppError } from '../../lib/app-error';
import { publicCtxOf } from '../documents/delivery.routes';
import { closeIfUnread } from '../documents/documents.routes';
import * as verification from './verification.service';

/**
 * Public verification (no login): by security ID, and by file. Rate-limited per client address
 * (VERIFY_RATE_LIMIT per minute); read-only apart from the check counter.
 */
export async function verificationRoutes(app: FastifyInstance) {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_FILE_SIZE_BYTES, files: 1 }, throwFileSizeLimit: false });
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
      { config: { rateLimit }, schema: { tags, security: [], params: VerifyParamsSchema, response: { 200: VerificationResultSchema } } },
      (req) => verification.verifySecurityId(publicCtxOf(req), req.params.securityId),
    );
    for (const path of ['/verify/document', '/verify/file']) {
      r.post(
        path,
        {
          config: { rateLimit },
          schema: { tags, security: [], description: 'multipart/form-data with one file (field name: file)', response: { 200: FileVerificationResultSchema } },
        },
        async (req, reply) => {
          try {
            return await verification.verifyFile(publicCtxOf(req), req);
          } catch (err) {
            closeIfUnread(req, reply);
            throw err;
          }
        },
      );
    }
  });
}
