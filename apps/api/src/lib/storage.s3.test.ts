import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../../test/s3-server';
import { createFileStore, FileMissingError, S3FileStore, streamToBuffer, type FileStore } from './storage';

const MB = 1024 * 1024;

/** `mb` megabytes made on demand, 1 MB at a time (never held whole), each chunk different; hashed as they go. */
function generated(mb: number, opts: { failAfterMb?: number } = {}) {
  const hash = createHash('sha256');
  let i = 0;
  const stream = new Readable({
    read() {
      if (opts.failAfterMb !== undefined && i === opts.failAfterMb)
        return void this.destroy(new Error('client went away'));
      if (i === mb) return void this.push(null);
      const chunk = Buffer.alloc(MB, i % 251);
      chunk.writeUInt32BE(i++, 0);
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

/** The highest resident set size seen while `work` runs, above the one before it (sampled every 20 ms). */
async function peakRssGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, growthMb: (peak - before) / MB };
  } finally {
    clearInterval(timer);
  }
}

let s3: S3TestServer;
let store: FileStore;
beforeAll(async () => {
  s3 = await startS3Server();
  store = createFileStore({ DATA_DIR: '/nonexistent', ...s3.env });
  // Loads the SDK and opens its connections, so the memory measured below is the transfer's alone.
  await store.put('warm-up/part', generated(9).stream);
  await streamToBuffer(await store.get('warm-up/part'));
  await store.delete('warm-up/part');
});
afterAll(async () => {
  await s3?.close();
});

describe('S3 file store on a real S3-compatible server', () => {
  it('streams 100 MB up as a multipart upload and back down, in bounded memory, byte for byte', async () => {
    const body = generated(100);
    const up = await peakRssGrowth(() =>
      store.put('files/1/big.pdf', body.stream, { contentType: 'application/pdf' }),
    );
    expect(up.result).toEqual({ size: 100 * MB });
    // One 8 MB part at a time, not the 100 MB body: lib-storage gathers a part from the body's chunks and joins them
    // (two parts' worth while it is sent), and the parts already sent stay in memory until the GC runs.
    console.info(`S3 upload of 100 MB: peak RSS growth ${up.growthMb.toFixed(1)} MB`);
    expect(up.growthMb).toBeLessThan(64);
    expect(
      s3.requests.filter(
        (r) => r.startsWith('PUT /lexserve-files/files/1/big.pdf?') && r.includes('partNumber='),
      ),
    ).toHaveLength(13);
    expect(await store.stat('files/1/big.pdf')).toEqual({ size: 100 * MB });
    expect(s3.uploadsInProgress()).toEqual([]);

    const down = await peakRssGrowth(async () => {
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of await store.get('files/1/big.pdf')) {
        hash.update(chunk as Buffer);
        size += (chunk as Buffer).length;
      }
      return { size, digest: hash.digest('hex') };
    });
    expect(down.result).toEqual({ size: 100 * MB, digest: body.digest() });
    console.info(`S3 download of 100 MB: peak RSS growth ${down.growthMb.toFixed(1)} MB`);
    expect(down.growthMb).toBeLessThan(40);
  }, 120_000);

  it('stores small bodies in one request, lists by prefix, deletes idempotently', async () => {
    expect(await store.put('files/2/a.txt', Buffer.from('hello'))).toEqual({ size: 5 });
    expect(
      await store.put('files/2/b.txt', Readable.from([Buffer.from('hello '), Buffer.from('world')])),
    ).toEqual({ size: 11 });
    expect((await store.getBuffer('files/2/b.txt')).toString()).toBe('hello world');
    // A stream under one part goes up as one PutObject, not a multipart upload.
    expect(s3.requests.filter((r) => r.includes('/lexserve-files/files/2/b.txt'))).toEqual([
      'PUT /lexserve-files/files/2/b.txt?x-id=PutObject',
      'GET /lexserve-files/files/2/b.txt?x-id=GetObject',
    ]);
    const listed: string[] = [];
    for await (const entry of store.list('files/2/')) {
      expect(entry.modifiedAt).toBeInstanceOf(Date);
      listed.push(entry.key);
    }
    expect(listed.sort()).toEqual(['files/2/a.txt', 'files/2/b.txt']);
    await store.delete('files/2/a.txt');
    await store.delete('files/2/a.txt');
    expect(await store.stat('files/2/a.txt')).toBeNull();
    await expect(store.get('files/2/a.txt')).rejects.toBeInstanceOf(FileMissingError);
    await expect(store.getBuffer('files/2/never')).rejects.toBeInstanceOf(FileMissingError);
    expect(await s3.objectKeys()).not.toContain('files/2/a.txt');
  });

  it('a body that fails mid-way leaves no object and no multipart upload behind', async () => {
    const body = generated(30, { failAfterMb: 20 });
    await expect(store.put('files/3/broken.pdf', body.stream)).rejects.toThrow('client went away');
    expect(s3.requests.some((r) => r.startsWith('POST /lexserve-files/files/3/broken.pdf?uploads'))).toBe(
      true,
    );
    expect(s3.requests.some((r) => r.startsWith('DELETE /lexserve-files/files/3/broken.pdf?uploadId='))).toBe(
      true,
    );
    expect(s3.uploadsInProgress()).toEqual([]);
    expect(await s3.objectKeys()).not.toContain('files/3/broken.pdf');
    expect(await store.stat('files/3/broken.pdf')).toBeNull();
  }, 60_000);

  it('a server error on a part, on completing, or on a single put leaves nothing behind', async () => {
    // Every attempt at part 2 fails (the SDK retries a 500 before giving up).
    s3.failNext(
      (r) => r.method === 'PUT' && r.url.includes('files/4/part-fails') && r.url.includes('partNumber=2'),
      10,
    );
    await expect(store.put('files/4/part-fails', generated(20).stream)).rejects.toMatchObject({
      name: 'InternalError',
    });
    s3.failNext((r) => r.method === 'POST' && r.url.includes('files/4/complete-fails?uploadId='), 10);
    await expect(store.put('files/4/complete-fails', generated(10).stream)).rejects.toMatchObject({
      name: 'InternalError',
    });
    s3.failNext((r) => r.method === 'PUT' && r.url.startsWith('/lexserve-files/files/4/small-fails'), 10);
    await expect(store.put('files/4/small-fails', Buffer.from('x'))).rejects.toMatchObject({
      name: 'InternalError',
    });
    expect(s3.uploadsInProgress()).toEqual([]);
    expect((await s3.objectKeys()).filter((k) => k.startsWith('files/4/'))).toEqual([]);
  }, 60_000);

  it('aborts the multipart uploads of a process killed mid-upload once they are old, and only those', async () => {
    const { S3Client, CreateMultipartUploadCommand, UploadPartCommand } = await import('@aws-sdk/client-s3');
    const client = new S3Client({
      region: s3.env.S3_REGION,
      endpoint: s3.env.S3_ENDPOINT,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY },
    });
    // What a process leaves when it dies between two parts: an upload begun, one part sent, never completed.
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket: s3.env.S3_BUCKET, Key: 'files/6/crashed' }),
    );
    await client.send(
      new UploadPartCommand({
        Bucket: s3.env.S3_BUCKET,
        Key: 'files/6/crashed',
        UploadId,
        PartNumber: 1,
        Body: Buffer.alloc(MB),
      }),
    );
    expect(s3.uploadsInProgress()).toEqual([UploadId]);
    expect(await store.abortStaleUploads(new Date(Date.now() - 60_000))).toBe(0);
    expect(s3.uploadsInProgress()).toEqual([UploadId]);
    expect(await store.abortStaleUploads(new Date(Date.now() + 1000))).toBe(1);
    expect(s3.uploadsInProgress()).toEqual([]);
    expect(await s3.objectKeys()).not.toContain('files/6/crashed');
    client.destroy();
  });

  it('a transient server error is retried and the file stored whole', async () => {
    s3.failNext(
      (r) => r.method === 'PUT' && r.url.includes('files/5/flaky') && r.url.includes('partNumber=1'),
      1,
    );
    const body = generated(12);
    expect(await store.put('files/5/flaky', body.stream)).toEqual({ size: 12 * MB });
    const hash = createHash('sha256')
      .update(await store.getBuffer('files/5/flaky'))
      .digest('hex');
    expect(hash).toBe(body.digest());
  }, 60_000);
});

