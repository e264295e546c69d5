import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { CommonErrors, type ValidationIssue } from '@lexserve/contracts/errors';
import { AppError, FieldError, isUnstorableValue } from '../lib/app-error';
import { redactLinks, redactParams } from '../lib/redact';

/**
 * The only place that knows HTTP status codes for errors. Every non-2xx body is
 * `{detail, code, request_id}`; validation failures are 422 with `detail` as the field list.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  // PostgreSQL text cannot hold NUL: refuse it in any string of the input, before a query fails on it.
  app.addHook('preHandler', (request, _reply, done) => {
    if (hasNul(request.body) || hasNul(request.query) || hasNul(request.params))
      done(new AppError(CommonErrors.VALUE_NOT_STORABLE));
    else done();
  });

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) return send(reply, request, err.status, err.detail, err.code);
    if (err instanceof FieldError) {
      return sendValidation(reply, request, [{ loc: err.loc, msg: err.msg, type: err.type }]);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      const issues: ValidationIssue[] = err.validation.map((v) => ({
        loc: [
          where,
          ...v.instancePath
            .split('/')
            .filter(Boolean)
            .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        ],
        msg: v.message ?? 'Invalid value',
        type: String(v.keyword ?? 'value_error'),
      }));
      return sendValidation(reply, request, issues);
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, cause: err.cause }, 'response did not match its schema');
      return send(reply, request, 500, CommonErrors.INTERNAL.message, 'INTERNAL');
    }
    if (isUnstorableValue(err)) {
      request.log.warn({ err, method: request.method, url: request.url }, 'input the database cannot hold');
      return send(reply, request, 422, CommonErrors.VALUE_NOT_STORABLE.message, 'VALUE_NOT_STORABLE');
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      const code = typeof err.code === 'string' && !err.code.startsWith('FST_') ? err.code : 'RATE_LIMITED';
      return send(reply, request, 429, err.message || CommonErrors.RATE_LIMITED.message, code);
    }
    if (status >= 400 && status < 500) {
      const detail =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? CommonErrors.BAD_REQUEST.message
          : err.message;
      return send(reply, request, status, detail, err.code ?? 'BAD_REQUEST');
    }
    request.log.error(
      { err, method: request.method, url: redactLinks(request.url), params: redactParams(request.params) },
      'unhandled error',
    );
    return send(reply, request, 500, CommonErrors.INTERNAL.message, 'INTERNAL');
  });

  app.setNotFoundHandler((request, reply) => {
    const wantsAppShell =
      request.method === 'GET' && !request.url.startsWith('/api/') && request.server.webAppShell;
    if (wantsAppShell) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return send(reply, request, 404, CommonErrors.NOT_FOUND.message, 'NOT_FOUND');
  });
}

function send(reply: FastifyReply, request: FastifyRequest, status: number, detail: string, code: string) {
  return reply.status(status).send({ detail, code, request_id: request.id });
}

function sendValidation(reply: FastifyReply, request: FastifyRequest, detail: ValidationIssue[]) {
  return reply.status(422).send({ detail, code: 'VALIDATION_ERROR', request_id: request.id });
}

/** Whether any string in the value (nested objects and arrays too) contains a NUL character. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || !value || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  for (const [k, v] of Object.entries(value)) if (k.includes('\u0000') || hasNul(v, depth + 1)) return true;
  return false;
}
