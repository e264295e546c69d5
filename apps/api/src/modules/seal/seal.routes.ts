import type { FastifyInstance } from 'fastify';
import { CommonErrors } from '@lexserve/contracts/errors';
import { SealErrors } from '@lexserve/contracts/seal';
import { AppError } from '../../lib/app-error';

const tags = ['seal'];

/**
 * The seal's public routes (no login): the built-in RFC 3161 time-stamping authority (only when TSA_URL is not set;
 * the app's own seals reach it in-process, not through here) and the local CA's certificate, to trust or inspect.
 */
export async function sealPublicRoutes(app: FastifyInstance) {
  const seal = app.deps.seal;
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/timestamp-query', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, body));
    scope.post(
      '/tsa',
      {
        config: {
          rateLimit: {
            max: app.deps.env.TSA_RATE_LIMIT,
            timeWindow: '1 minute',
            errorResponseBuilder: () => ({ statusCode: 429, code: CommonErrors.RATE_LIMITED.code, message: CommonErrors.RATE_LIMITED.message }),
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

  app.get(
    '/seal/certificate',
    {
      schema: {
        tags,
        security: [],
        summary: "The document seal's certificate (PEM)",
        description:
          'The certificate LexServe seals its PDFs with (its SHA-256 fingerprint is the one GET /verify reports as ' +
          'the signer of a LexServe seal). Import its issuer (GET /api/v1/seal/local-ca) to have a PDF reader trust a local seal.',
      },
    },
    async (_req, reply) => {
      const { pem } = await seal.sealCertificate();
      return reply
        .header('content-disposition', 'attachment; filename="lexserve-document-seal.pem"')
        .header('cache-control', 'public, max-age=3600')
        .type('application/x-pem-file')
        .send(pem);
    },
  );
}
