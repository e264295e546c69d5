import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Env } from '../config/env';
import { createFileStore, type FileStore } from './storage';

/**
 * Backup and restore of a whole installation, in either mode: the database (PostgreSQL through pg_dump / pg_restore;
 * the embedded PGlite as its data directory, taken while the server is stopped) and the file store (DATA_DIR/files or
 * the S3 bucket), plus DATA_DIR's own keys (the local seal and time-stamp keys, the embedded JWT secret). One folder:
 * manifest.json lists every file in it with its size and SHA-256; restore checks them all before it changes anything.
 */

export type OpsEnv = Pick<
  Env,
  | 'DATA_DIR'
  | 'DATABASE_URL'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
>;

type Entry = { path: string; size: number; sha256: string };
export type Manifest = {
  format: 'lexserve-backup';
  version: 1;
  created_at: string;
  database: { kind: 'postgres' | 'pglite'; file: string };
  file_store: { kind: 'local' | 's3'; count: number; bytes: number };
  /** Every file of the backup but the manifest, with its size and SHA-256. */
  entries: Entry[];
};

/** A problem the operator must act on (a non-empty target, a damaged backup): the CLI prints it and exits 1. */
export class OpsError extends Error {
  override name = 'OpsError';
}

const DATABASE_FILE = { postgres: 'database.pgdump', pglite: 'database.pglite.tar.gz' } as const;
/** DATA_DIR's own state that is neither the database nor the file store. */
const DATA_DIR_KEEP = ['seal', 'jwt-secret'];
const FILES_DIR = 'files';

const hashing = (hash: ReturnType<typeof createHash>, count: { bytes: number }) =>
  new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      count.bytes += chunk.length;
      done(null, chunk);
    },
  });

