import type { FastifyInstance } from 'fastify';
import { CommonErrors } from '@lexserve/contracts/errors';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SealCertificateListSchema, SealCertificateQuerySchema, SealErrors } from '@lexserve/contracts/seal';
import { AppError } from '../../lib/app-error';
import { publicCtxOf } from '../../lib/context';
import { listSealCertificates, sealCertificatePem } from './seal.service';

const tags = ['seal'];

/**
 * The seal's public routes (no login): the built-in RFC 3161 time-stamping authority (only when TSA_URL is not set;
 * the app's own seals reach it in-process, not through here) and the local CA's certificate, to trust or inspect.
 */
export async function sealPublicRoutes(app: FastifyInstance) {
  const seal = app.deps.seal;
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/timestamp-query',
      { parseAs: 'buffer', bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post(
      '/tsa',
      {
        config: {
          rateLimit: {
            max: app.deps.env.TSA_RATE_LIMIT,
            timeWindow: '1 minute',
            errorResponseBuilder: () => ({
              statusCode: 429,
              code: CommonErrors.RATE_LIMITED.code,
              message: CommonErrors.RATE_LIMITED.message,
            }),
          },
        },
        schema: {
          tags,
          security: [],
          summary: 'RFC 3161 time-stamping authority (built-in)',
          description:
            'Body: a DER TimeStampReq (Content-Type: application/timestamp-query). Answer: a DER TimeStampResp ' +
            '(application/timestamp-reply); refusals are answered the same way, with a PKIFailureInfo. The authority ' +
            'is certified by the local CA (GET /api/v1/seal/local-ca), which is not publicly trusted. 404 when ' +
            'TSA_URL names an external authority.',
        },
      },
      async (req, reply) => {
        if (!seal.builtInTsa) throw new AppError(SealErrors.TSA_NOT_IN_USE);
        if (!Buffer.isBuffer(req.body)) throw new AppError(SealErrors.TSA_QUERY_REQUIRED);
        const answer = await seal.respondToTimestampQuery(req.body);
        return reply.header('cache-control', 'no-store').type('application/timestamp-reply').send(answer);
      },
    );
  });

  app.get(
    '/seal/local-ca',
    {
      schema: {
        tags,
        security: [],
        summary: "The local CA's certificate (PEM)",
        description:
          'The certificate authority that certifies the local document seal and the built-in time-stamping authority. ' +
          'It is not publicly trusted: import it only to check seals made by this installation. 404 when the seal ' +
          'key comes from SEAL_P12_PATH and time-stamps from TSA_URL.',
      },
    },
    async (_req, reply) => {
      const pem = await seal.localCaCertificate();
      if (!pem) throw new AppError(SealErrors.LOCAL_CA_NOT_IN_USE);
      return reply
        .header('content-disposition', 'attachment; filename="lexserve-local-ca.pem"')
        .header('cache-control', 'public, max-age=3600')
        .type('application/x-pem-file')
        .send(pem);
    },
  );

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/seal/certificate',
    {
      schema: {
        tags,
        security: [],
        summary: "The document seal's certificate (PEM)",
        description:
          'The certificate LexServe seals its PDFs with (its SHA-256 fingerprint is the one GET /verify reports as ' +
          'the signer of a LexServe seal). With ?fingerprint=, a certificate LexServe sealed with before the current ' +
          'one replaced it (404 for a fingerprint it never sealed with). Import its issuer (GET /api/v1/seal/local-ca) ' +
          'to have a PDF reader trust a local seal.',
        querystring: SealCertificateQuerySchema,
      },
    },
    async (req, reply) => {
      const { pem, fingerprint } = await sealCertificatePem(publicCtxOf(req), req.query.fingerprint);
      const name = req.query.fingerprint
        ? `lexserve-document-seal-${fingerprint.slice(0, 16)}.pem`
        : 'lexserve-document-seal.pem';
      return reply
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'public, max-age=3600')
        .type('application/x-pem-file')
        .send(pem);
    },
  );

  r.get(
    '/seal/certificates',
    {
      schema: {
        tags,
        security: [],
        summary: 'Every certificate LexServe has sealed with',
        description:
          'The current seal certificate and those it replaced, with their fingerprints, validity and when LexServe ' +
          'sealed with them: a PDF sealed with any of them is reported as sealed by LexServe.',
        response: { 200: SealCertificateListSchema },
      },
    },
    async (req) => ({ certificates: await listSealCertificates(publicCtxOf(req)) }),
  );
}
