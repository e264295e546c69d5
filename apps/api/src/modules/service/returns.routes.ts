import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdSchema, IdParamsSchema, envelope } from '@lexserve/contracts/common';
import {
  ATTEMPT_PHOTO_FIELD,
  AttemptPhotoUploadResultSchema,
  MAX_ATTEMPT_PHOTOS,
  MAX_ATTEMPT_PHOTO_BYTES,
  RETURN_ISSUED_MESSAGES,
  ReturnInputSchema,
  ServiceAttemptInputSchema,
  ServiceAttemptListSchema,
  ServiceAttemptSchema,
  ServiceReturnListSchema,
  ServiceReturnSchema,
} from '@lexserve/contracts/returns';
import { ctxOf } from '../../lib/context';
import { uploadParts } from '../../plugins/uploads';
import * as returns from './returns.service';
import * as attempts from './service-attempts.service';
import { sendStream } from '../../lib/send-file';

const AttemptParamsSchema = z.object({ id: IdSchema, attemptId: IdSchema });
const PhotoParamsSchema = z.object({ id: IdSchema, attemptId: IdSchema, photoId: IdSchema });

/** At most 10 photos of 15 MB each in one request. */
const photoLimits = { fileSize: MAX_ATTEMPT_PHOTO_BYTES, files: MAX_ATTEMPT_PHOTOS, fields: 5 };

/**
 * The sheriff's side of service: attempts (with GPS and photos) and returns. Registered in the documents scope,
 * where multipart parsing is on.
 */
export function returnsRoutes(scope: FastifyInstance) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['service'];

  r.get(
    '/documents/:id/service-attempts',
    { schema: { tags, params: IdParamsSchema, response: { 200: ServiceAttemptListSchema } } },
    (req) => attempts.listServiceAttempts(ctxOf(req), req.params.id),
  );
  r.post(
    '/documents/:id/service-attempts',
    {
      schema: {
        tags,
        description:
          'The assigned sheriff records an attempt: device_time, address, latitude/longitude/accuracy_m (all or none), outcome, notes. ' +
          'The legacy attempt_date + attempt_time (South African time) + place is accepted too.',
        params: IdParamsSchema,
        body: ServiceAttemptInputSchema,
        response: { 201: envelope(ServiceAttemptSchema) },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        status: 'success' as const,
        data: await attempts.recordServiceAttempt(ctxOf(req), req.params.id, req.body),
        message: 'Service attempt recorded',
      }),
  );
  r.post(
    '/documents/:id/service-attempts/:attemptId/photos',
    {
      schema: {
        tags,
        description: `multipart/form-data: ${ATTEMPT_PHOTO_FIELD} (repeated, 1 to ${MAX_ATTEMPT_PHOTOS} JPEG, PNG, WebP or HEIC images of at most 15 MB each)`,
        params: AttemptParamsSchema,
        response: { 201: AttemptPhotoUploadResultSchema },
      },
    },
    async (req, reply) => {
      const { photos, message } = await attempts.addAttemptPhotos(
        ctxOf(req),
        req.params.id,
        req.params.attemptId,
        () => uploadParts(req, photoLimits),
      );
      return reply.status(201).send({ status: 'success' as const, data: { photos }, message });
    },
  );
  r.get(
    '/documents/:id/service-attempts/:attemptId/photos/:photoId',
    { schema: { tags, params: PhotoParamsSchema } },
    async (req, reply) =>
      sendStream(
        reply,
        await attempts.getAttemptPhoto(ctxOf(req), req.params.id, req.params.attemptId, req.params.photoId),
        'inline',
      ),
  );

  r.get(
    '/documents/:id/returns',
    { schema: { tags, params: IdParamsSchema, response: { 200: ServiceReturnListSchema } } },
    (req) => returns.listReturns(ctxOf(req), req.params.id),
  );
  r.post(
    '/documents/:id/returns',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: ReturnInputSchema,
        response: { 201: envelope(ServiceReturnSchema) },
      },
    },
    async (req, reply) => {
      const data = await returns.issueReturn(ctxOf(req), req.params.id, req.body);
      return reply
        .status(201)
        .send({ status: 'success' as const, data, message: RETURN_ISSUED_MESSAGES[data.outcome] });
    },
  );
}
