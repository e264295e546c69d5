import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '@lexserve/contracts/common';
import { CommonErrors } from '@lexserve/contracts/errors';
import {
  SheriffAreaImportResultSchema,
  SheriffAreaInputSchema,
  SheriffAreaListSchema,
  SheriffAreaLookupQuerySchema,
  SheriffAreaLookupSchema,
  SheriffAreaSchema,
} from '@lexserve/contracts/sheriff-areas';
import { FieldError } from '../../lib/app-error';
import { ctxOf } from '../../lib/context';
import { requireRole } from '../../plugins/auth';
import { registerUploads, singleUpload } from '../../plugins/uploads';
import * as areas from './sheriff-areas.service';

const tags = ['sheriff-areas'];
/** A CSV of areas: a few thousand lines at most. */
const CSV_MAX_BYTES = 2 * 1024 * 1024;

/** The CSV text of an import: the body itself (text/csv) or its multipart `file`. */
async function csvOf(req: FastifyRequest): Promise<string> {
  if (!req.isMultipart()) {
    if (typeof req.body !== 'string' || !req.body.trim())
      throw new FieldError(
        ['body'],
        'Send the CSV as the body (Content-Type: text/csv) or as the multipart field "file"',
      );
    return req.body;
  }
  const file = await singleUpload(req, { fileSize: CSV_MAX_BYTES });
  if (!file) throw new FieldError(['body', 'file'], 'The CSV file is required (multipart field "file")');
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  if (file.truncated()) throw new FieldError(['body', 'file'], 'The CSV file is larger than 2 MB');
  return Buffer.concat(chunks).toString('utf8');
}

/** The system administrator's areas: every route answers others 403 before reading the body. */
export async function sheriffAreaAdminRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireRole(['system_admin'], CommonErrors.ADMIN_REQUIRED));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/admin/sheriff-areas',
    { schema: { tags, body: SheriffAreaInputSchema, response: { 201: SheriffAreaSchema } } },
    async (req, reply) => reply.status(201).send(await areas.createArea(ctxOf(req), req.body)),
  );
  r.get('/admin/sheriff-areas', { schema: { tags, response: { 200: SheriffAreaListSchema } } }, (req) =>
    areas.listAreas(ctxOf(req)),
  );
  r.get(
    '/admin/sheriff-areas/:id',
    { schema: { tags, params: IdParamsSchema, response: { 200: SheriffAreaSchema } } },
    (req) => areas.getArea(ctxOf(req), req.params.id),
  );
  r.put(
    '/admin/sheriff-areas/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: SheriffAreaInputSchema,
        response: { 200: SheriffAreaSchema },
      },
    },
    (req) => areas.updateArea(ctxOf(req), req.params.id, req.body),
  );
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'text/csv',
      { parseAs: 'string', bodyLimit: CSV_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
    await registerUploads(scope, { fileSize: CSV_MAX_BYTES, files: 1 });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/admin/sheriff-areas/import',
      {
        schema: {
          tags,
          description:
            'Body: text/csv, or multipart/form-data with the CSV as "file". Header: name,magisterial_districts,suburbs,postal_codes; ' +
            'values inside a cell separated by ";". Upserts by name; invalid lines are listed in `errors` and not applied.',
          response: { 200: SheriffAreaImportResultSchema },
        },
      },
      async (req) => areas.importAreas(ctxOf(req), await csvOf(req)),
    );
  });
}

/** Any signed-in user: the area of an address and its sheriff. */
export async function sheriffAreaLookupRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/sheriff-areas',
    {
      schema: {
        tags,
        querystring: SheriffAreaLookupQuerySchema,
        response: { 200: SheriffAreaLookupSchema },
      },
    },
    (req) => areas.lookupArea(ctxOf(req), req.query.address),
  );
}