async function sha256File(path: string): Promise<Entry> {
  const hash = createHash('sha256');
  const count = { bytes: 0 };
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    count.bytes += (chunk as Buffer).length;
  }
  return { path, size: count.bytes, sha256: hash.digest('hex') };
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', (err) =>
      reject(
        new OpsError(`${cmd} could not be started (${err.message}); install the PostgreSQL client tools`),
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new OpsError(`${cmd} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

async function filesUnder(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) out.push(path);
    }
  };
  await walk(root);
  return out;
}

const isEmptyDir = async (dir: string) => !existsSync(dir) || (await readdir(dir)).length === 0;

/** Writes a backup of the installation into `out` (a new or empty folder); answers its manifest. A failed backup leaves the folder as it was. */
export async function backup(env: OpsEnv, out: string): Promise<Manifest> {
  if (!(await isEmptyDir(out))) throw new OpsError(`${out} is not empty: choose a new folder for the backup`);
  const created = !existsSync(out);
  await mkdir(out, { recursive: true, mode: 0o700 });
  try {
    return await writeBackup(env, out);
  } catch (err) {
    if (created) await rm(out, { recursive: true, force: true });
    else for (const name of await readdir(out)) await rm(join(out, name), { recursive: true, force: true });
    throw err;
  }
}

async function writeBackup(env: OpsEnv, out: string): Promise<Manifest> {
  const kind = env.DATABASE_URL ? 'postgres' : 'pglite';
  const databaseFile = join(out, DATABASE_FILE[kind]);
  if (env.DATABASE_URL) {
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${databaseFile}`,
      `--dbname=${env.DATABASE_URL}`,
    ]);
  } else {
    const dir = join(env.DATA_DIR, 'pglite');
    if (!existsSync(join(dir, 'PG_VERSION'))) throw new OpsError(`no embedded database in ${dir}`);
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(dir);
    await db.waitReady;
    try {
      const dump = await db.dumpDataDir('gzip');
      await writeFile(databaseFile, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    } finally {
      await db.close();
    }
  }

  const store = createFileStore(env);
  let count = 0;
  let bytes = 0;
  for await (const { key } of store.list('')) {
    if (key.endsWith('.part')) continue; // a write that never finished
    const path = join(out, FILES_DIR, ...key.split('/'));
    await mkdir(dirname(path), { recursive: true });
    const tally = { bytes: 0 };
    await pipeline(
      await store.get(key),
      hashing(createHash('sha256'), tally),
      createWriteStream(path, { mode: 0o600 }),
    );
    count++;
    bytes += tally.bytes;
  }

  for (const name of DATA_DIR_KEEP) {
    const from = join(env.DATA_DIR, name);
    if (existsSync(from)) await cp(from, join(out, 'data-dir', name), { recursive: true });
  }

  const entries: Entry[] = [];
  for (const path of (await filesUnder(out)).sort()) {
    const entry = await sha256File(path);
    entries.push({ ...entry, path: relative(out, path).split(sep).join('/') });
  }
  const manifest: Manifest = {
    format: 'lexserve-backup',
    version: 1,
    created_at: new Date().toISOString(),
    database: { kind, file: DATABASE_FILE[kind] },
    file_store: { kind: store.kind, count, bytes },
    entries,
  };
  await writeFile(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

/** Reads a backup's manifest and checks every file it lists (size and SHA-256), and that nothing else is there. */
export async function verifyBackup(from: string): Promise<Manifest> {
  const raw = await readFile(join(from, 'manifest.json'), 'utf8').catch(() => {
    throw new OpsError(`${from} has no manifest.json: not a LexServe backup`);
  });
  const manifest = JSON.parse(raw) as Manifest;
  if (manifest.format !== 'lexserve-backup' || manifest.version !== 1)
    throw new OpsError(`${from}: unknown backup format`);
  const listed = new Set(manifest.entries.map((e) => e.path));
  for (const path of await filesUnder(from)) {
    const rel = relative(from, path).split(sep).join('/');
    if (rel !== 'manifest.json' && !listed.has(rel))
      throw new OpsError(`${rel} is in the backup but not in its manifest`);
  }
  for (const entry of manifest.entries) {
    const path = join(from, ...entry.path.split('/'));
    if (!existsSync(path)) throw new OpsError(`${entry.path} is missing from the backup`);
    const actual = await sha256File(path);
    if (actual.size !== entry.size || actual.sha256 !== entry.sha256)
      throw new OpsError(`${entry.path} does not match its checksum: the backup is damaged`);
  }
  return manifest;
}

/** What the target already holds; restore refuses to write over any of it without `force`. */
async function targetContents(env: OpsEnv, store: FileStore): Promise<string[]> {
  const found: string[] = [];
  if (env.DATABASE_URL) {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`,
      );
      if (rows[0]!.n > 0) found.push(`the database has ${rows[0]!.n} tables`);
    } finally {
      await client.end();
    }
  } else if (existsSync(join(env.DATA_DIR, 'pglite'))) {
    found.push(`an embedded database in ${join(env.DATA_DIR, 'pglite')}`);
  }
  for await (const { key } of store.list('')) {
    found.push(`the file store holds files (${key}, …)`);
    break;
  }
  for (const name of DATA_DIR_KEEP)
    if (existsSync(join(env.DATA_DIR, name))) found.push(`${join(env.DATA_DIR, name)} exists`);
  return found;
}

/**
 * Restores a backup into the installation of `env` (its server stopped). Checks the whole backup first; refuses a
 * target that holds anything unless `force`, and then replaces it all. The database must be of the backup's kind; the
 * file store may be either (a backup from local disk restores into S3 and the other way round).
 */
export async function restore(env: OpsEnv, from: string, opts: { force?: boolean } = {}): Promise<Manifest> {
  const manifest = await verifyBackup(from);
  const kind = env.DATABASE_URL ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) {
    throw new OpsError(
      `the backup's database is ${manifest.database.kind === 'postgres' ? 'PostgreSQL' : 'the embedded PGlite'}: restore it with ` +
        (manifest.database.kind === 'postgres' ? 'DATABASE_URL set' : 'DATABASE_URL unset'),
    );
  }
  const store = createFileStore(env);
  const present = await targetContents(env, store);
  if (present.length && !opts.force) {
    throw new OpsError(`the target is not empty (${present.join('; ')}): restore with --force to replace it`);
  }

  const databaseFile = join(from, manifest.database.file);
  if (env.DATABASE_URL) {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public');
    } finally {
      await client.end();
    }
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      `--dbname=${env.DATABASE_URL}`,
      databaseFile,
    ]);
  } else {
    const dir = join(env.DATA_DIR, 'pglite');
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(dir, { loadDataDir: new Blob([await readFile(databaseFile)]) });
    await db.waitReady;
    await db.close();
  }

  const keys: string[] = [];
  for await (const { key } of store.list('')) keys.push(key);
  for (const key of keys) await store.delete(key);
  for (const entry of manifest.entries) {
    if (!entry.path.startsWith(`${FILES_DIR}/`)) continue;
    const key = entry.path.slice(FILES_DIR.length + 1);
    const path = join(from, ...entry.path.split('/'));
    const size = (await stat(path)).size;
    const stored = await store.put(key, size > 0 ? createReadStream(path) : Buffer.alloc(0));
    if (stored.size !== entry.size) throw new OpsError(`${key} was not stored whole`);
  }

  for (const name of DATA_DIR_KEEP) {
    const target = join(env.DATA_DIR, name);
    await rm(target, { recursive: true, force: true });
    const source = join(from, 'data-dir', name);
    if (existsSync(source)) {
      await mkdir(env.DATA_DIR, { recursive: true, mode: 0o700 });
      await cp(source, target, { recursive: true });
    }
  }
  return manifest;
}
