import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/client';
import { streamToBuffer } from '../src/lib/storage';
import { findSubscriptionById } from '../src/modules/subscriptions/subscriptions.repository';
import { scheduleSubscriptionJobs } from '../src/modules/subscriptions/lifecycle.service';
import type { TestApp } from './build-app';
import { makePdf } from './document-factories';
import { subscribeFirm } from './factories';
import { multipart } from './multipart';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';
import { startS3Server, type S3TestServer } from './s3-server';
import { TestSocket } from './ws-client';

/**
 * Two real API processes (`tsx src/server.ts`) on one PostgreSQL database and one S3 store, behind a round-robin proxy
 * with no sticky sessions: what several instances behind a load balancer must get right. The login throttle is counted
 * in the database (or in Redis when REDIS_URL is set). Needs PostgreSQL: part of the database pass (`pnpm test:db`).
 */
const BASE_URL = process.env.DATABASE_URL;
const apiRoot = join(import.meta.dirname, '..');
const tsx = join(apiRoot, 'node_modules', '.bin', 'tsx');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

type Proc = { name: string; child: ChildProcess; port: number; output: () => string };

/** Starts `tsx src/server.ts` and answers once it listens (the port from its "Server listening at" log line). */
function startProcess(name: string, env: Record<string, string>): Promise<Proc> {
  const child = spawn(tsx, ['src/server.ts'], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start:\n${output.slice(-3000)}`)),
      90_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ name, child, port: Number(port), output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}):\n${output.slice(-3000)}`));
    });
  });
}

