import { mkdirSync } from 'node:fs';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { restrictDataDir } from '../config/data-dir';
import * as schema from './schema/index';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; accepted wherever a `Db` is (repositories take either). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Driver-level access for what Drizzle does not cover: migrations, LISTEN/NOTIFY. */
export type RawDb = {
  kind: 'pglite' | 'postgres';
  exec(sql: string): Promise<void>;
  /** Runs a multi-statement script in one transaction on one connection. */
  execInTransaction(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Subscribes to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
};

export type Database = { db: Db; raw: RawDb };

/** A LIKE/ILIKE pattern for "contains", with the user's %, _ and \ taken literally. */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Whether an update has anything to set (Drizzle skips undefined values and refuses an empty SET). */
export const hasChanges = (values: object): boolean => Object.values(values).some((v) => v !== undefined);

/** The rows of a raw `execute` result: both drivers (pg and PGlite) answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] =>
  ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

export type DatabaseOptions = { url?: string; dataDir?: string; memory?: boolean };

/** PostgreSQL through `pg` when a URL is given, otherwise embedded PGlite (on disk, or in memory for tests). */
export async function createDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) return createPostgres(opts.url);
  return createPglite(opts.memory ? undefined : opts.dataDir);
}

/**
 * PGlite's files: its file system layer (Emscripten's) sets every file it creates to 0666 itself, past the process
 * umask; folders keep the umask (0700). Its folder is made private again when it opens, every few minutes while it
 * runs, and when it closes.
 */
const PGLITE_RESTRICT_MS = 5 * 60_000;

/** PGlite (a WASM build of PostgreSQL) is loaded only in the embedded mode, so a server on PostgreSQL never pays for it. */
async function createPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ]);
  const client = new PGlite(dataDir);
  await client.waitReady;
  const restrict = () => {
    if (dataDir) restrictDataDir(dataDir);
  };
  restrict();
  const restrictTimer = dataDir ? setInterval(restrict, PGLITE_RESTRICT_MS).unref() : undefined;
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  const raw: RawDb = {
    kind: 'pglite',
    exec: async (sql) => {
      await client.exec(sql);
    },
    execInTransaction: async (sql) => {
      await client.transaction(async (tx) => {
        await tx.exec(sql);
      });
    },
    query: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
    listen: async (channel, onPayload) => {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    notify: async (channel, payload) => {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close: async () => {
      clearInterval(restrictTimer);
      await client.close();
      restrict();
    },
  };
  return { db, raw };
}

async function createPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client whose connection drops (server restart, failover) must not crash the process.
  pool.on('error', (err) => console.error('[db] idle client error:', err.message));
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  let listener: Promise<pg.Client> | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  /** One dedicated connection for LISTEN, opened on first use (concurrent callers share it). */
  const listenerClient = () =>
    (listener ??= (async () => {
      const client = new pg.Client({ connectionString: url });
      client.on('error', (err) => console.error('[db] listener connection error:', err.message));
      client.on('notification', (msg) => {
        for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
      });
      await client.connect();
      return client;
    })());
  const raw: RawDb = {
    kind: 'postgres',
    exec: async (sql) => {
      await pool.query(sql);
    },
    execInTransaction: async (sql) => {
      const conn = await pool.connect();
      try {
        await conn.query('BEGIN');
        await conn.query(sql);
        await conn.query('COMMIT');
      } catch (err) {
        await conn.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        conn.release();
      }
    },
    query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as T[],
    listen: async (channel, onPayload) => {
      const client = await listenerClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    notify: async (channel, payload) => {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close: async () => {
      const client = await listener?.catch(() => undefined);
      await client?.end().catch(() => undefined);
      await pool.end();
    },
  };
  return { db, raw };
}
