import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Env } from './config/env';
import { createDatabase } from './db/client';
import { migrate } from './db/migrate';
import { S3FileStore } from './lib/storage';
import { seed } from './seed';
import { join } from 'node:path';

/** Database, migrations, seed, app, background work: everything `server.ts` and the e2e/bench harnesses start. */
export async function startApp(env: Env, opts: { background?: boolean } = {}): Promise<FastifyInstance> {
  const database = await createDatabase({ url: env.DATABASE_URL, dataDir: join(env.DATA_DIR, 'pglite') });
  await migrate(database.raw);
  const app = await buildApp({ env, database });
  // A self-hosted S3 (MinIO in docker-compose) starts empty: its bucket is made here. On AWS it is the operator's.
  if (env.S3_ENDPOINT && app.deps.files instanceof S3FileStore && (await app.deps.files.ensureBucket()))
    app.log.info({ bucket: env.S3_BUCKET }, 'created the S3 bucket');
  // The seal's keys now, not on the first proof: a bad SEAL_P12_PATH stops the start, and the first start makes the local CA.
  await app.deps.seal.prepare();
  await seed(database.db, env, app.log);
  if (opts.background !== false) {
    await app.deps.events.start();
    app.deps.jobs.start(Math.round(env.JOB_POLL_SECONDS * 1000));
  }
  app.addHook('onClose', async () => {
    await app.deps.events.stop();
    await app.deps.jobs.stop();
    await database.raw.close();
  });
  return app;
}