async function stopProcess(p: Proc | undefined) {
  if (!p || p.child.exitCode !== null) return;
  const exited = new Promise((r) => p.child.once('exit', r));
  p.child.kill('SIGTERM');
  const force = setTimeout(() => p.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(force);
}

describe.skipIf(!BASE_URL)(
  'two API processes on one PostgreSQL database and one S3 store, behind a round-robin proxy',
  () => {
    const dbName = `lexserve_cluster_${randomBytes(6).toString('hex')}`;
    const dataDirs: string[] = [];
    let s3: S3TestServer;
    let a: Proc | undefined;
    let b: Proc | undefined;
    let proxy: RoundRobinProxy;
    let database: Database;
    const sockets: TestSocket[] = [];

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: BASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      await admin.end();
      const url = new URL(BASE_URL!);
      url.pathname = `/${dbName}`;
      s3 = await startS3Server();
      const common = {
        DATABASE_URL: url.toString(),
        ...s3.env,
        ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
        JWT_SECRET: 'cluster-secret-cluster-secret-cluster-0123',
        LOG_LEVEL: 'info',
        BCRYPT_COST: '4',
        HOST: '127.0.0.1',
        PORT: '0',
        LOGIN_RATE_LIMIT: '3',
        JOB_POLL_SECONDS: '0.3',
        // Two trusted hops: the round-robin proxy, and the test acting as one more in front of it (naming other clients
        // in X-Forwarded-For); a request without one comes from the test's own address.
        TRUST_PROXY: '2',
      };
      const dataDir = () => {
        const dir = mkdtempSync(join(tmpdir(), 'lexserve-cluster-'));
        dataDirs.push(dir);
        // The same seal keys on every process (in production: SEAL_P12_PATH, or one shared DATA_DIR/seal).
        cpSync(join(inject('sealTemplateDir'), 'seal'), join(dir, 'seal'), { recursive: true });
        return dir;
      };
      // The first migrates and seeds; the second then finds both done.
      a = await startProcess('a', { ...common, DATA_DIR: dataDir() });
      b = await startProcess('b', { ...common, DATA_DIR: dataDir() });
      proxy = await startRoundRobinProxy([
        { name: 'a', port: a.port },
        { name: 'b', port: b.port },
      ]);
      database = await createDatabase({ url: url.toString() });
    }, 180_000);

    afterAll(async () => {
      for (const s of sockets) s.close();
      await proxy?.close();
      await Promise.all([stopProcess(a), stopProcess(b)]);
      await database?.raw.close();
      await s3?.close();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      const admin = new pg.Client({ connectionString: BASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }, 60_000);

    type Answer = { status: number; servedBy: string; body: Record<string, unknown>; raw: Buffer };
    const call = async (
      method: string,
      path: string,
      opts: { token?: string; json?: unknown; body?: Buffer; headers?: Record<string, string> } = {},
    ): Promise<Answer> => {
      const res = await fetch(`${proxy.url}/api/v1${path}`, {
        method,
        headers: {
          ...(opts.json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        },
        body: opts.json !== undefined ? JSON.stringify(opts.json) : opts.body && new Uint8Array(opts.body),
      });
      const raw = Buffer.from(await res.arrayBuffer());
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw.toString()) as Record<string, unknown>;
      } catch {
        // a file
      }
      return { status: res.status, servedBy: res.headers.get('x-served-by') ?? '', body, raw };
    };
    /** Sends a cheap request when needed so that the next call goes to `name`. */
    const nextGoesTo = async (name: string) => {
      if (proxy.peek() !== name) await fetch(`${proxy.url}/healthz`);
      expect(proxy.peek()).toBe(name);
    };
    const register = async () => {
      const id = randomBytes(4).toString('hex');
      const password = 'Firm@12345';
      const email = `admin-${id}@cluster.co.za`;
      const res = await call('POST', '/auth/register', {
        json: {
          full_name: `Admin ${id}`,
          email,
          password,
          confirm_password: password,
          firm_name: `Cluster ${id} Attorneys`,
          firm_email: `info-${id}@cluster.co.za`,
          firm_address: '1 Church Street, Pretoria, 0002',
          branch_name: 'Pretoria Main',
          practice_number: `PR-${id}`,
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const data = res.body.data as { user: { id: number }; firm: { id: number }; branch: { id: number } };
      // A trial on the unlimited plan, with its scheduled jobs (as after a first payment; the checkout is not the subject).
      const subscriptionId = await subscribeFirm({ database } as TestApp, data.firm.id, { status: 'trial' });
      await scheduleSubscriptionJobs(database.db, (await findSubscriptionById(database.db, subscriptionId))!);
      const login = await call('POST', '/users/login', { json: { email, password } });
      expect(login.status).toBe(200);
      return { ...data, subscriptionId, email, password, token: login.body.access_token as string };
    };

    it('registers on one process and works on the other; a file uploaded through one downloads through the other', async () => {
      const firm = await register();
      const me = await call('GET', '/users/me', { token: firm.token });
      expect(me.status).toBe(200);
      expect(new Set(proxy.served.map((s) => s.split(' ')[0]))).toEqual(new Set(['a', 'b']));

      const created = await call('POST', '/documents/', {
        token: firm.token,
        json: {
          title: 'Cluster draft',
          firm_id: firm.firm.id,
          branch_id: firm.branch.id,
          draft_metadata: { version: 1 },
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = (created.body.data as { id: number }).id;
      const content = await makePdf(2, 'Uploaded on one process');
      const { payload, headers } = multipart([
        { name: 'document_id', value: String(id) },
        { name: 'files', filename: 'cluster.pdf', content },
        { name: 'use_chunked_upload', value: 'false' },
      ]);
      const up = await call('POST', '/documents/upload', {
        token: firm.token,
        body: await streamToBuffer(payload),
        headers,
      });
      expect(up.status, JSON.stringify(up.body)).toBe(201);
      const fileId = (up.body.data as { files: { id: number }[] }).files[0]!.id;
      const down = await call('GET', `/documents/${id}/download?file_id=${fileId}`, { token: firm.token });
      expect(down.status).toBe(200);
      expect(down.servedBy).not.toBe(up.servedBy);
      expect(sha256(down.raw)).toBe(sha256(content));
      const [row] = await database.raw.query<{ storage_key: string }>(
        'SELECT storage_key FROM case_files WHERE id = $1',
        [fileId],
      );
      expect(await s3.objectKeys()).toContain(row!.storage_key);
    }, 120_000);

    it('a notification caused through one process arrives on a websocket held by the other', async () => {
      const firm = await register();
      const created = await call('POST', '/users/create-firm-user', {
        token: firm.token,
        json: {
          email: `member-${randomBytes(3).toString('hex')}@cluster.co.za`,
          full_name: 'Cluster Attorney',
          role: 'legal_practitioner',
          branch_id: firm.branch.id,
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const user = created.body.user as { id: number; email: string };
      const generated = created.body.generated_password as string;
      const token = (await call('POST', '/users/login', { json: { email: user.email, password: generated } }))
        .body.access_token as string;
      const chosen = {
        current_password: generated,
        new_password: 'Chosen@2025',
        confirm_password: 'Chosen@2025',
      };
      expect((await call('POST', '/users/change-password', { token, json: chosen })).status).toBe(200);

      const socketOn = proxy.peek();
      const socket = await TestSocket.authenticated(
        `${proxy.url.replace('http', 'ws')}/api/v1/ws/notifications`,
        token,
      );
      sockets.push(socket);
      expect(proxy.served.at(-1)).toMatch(new RegExp(`^${socketOn} GET /api/v1/ws/notifications`));
      const causedOn = socketOn === 'a' ? 'b' : 'a';
      await nextGoesTo(causedOn);
      const changed = await call('PUT', `/users/change-role/${user.id}`, {
        token: firm.token,
        json: { new_role: 'branch_admin', reason: 'Promotion' },
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(changed.servedBy).toBe(causedOn);
      const pushed = (await socket.next('new_notification')).notification as {
        title: string;
        user_id: number;
      };
      expect(pushed).toMatchObject({ title: 'Your role has changed', user_id: user.id });
    }, 120_000);

    it('runs each due scheduled job once, though both processes poll the jobs table', async () => {
      const firms = [await register(), await register(), await register(), await register()];
      const ids = firms.map((f) => f.subscriptionId);
      // Their trial reminders (scheduled at registration for days later) fall due now.
      const due = await database.raw.query<{ id: number }>(
        `UPDATE jobs SET run_at = now() WHERE name = 'subscriptions.trial-reminder' AND (payload->>'subscriptionId')::int = ANY($1::int[]) RETURNING id`,
        [ids],
      );
      expect(due).toHaveLength(4);
      const deadline = Date.now() + 30_000;
      let done: { attempts: number; done_at: Date | null }[] = [];
      while (Date.now() < deadline) {
        done = await database.raw.query('SELECT attempts, done_at FROM jobs WHERE id = ANY($1::bigint[])', [
          due.map((d) => d.id),
        ]);
        if (done.every((j) => j.done_at)) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      // Claimed once each (a second claim would have counted a second attempt), and one effect each.
      expect(done.map((j) => [j.attempts, Boolean(j.done_at)])).toEqual(Array(4).fill([1, true]));
      const events = await database.raw.query<{ n: number; sub: string }>(
        `SELECT payload->>'subscriptionId' AS sub, count(*)::int AS n FROM domain_events
       WHERE type = 'subscription.trial_ending' AND (payload->>'subscriptionId')::int = ANY($1::int[]) GROUP BY 1`,
        [ids],
      );
      expect(events.map((e) => e.n)).toEqual([1, 1, 1, 1]);
    }, 120_000);

    it('counts wrong passwords across both processes: alternating between them is throttled', async () => {
      const firm = await register();
      const attempts: Answer[] = [];
      for (let i = 0; i < 4; i++)
        attempts.push(
          await call('POST', '/users/login', { json: { email: firm.email, password: 'Wrong@12345' } }),
        );
      expect(attempts.map((r) => r.status)).toEqual([401, 401, 401, 429]);
      expect(new Set(attempts.map((r) => r.servedBy))).toEqual(new Set(['a', 'b']));
      expect(attempts[3]!.body.detail).toBe('Too many login attempts. Please wait a moment and try again.');
      // Refused on either process, even with the right password, from the guessing address…
      for (let i = 0; i < 2; i++)
        expect(
          (await call('POST', '/users/login', { json: { email: firm.email, password: firm.password } }))
            .status,
        ).toBe(429);
      // …while the owner, from another address (the proxy adds theirs), logs in.
      const owner = await call('POST', '/users/login', {
        json: { email: firm.email, password: firm.password },
        headers: { 'x-forwarded-for': '198.51.100.20' },
      });
      expect(owner.status).toBe(200);
    }, 60_000);
  },
);

describe.skipIf(BASE_URL)('two API processes behind a round-robin proxy', () => {
  it.skip('needs PostgreSQL: set DATABASE_URL (the database pass, `pnpm test:db`, runs it)', () => undefined);
});
