import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart, { type Multipart } from '@fastify/multipart';

/**
 * Multipart uploads, parsed in one place. Routes register it in their scope and hand services plain values:
 * `{ filename, stream }` per file (never a request), so services stream to the store without knowing HTTP.
 */

/** A file of the body as it arrives; `truncated()` tells, once the stream has ended, that it went past the size limit. */
export type IncomingFile = { filename: string; stream: Readable; truncated(): boolean };
export type UploadPart = { kind: 'field'; name: string; value: string } | ({ kind: 'file' } & IncomingFile);
export type UploadLimits = { fileSize: number; files: number; fields?: number; fieldSize?: number };

/** The body is not multipart, is cut off or malformed ('malformed'), or has more parts than allowed ('too_many'). */
export class UploadBodyError extends Error {
  constructor(
    readonly reason: 'malformed' | 'too_many',
    cause?: unknown,
  ) {
    super(`upload body ${reason}`, { cause });
  }
}

/**
 * Registers multipart parsing in the caller's scope. An upload refused before its body was read (unknown
 * document, too many files…) is answered and the connection closed, rather than leaving the client pushing the
 * rest of a large body that nobody reads.
 */
export async function registerUploads(scope: FastifyInstance, limits: UploadLimits): Promise<void> {
  // throwFileSizeLimit: false: an over-size file is truncated and reported per file, not failing the request.
  await scope.register(multipart, {
    limits: { fileSize: limits.fileSize, files: limits.files },
    throwFileSizeLimit: false,
  });
  scope.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && !request.raw.complete) reply.header('connection', 'close');
    done(null, payload);
  });
}

/** A parser failure as an `UploadBodyError` (also for errors that surface while a file's stream is read); others unchanged. */
export function bodyErrorOf(err: unknown): unknown {
  if (err instanceof UploadBodyError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new UploadBodyError('too_many', err);
  if (
    code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' ||
    code === 'FST_PROTO_VIOLATION' ||
    code === 'FST_INVALID_JSON_FIELD_ERROR' ||
    code === 'FST_REQ_FILE_TOO_LARGE' ||
    /multipart|boundary|terminated early|Unexpected end|premature close/i.test((err as Error).message ?? '')
  )
    return new UploadBodyError('malformed', err);
  return err;
}

const fileOf = (part: Multipart & { type: 'file' }): IncomingFile => ({
  filename: part.filename,
  stream: part.file as Readable,
  truncated: () => part.file.truncated,
});

/** The parts of a multipart body in order; a body that is not multipart and parser failures are `UploadBodyError`s. */
export function uploadParts(request: FastifyRequest, limits: UploadLimits): AsyncIterable<UploadPart> {
  if (!request.isMultipart()) throw new UploadBodyError('malformed');
  return partsOf(request, limits);
}

async function* partsOf(request: FastifyRequest, limits: UploadLimits): AsyncGenerator<UploadPart> {
  const fields = limits.fields ?? 20;
  const parts = request.parts({
    limits: {
      fileSize: limits.fileSize,
      files: limits.files,
      fields,
      fieldSize: limits.fieldSize ?? 1024,
      parts: limits.files + fields,
    },
    throwFileSizeLimit: false,
  } as Parameters<typeof request.parts>[0]);
  try {
    for await (const part of parts) {
      if (part.type === 'file') yield { kind: 'file', ...fileOf(part) };
      else
        yield {
          kind: 'field',
          name: part.fieldname,
          value: typeof part.value === 'string' ? part.value : String(part.value),
        };
    }
  } catch (err) {
    throw bodyErrorOf(err);
  }
}

/** The one file of a body (undefined when there is none); parser failures become `UploadBodyError`. */
export async function singleUpload(
  request: FastifyRequest,
  limits: Omit<UploadLimits, 'files'>,
): Promise<IncomingFile | undefined> {
  if (!request.isMultipart()) throw new UploadBodyError('malformed');
  try {
    const part = await request.file({
      limits: { fileSize: limits.fileSize, files: 1, fields: limits.fields ?? 5 },
      throwFileSizeLimit: false,
    });
    return part ? fileOf(part) : undefined;
  } catch (err) {
    throw bodyErrorOf(err);
  }
}

/** The text fields of a multipart body (no files). */
export async function formFields(
  request: FastifyRequest,
  limits = { fields: 10, fieldSize: 16 * 1024 },
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const part of request.parts({ limits: { files: 0, ...limits } })) {
    if (part.type === 'field' && typeof part.value === 'string') out[part.fieldname] = part.value;
  }
  return out;
}
