import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadEnv, type Env } from '../src/config/env';
import { createDatabase, type Database, type RawDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { backup, restore, verifyBackup } from '../src/lib/backup';
import { createFileStore } from '../src/lib/storage';
import { seed } from '../src/seed';
import { createTestApp, DEMO, DEMO_PASSWORD, type TestApp } from './build-app';
import { makePdf, post } from './document-factories';
import { startS3Server, type S3TestServer } from './s3-server';

const apiRoot = join(import.meta.dirname, '..');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const temp = (name: string) => mkdtempSync(join(tmpdir(), `lexserve-${name}-`));

/** Every table of the database: its row count and a digest of its rows (in a stable order). */
async function snapshot(raw: RawDb): Promise<Record<string, string>> {
  const tables = await raw.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await raw.query<{ n: number; digest: string }>(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM "${name}" t`,
    );
    out[name] = `${row!.n}:${row!.digest}`;
  }
  return out;
}

/**
 * The snapshot of a running installation once its background work (the domain events' dispatcher, due jobs) has
 * settled: two snapshots half a second apart that agree. A backup taken then restores to exactly that.
 */
async function settledSnapshot(raw: RawDb): Promise<Record<string, string>> {
  let last = await snapshot(raw);
  for (let i = 0; i < 40; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await snapshot(raw);
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  throw new Error('the installation did not settle within 20 s');
}

/** Every stored file of the installation's store: key → SHA-256. */
async function storedFiles(env: Env): Promise<Record<string, string>> {
  const store = createFileStore(env);
  const out: Record<string, string> = {};
  for await (const { key } of store.list('')) out[key] = sha256(await store.getBuffer(key));
  return out;
}

/** A draft with two uploaded PDFs, through the real calls; answers the uploaded bytes by file id. */
async function addCaseFiles(inject: TestApp['inject'], token: string, firmId: number, branchId: number) {
  const created = await inject({
    method: 'POST',
    url: '/api/v1/documents/',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      title: 'Backed-up draft',
      firm_id: firmId,
      branch_id: branchId,
      draft_metadata: { version: 1 },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  const contents = [await makePdf(1, 'First backed-up file'), await makePdf(3, 'Second backed-up file')];
  const up = await post({ inject } as unknown as TestApp, token, '/api/v1/documents/upload', [
    { name: 'document_id', value: String(id) },
    ...contents.map((content, i) => ({ name: 'files', filename: `file-${i}.pdf`, content })),
    { name: 'use_chunked_upload', value: 'false' },
  ]);
  expect(up.statusCode, up.body).toBe(201);
  const ids = up.json().data.files.map((f: { id: number }) => f.id) as number[];
  return { documentId: id, files: new Map(ids.map((fid, i) => [fid, contents[i]!])) };
}

const loginOf = async (app: FastifyInstance, email: string) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
};

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
});

// The database pass (DATABASE_URL set) runs the PostgreSQL round trip below; this one ran in the PGlite pass.
describe.skipIf(process.env.DATABASE_URL)(
  'backup and restore on the embedded database and local files',
  () => {
    it('round-trips: backup (server stopped), wipe, restore: every table and every file identical, the app works on it', async () => {
      const dataDir = temp('backup-src');
      const out = join(temp('backup-out'), 'backup');
      cleanups.push(
        () => rmSync(dataDir, { recursive: true, force: true }),
        () => rmSync(join(out, '..'), { recursive: true, force: true }),
      );
      cpSync(join(inject('sealTemplateDir'), 'seal'), join(dataDir, 'seal'), { recursive: true });
      const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', BCRYPT_COST: '4', DATA_DIR: dataDir });

      const open = async () => {
        const database = await createDatabase({ dataDir: join(dataDir, 'pglite') });
        await migrate(database.raw);
        const app = await buildApp({ env, database, logger: false });
        await app.ready();
        return { app, database };
      };
      let { app, database }: { app: FastifyInstance; database: Database } = await open();
      await seed(database.db, env, app.log);
      const token = await loginOf(app, DEMO.attorney);
      const me = (
        await app.inject({
          method: 'GET',
          url: '/api/v1/users/me',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json();
      const { documentId, files } = await addCaseFiles(
        (opts) => app.inject(opts),
        token,
        me.firm_id,
        me.branch_id,
      );
      const tables = await snapshot(database.raw);
      const stored = await storedFiles(env);
      expect(Object.keys(stored)).toHaveLength(2);
      await app.close();
      await database.raw.close();

      // `pnpm backup FOLDER` (the CLI on the server's variables).
      const cli = await runCli(['backup', out], { DATA_DIR: dataDir });
      expect(cli.code, cli.output).toBe(0);
      expect(cli.output).toContain('2 stored files');
      const manifest = await verifyBackup(out);
      expect(manifest).toMatchObject({
        database: { kind: 'pglite' },
        file_store: { kind: 'local', count: 2 },
      });
      const paths = manifest.entries.map((e) => e.path);
      expect(paths).toEqual(
        expect.arrayContaining([
          'database.pglite.tar.gz',
          'data-dir/jwt-secret',
          ...Object.keys(stored).map((k) => `files/${k}`),
        ]),
      );
      const sealFiles = readdirSync(join(dataDir, 'seal'), { withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => `data-dir/seal/${e.name}`);
      expect(sealFiles.length).toBeGreaterThan(0);
      expect(paths).toEqual(expect.arrayContaining(sealFiles));

      // Refused while the installation still holds its data; the message says why and how.
      const refused = await runCli(['restore', out], { DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(
        /the target is not empty \(an embedded database in .*\): restore with --force to replace it/,
      );

      rmSync(dataDir, { recursive: true, force: true });
      await restore(env, out);
      ({ app, database } = await open());
      expect(await snapshot(database.raw)).toEqual(tables);
      expect(await storedFiles(env)).toEqual(stored);
      // The restored installation works: the same login, the same file by its id.
      const again = await loginOf(app, DEMO.attorney);
      for (const [fileId, content] of files) {
        const down = await app.inject({
          method: 'GET',
          url: `/api/v1/documents/${documentId}/download?file_id=${fileId}`,
          headers: { authorization: `Bearer ${again}` },
        });
        expect(down.statusCode).toBe(200);
        expect(sha256(down.rawPayload)).toBe(sha256(content));
      }
      await app.close();
      await database.raw.close();

      // --force replaces a non-empty target; a damaged backup is refused before anything is changed.
      expect((await restore(env, out, { force: true })).file_store.count).toBe(2);
      const damaged = join(out, 'database.pglite.tar.gz');
      const bytes = readFileSync(damaged);
      bytes[bytes.length - 10] = bytes[bytes.length - 10]! ^ 0xff;
      writeFileSync(damaged, bytes);
      await expect(restore(env, out, { force: true })).rejects.toThrow(
        'database.pglite.tar.gz does not match its checksum: the backup is damaged',
      );
      await expect(backup(env, out)).rejects.toThrow(/is not empty: choose a new folder/);
      // A backup that fails (no embedded database here) leaves no half-written folder behind.
      const nowhere = join(out, '..', 'failed');
      await expect(backup({ ...env, DATA_DIR: temp('no-database') }, nowhere)).rejects.toThrow(
        /no embedded database in/,
      );
      expect(existsSync(nowhere)).toBe(false);
    }, 180_000);
  },
);

describe.skipIf(!process.env.DATABASE_URL)('backup and restore on PostgreSQL and S3', () => {
  let s3: S3TestServer;
  let t: TestApp;

  it('round-trips a running installation: pg_dump, wipe, pg_restore: every table and every S3 object identical', async () => {
    s3 = await startS3Server();
    cleanups.push(() => s3.close());
    t = await createTestApp({ ...s3.env });
    cleanups.push(() => t.close());
    const out = join(temp('backup-pg'), 'backup');
    cleanups.push(() => rmSync(join(out, '..'), { recursive: true, force: true }));
    const token = await t.login(DEMO.attorney);
    const me = (await t.as(token).get('/api/v1/users/me')).json();
    const { documentId, files } = await addCaseFiles(t.inject, token, me.firm_id, me.branch_id);
    const tables = await settledSnapshot(t.database.raw);
    const stored = await storedFiles(t.env);
    expect(Object.keys(stored)).toHaveLength(2);

    const manifest = await backup(t.env, out);
    expect(manifest).toMatchObject({
      database: { kind: 'postgres', file: 'database.pgdump' },
      file_store: { kind: 's3', count: 2 },
    });

    // Wipe: the database's schema and every object of the bucket.
    const admin = new pg.Client({ connectionString: t.env.DATABASE_URL });
    await admin.connect();
    await admin.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    await admin.end();
    for (const key of Object.keys(stored)) await t.app.deps.files.delete(key);
    expect(await s3.objectKeys()).toEqual([]);
    rmSync(join(t.env.DATA_DIR, 'seal'), { recursive: true, force: true });
    rmSync(join(t.env.DATA_DIR, 'jwt-secret'), { force: true });

    await restore(t.env, out);
    expect(await snapshot(t.database.raw)).toEqual(tables);
    expect(await storedFiles(t.env)).toEqual(stored);
    for (const [fileId, content] of files) {
      const down = await t.as(token).get(`/api/v1/documents/${documentId}/download?file_id=${fileId}`);
      expect(down.statusCode).toBe(200);
      expect(sha256(down.rawPayload)).toBe(sha256(content));
    }
    await expect(restore(t.env, out)).rejects.toThrow(
      /the target is not empty \(the database has \d+ tables; the file store holds files/,
    );
    // A PostgreSQL backup is not restored into the embedded database.
    await expect(
      restore({ ...t.env, DATABASE_URL: undefined, DATA_DIR: temp('empty') }, out),
    ).rejects.toThrow("the backup's database is PostgreSQL: restore it with DATABASE_URL set");
  }, 180_000);
});

/** Runs `tsx src/ops.ts …` (what `pnpm backup` / `pnpm restore` run) with the given variables. */
function runCli(
  args: string[],
  vars: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(join(apiRoot, 'node_modules', '.bin', 'tsx'), ['src/ops.ts', ...args], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'silent', ...vars },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}
