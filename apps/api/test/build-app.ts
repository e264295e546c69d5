import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject as provided } from 'vitest';
import { buildApp } from '../src/app';
import { loadEnv, type Env } from '../src/config/env';
import { createDatabase, type Database } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seed } from '../src/seed';

export const DEMO_PASSWORD = 'Demo@12345';

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on the PostgreSQL
 * server of DATABASE_URL (created here, dropped at the end).
 */
async function freshDatabase(): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const database = await createDatabase({ memory: true });
    return { database, drop: async () => undefined };
  }
  const name = `lexserve_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await createDatabase({ url: url.toString() });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  env: Env;
  database: Database;
  inject: (opts: InjectOptions) => Promise<LightMyRequestResponse>;
  /** Logs in and answers the access token. */
  login: (email: string, password?: string) => Promise<string>;
  /** Sends a request as the given bearer token. */
  as: (token: string) => {
    get: (url: string) => Promise<LightMyRequestResponse>;
    delete: (url: string) => Promise<LightMyRequestResponse>;
    post: (url: string, payload?: unknown) => Promise<LightMyRequestResponse>;
    put: (url: string, payload?: unknown) => Promise<LightMyRequestResponse>;
  };
  close: () => Promise<void>;
};

export async function createTestApp(overrides: Partial<Record<keyof Env, string>> = {}): Promise<TestApp> {
  const { database, url, drop } = await freshDatabase();
  await migrate(database.raw);
  const dataDir = mkdtempSync(join(tmpdir(), 'lexserve-test-'));
  // The seal's local CA and keys from the run's template (test/global-setup.ts): the CA's RSA-3072 key is slow to make.
  cpSync(join(provided('sealTemplateDir'), 'seal'), join(dataDir, 'seal'), { recursive: true });
  const env = loadEnv(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      BCRYPT_COST: '4',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      LOGIN_RATE_LIMIT: '1000',
      PUBLIC_RATE_LIMIT: '100000',
      ITN_RATE_LIMIT: '100000',
      ...overrides,
    },
    url ? { DATABASE_URL: url } : {},
  );
  const app = await buildApp({ env, database, logger: false });
  await seed(database.db, env, app.log);
  await app.ready();

  const inject = (opts: InjectOptions) => app.inject(opts);
  const login = async (email: string, password = DEMO_PASSWORD) => {
    const res = await inject({ method: 'POST', url: '/api/v1/users/login', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    return res.json().access_token as string;
  };
  const as = (token: string) => {
    const headers = { authorization: `Bearer ${token}` };
    return {
      get: (u: string) => inject({ method: 'GET', url: u, headers }),
      delete: (u: string) => inject({ method: 'DELETE', url: u, headers }),
      post: (u: string, payload?: unknown) =>
        inject({ method: 'POST', url: u, headers, payload: payload as object }),
      put: (u: string, payload?: unknown) =>
        inject({ method: 'PUT', url: u, headers, payload: payload as object }),
    };
  };
  return {
    app,
    env,
    database,
    inject,
    login,
    as,
    close: async () => {
      await app.close();
      await database.raw.close();
      await drop();
    },
  };
}

/** One app per test file: `const t = useTestApp();` then `t().inject(...)` inside tests. */
export function useTestApp(overrides?: Partial<Record<keyof Env, string>>): () => TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(overrides);
  });
  afterAll(async () => {
    await current?.close();
  });
  return () => {
    if (!current) throw new Error('test app not ready');
    return current;
  };
}

export const DEMO = {
  admin: 'admin@lexserve.co.za',
  firmAdmin: 'firmadmin@demo.co.za',
  branchAdmin: 'branchadmin@demo.co.za',
  attorney: 'attorney@demo.co.za',
  sheriff: 'sheriff@demo.co.za',
} as const;
