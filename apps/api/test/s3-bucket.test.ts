import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { loadEnv } from '../src/config/env';
import { startApp } from '../src/main';
import { startS3Server, type S3TestServer } from './s3-server';

let s3: S3TestServer | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  await s3?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('the app started with S3_ENDPOINT creates its missing bucket (a fresh MinIO) and stores files in it', async () => {
  s3 = await startS3Server('lexserve', { createBucket: false });
  dataDir = mkdtempSync(join(tmpdir(), 'lexserve-bucket-'));
  cpSync(join(inject('sealTemplateDir'), 'seal'), join(dataDir, 'seal'), { recursive: true });
  const env = loadEnv(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      BCRYPT_COST: '4',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      SEED_DEMO: 'false',
      ...s3.env,
    },
    {},
  );
  const app = await startApp(env, { background: false });
  try {
    expect(s3.requests.filter((r) => r === 'HEAD /lexserve/')).toHaveLength(1);
    expect(s3.requests.filter((r) => r === 'PUT /lexserve/')).toHaveLength(1);
    expect(await app.deps.files.put('files/1/a.txt', Buffer.from('hello'))).toEqual({ size: 5 });
    expect(await s3.objectKeys()).toEqual(['files/1/a.txt']);
  } finally {
    await app.close();
  }
}, 120_000);
