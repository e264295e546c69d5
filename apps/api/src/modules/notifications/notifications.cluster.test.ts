import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '../../../test/build-app';
import { settleEvents } from '../../../test/settle-events';
import { TestSocket } from '../../../test/ws-client';
import { buildApp } from '../../app';
import { loadEnv } from '../../config/env';
import { createDatabase, type Database } from '../../db/client';
import { migrate } from '../../db/migrate';
import { seed } from '../../seed';
import { notifyUsers } from './notifications.service';

/**
 * Two API instances on one PostgreSQL database, as behind a load balancer: each has its own connection pool and
 * its own LISTEN connection. A notification created through one reaches a socket held by the other.
 * Runs against DATABASE_URL, else the local server; skipped only when neither is set nor reachable.
 */
const BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const available = Boolean(process.env.DATABASE_URL) || (await reachable(BASE_URL));

type Instance = { app: FastifyInstance; database: Database; url: string; wsUrl: string };

describe.skipIf(!available)('two API instances on one PostgreSQL database', () => {
  const dbName = `lexserve_cluster_${randomBytes(6).toString('hex')}`;
  let dbUrl = '';
  let a: Instance;
  let b: Instance;
  const sockets: TestSocket[] = [];

  async function startInstance(): Promise<Instance> {
    const database = await createDatabase({ url: dbUrl });
    const env = loadEnv(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        BCRYPT_COST: '4',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'lexserve-cluster-')),
        JWT_SECRET: 'cluster-secret-cluster-secret-cluster-0123',
        LOGIN_RATE_LIMIT: '1000',
      },
      { DATABASE_URL: dbUrl },
    );
    const app = await buildApp({ env, database, logger: false });
    await seed(database.db, env, app.log);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, database, url, wsUrl: `${url.replace('http', 'ws')}/api/v1/ws/notifications` };
  }

  const request = async (i: Instance, method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${i.url}/api/v1${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => undefined)) as Record<string, unknown> };
  };
  const login = async (i: Instance, email: string, password = DEMO_PASSWORD) =>
    (await request(i, 'POST', '/users/login', undefined, { email, password })).body.access_token as string;
  const authed = async (i: Instance, token: string) => {
    const s = await TestSocket.authenticated(i.wsUrl, token);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: BASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(BASE_URL);
    url.pathname = `/${dbName}`;
    dbUrl = url.toString();
    const migrator = await createDatabase({ url: dbUrl });
    await migrate(migrator.raw);
    await migrator.raw.close();
    a = await startInstance();
    b = await startInstance();
  });

  afterAll(async () => {
    for (const s of sockets) s.close();
    for (const i of [a, b]) {
      if (!i) continue;
      await settleEvents(i.app).catch(() => undefined);
      await i.app.close();
      await i.database.raw.close();
    }
    const admin = new pg.Client({ connectionString: BASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  it('pushes a notification created through instance A to the socket held by instance B', async () => {
    const token = await login(a, DEMO.attorney);
    const me = (await request(a, 'GET', '/users/me', token)).body;
    const onB = await authed(b, token);
    await notifyUsers(a.database.db, {
      userIds: [me.id as number],
      title: 'Created on A',
      message: 'Delivered by B',
      type: 'status_update',
      email: false,
    });
    const pushed = await onB.next('new_notification');
    expect(pushed.notification).toMatchObject({ title: 'Created on A', user_id: me.id });
    expect((await onB.next('stats_update')).stats.unread_count).toBeGreaterThan(0);
  });

  it('delivers a notification caused by an HTTP call on A, and A’s read update, to sockets on both instances', async () => {
    const adminToken = await login(a, DEMO.firmAdmin);
    const adminMe = (await request(a, 'GET', '/users/me', adminToken)).body;
    const created = await request(a, 'POST', '/users/create-firm-user', adminToken, {
      email: `cluster-${randomBytes(3).toString('hex')}@demo.co.za`,
      full_name: 'Cluster Attorney',
      role: 'legal_practitioner',
      branch_id: adminMe.branch_id,
    });
    expect(created.status).toBe(201);
    const user = created.body.user as { id: number; email: string };
    const generated = created.body.generated_password as string;
    const token = await login(b, user.email, generated);
    // A generated password is replaced before any other call (must_change_password).
    const chosen = {
      current_password: generated,
      new_password: 'Chosen@2025',
      confirm_password: 'Chosen@2025',
    };
    expect((await request(b, 'POST', '/users/change-password', token, chosen)).status).toBe(200);
    await settleEvents(a.app);
    const onA = await authed(a, token);
    const onB = await authed(b, token);

    const changed = await request(a, 'PUT', `/users/change-role/${user.id}`, adminToken, {
      new_role: 'branch_admin',
      reason: 'Promotion',
    });
    expect(changed.status).toBe(200);
    const fromA = (await onA.next('new_notification')).notification;
    const fromB = (await onB.next('new_notification')).notification;
    expect(fromB).toEqual(fromA);
    expect(fromB.title).toBe('Your role has changed');

    expect((await request(a, 'PUT', `/notifications/${fromB.notification_id}/read`, token)).status).toBe(200);
    for (const s of [onA, onB]) {
      expect((await s.next('notification_update')).notification).toMatchObject({
        notification_id: fromB.notification_id,
        is_read: true,
      });
    }
  });

  it('closes a deactivated user’s socket on the other instance with 1008', async () => {
    const adminToken = await login(a, DEMO.firmAdmin);
    const adminMe = (await request(a, 'GET', '/users/me', adminToken)).body;
    const created = await request(a, 'POST', '/users/create-firm-user', adminToken, {
      email: `leaver-${randomBytes(3).toString('hex')}@demo.co.za`,
      full_name: 'Leaving Attorney',
      role: 'legal_practitioner',
      branch_id: adminMe.branch_id,
    });
    const user = created.body.user as { id: number; email: string };
    const onB = await authed(b, await login(b, user.email, created.body.generated_password as string));
    const res = await request(a, 'PUT', `/users/activate-deactivate/${user.id}`, adminToken, {
      is_active: false,
      reason: 'Left',
    });
    expect(res.status).toBe(200);
    expect((await onB.closed).code).toBe(1008);
  });
});
