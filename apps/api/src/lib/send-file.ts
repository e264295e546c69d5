import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** `attachment; filename="ascii"; filename*=UTF-8''…` so any file name survives every browser. */
const contentDisposition = (filename: string, disposition: 'attachment' | 'inline' = 'attachment') => {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
};

/** Streams a stored file as the answer (never buffered), private and not cached. */
export function sendStream(
  reply: FastifyReply,
  file: { stream: Readable; filename: string; size: number; mimeType?: string },
  disposition: 'attachment' | 'inline' = 'attachment',
) {
  return reply
    .header('content-type', file.mimeType ?? 'application/pdf')
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(file.filename, disposition))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.stream);
}