describe('the S3 bucket made when missing', () => {
  it('is created when HeadBucket says it is missing, and left alone once it exists', async () => {
    const empty = await startS3Server('fresh-bucket', { createBucket: false });
    try {
      const fresh = createFileStore({ DATA_DIR: '/nonexistent', ...empty.env });
      if (!(fresh instanceof S3FileStore)) throw new Error('expected the S3 store');
      await expect(fresh.put('files/1/a.txt', Buffer.from('x'))).rejects.toMatchObject({
        name: 'NoSuchBucket',
      });
      expect(await fresh.ensureBucket()).toBe(true);
      expect(empty.requests.filter((r) => r === 'PUT /fresh-bucket/')).toHaveLength(1);
      expect(await fresh.ensureBucket()).toBe(false);
      expect(empty.requests.filter((r) => r === 'PUT /fresh-bucket/')).toHaveLength(1);
      expect(await fresh.put('files/1/a.txt', Buffer.from('hello'))).toEqual({ size: 5 });
      expect(await empty.objectKeys()).toEqual(['files/1/a.txt']);
    } finally {
      await empty.close();
    }
  });

  it('an answer other than "missing" (here a server error) is thrown, not taken for a missing bucket', async () => {
    s3.failNext((r) => r.method === 'HEAD' && r.url.startsWith('/lexserve-files'), 10);
    const bucketStore = store as S3FileStore;
    await expect(bucketStore.ensureBucket()).rejects.toBeDefined();
    expect(s3.requests.some((r) => r === 'PUT /lexserve-files/')).toBe(false);
  });
});
