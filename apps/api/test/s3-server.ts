import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';

/** The S3 variables of an app that stores its files on this server. */
type S3Env = {
  S3_BUCKET: string;
  S3_ENDPOINT: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
};

export type S3TestServer = {
  env: S3Env;
  /** Keys of the stored objects, sorted. */
  objectKeys(): Promise<string[]>;
  /** Multipart uploads begun and neither completed nor aborted (what S3's ListMultipartUploads answers). */
  uploadsInProgress(): string[];
  /** The next `times` requests that match answer 500 InternalError (every attempt of the SDK's retries counts). */
  failNext(match: (req: { method: string; url: string }) => boolean, times?: number): void;
  /** Requests seen, as `METHOD path?query` (for asserting what was sent). */
  requests: string[];
  close(): Promise<void>;
};

type KoaCtx = {
  method: string;
  url: string;
  path: string;
  query: Record<string, string>;
  status: number;
  body: unknown;
  type: string;
};

/**
 * A real S3-compatible HTTP server (s3rver, on its file system store in a temporary folder) with one bucket (none
 * with `createBucket: false`: the app's start must make it). s3rver
 * has no AbortMultipartUpload nor ListMultipartUploads: both are added here in front of it, over its store and with
 * S3's answers, so the file store's clean-up is tested as S3 would see it.
 */
export async function startS3Server(
  bucket = 'lexserve-files',
  opts: { createBucket?: boolean } = {},
): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'lexserve-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: opts.createBucket === false ? [] : [{ name: bucket, configs: [] }],
  });
  // s3rver's file system store keeps an in-progress multipart upload in `<bucket>/._S3rver_uploads/<uploadId>/`.
  const uploadsDir = () => join(directory, bucket, '._S3rver_uploads');
  const faults: { match: (req: { method: string; url: string }) => boolean; times: number }[] = [];
  const requests: string[] = [];

  (
    server as unknown as { middleware: ((ctx: KoaCtx, next: () => Promise<void>) => Promise<void>)[] }
  ).middleware.unshift(async (ctx, next) => {
    requests.push(`${ctx.method} ${ctx.url}`);
    const fault = faults.find((f) => f.times > 0 && f.match({ method: ctx.method, url: ctx.url }));
    if (fault) {
      fault.times--;
      ctx.status = 500;
      ctx.type = 'application/xml';
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>injected by the test</Message></Error>';
      return;
    }
    const uploadId = ctx.query.uploadId;
    if (ctx.method === 'DELETE' && uploadId) {
      const dir = uploadsDir();
      if (!existsSync(join(dir, uploadId))) {
        ctx.status = 404;
        ctx.type = 'application/xml';
        ctx.body =
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
        return;
      }
      rmSync(join(dir, uploadId), { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method === 'GET' && 'uploads' in ctx.query && ctx.path.replace(/\/$/, '') === `/${bucket}`) {
      const dir = uploadsDir();
      ctx.type = 'application/xml';
      ctx.body =
        `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>` +
        listUploads(dir)
          .map((id) => {
            const key = readFileSync(join(dir, id, 'key'), 'utf8');
            const initiated = statSync(join(dir, id)).birthtime.toISOString();
            return `<Upload><Key>${key}</Key><UploadId>${id}</UploadId><Initiated>${initiated}</Initiated></Upload>`;
          })
          .join('') +
        '</ListMultipartUploadsResult>';
      return;
    }
    await next();
  });

  const address = (await server.run()) as AddressInfo;
  const env: S3Env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };

  const objectKeys = async () => {
    const keys: string[] = [];
    const walk = (dir: string, prefix: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) {
          if (entry.name.startsWith('._S3rver_')) continue;
          walk(join(dir, entry.name), `${prefix}${entry.name}/`);
        } else if (entry.name.endsWith('._S3rver_object'))
          keys.push(prefix + entry.name.slice(0, -'._S3rver_object'.length));
      }
    };
    if (existsSync(join(directory, bucket))) walk(join(directory, bucket), '');
    return keys.sort();
  };

  return {
    env,
    objectKeys,
    uploadsInProgress: () => listUploads(uploadsDir()),
    failNext: (match, times = 1) => faults.push({ match, times }),
    requests,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

const listUploads = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir).sort() : []);
