import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer; contentType?: string }
  /** A large file generated while it is sent: `head` then `size - head.length` filler bytes. */
  | { name: string; filename: string; head: Buffer; size: number; contentType?: string };

/**
 * A real multipart/form-data body (RFC 7578) for `app.inject`, as a stream so large files never sit in memory.
 * `truncate` cuts the body short to simulate a broken upload.
 */
export function multipart(parts: Part[], opts: { truncate?: number } = {}) {
  const boundary = `----lexserve${randomBytes(8).toString('hex')}`;
  async function* generate() {
    for (const part of parts) {
      if ('value' in part) {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        );
        continue;
      }
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      );
      if ('content' in part) {
        yield part.content;
      } else {
        yield part.head;
        const chunk = Buffer.alloc(1024 * 1024, 0x20);
        let left = part.size - part.head.length;
        while (left > 0) {
          const n = Math.min(left, chunk.length);
          yield n === chunk.length ? chunk : chunk.subarray(0, n);
          left -= n;
        }
      }
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  let body: Readable = Readable.from(generate());
  if (opts.truncate !== undefined) {
    const limit = opts.truncate;
    body = Readable.from(
      (async function* () {
        let sent = 0;
        for await (const chunk of Readable.from(generate())) {
          const c = chunk as Buffer;
          if (sent + c.length >= limit) {
            yield c.subarray(0, limit - sent);
            return;
          }
          sent += c.length;
          yield c;
        }
      })(),
    );
  }
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
