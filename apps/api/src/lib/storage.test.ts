import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { S3Client } from '@aws-sdk/client-s3';
import { FileMissingError, LocalFileStore, S3FileStore, streamToBuffer } from './storage';

describe('LocalFileStore', () => {
  it('streams in and out, stats, deletes idempotently', async () => {
    const store = new LocalFileStore(mkdtempSync(join(tmpdir(), 'store-')));
    expect(
      await store.put('files/1/a', Readable.from([Buffer.from('hello '), Buffer.from('world')])),
    ).toEqual({ size: 11 });
    expect((await streamToBuffer(await store.get('files/1/a'))).toString()).toBe('hello world');
    expect(await store.stat('files/1/a')).toEqual({ size: 11 });
    await store.delete('files/1/a');
    await store.delete('files/1/a');
    await expect(store.get('files/1/a')).rejects.toBeInstanceOf(FileMissingError);
    expect(await store.stat('files/1/a')).toBeNull();
  });

  it('leaves nothing behind when the body fails mid-way, and refuses unsafe keys', async () => {
    const root = mkdtempSync(join(tmpdir(), 'store-'));
    const store = new LocalFileStore(root);
    const failing = Readable.from(
      (async function* () {
        yield Buffer.from('partial');
        throw new Error('client went away');
      })(),
    );
    await expect(store.put('files/1/b', failing)).rejects.toThrow('client went away');
    expect(readdirSync(join(root, 'files', '1'))).toEqual([]);
    await expect(store.put('../escape', Buffer.from('x'))).rejects.toThrow(/unsafe/);
    await expect(store.put('/abs', Buffer.from('x'))).rejects.toThrow(/unsafe/);
  });
});

describe('S3FileStore', () => {
  it('lists the keys under a prefix page by page (for the orphan sweep)', async () => {
    const at = new Date('2025-01-01T00:00:00Z');
    const pages: Record<string, unknown> = {
      first: {
        Contents: [{ Key: 'proofs/1/a.pdf', LastModified: at }],
        IsTruncated: true,
        NextContinuationToken: 'next',
      },
      next: { Contents: [{ Key: 'proofs/2/b.pdf', LastModified: at }], IsTruncated: false },
    };
    const seen: unknown[] = [];
    const client = {
      send: async (cmd: { input: { Prefix?: string; ContinuationToken?: string } }) => {
        seen.push(cmd.input);
        return pages[cmd.input.ContinuationToken ?? 'first'];
      },
    } as unknown as S3Client;
    const keys: string[] = [];
    for await (const o of new S3FileStore(client, 'bucket').list('proofs/')) keys.push(o.key);
    expect(keys).toEqual(['proofs/1/a.pdf', 'proofs/2/b.pdf']);
    expect(seen).toMatchObject([{ Prefix: 'proofs/' }, { Prefix: 'proofs/', ContinuationToken: 'next' }]);
  });
});
