import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTestApp, DEMO, DEMO_PASSWORD, type TestApp } from './build-app';

const REDIS_URL = process.env.REDIS_URL;
/** A client address of its own per test run (Redis keeps counts between runs for their window). */
const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/**
 * Two apps on one database (and one Redis when REDIS_URL is set), as two API processes behind a load balancer: their
 * limits count together. The two-process test (cluster.test.ts) does the same with real processes on PostgreSQL.
 */
const modes: [string, Record<string, string>][] = [['database', {}]];
if (REDIS_URL) modes.push(['redis', { REDIS_URL }]);

describe.each(modes)('limits shared by two app instances (%s)', (_kind, extra) => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '3', VERIFY_RATE_LIMIT: '4', TRUST_PROXY: '1', ...extra });
    other = await buildApp({ env: t.env, database: t.database, logger: false });
    await other.ready();
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });
  const apps = () => [t.app, other];

  it('wrong passwords alternating between the instances are throttled, with the same 429 and message', async () => {
    const from = address();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await apps()[i % 2]!.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: DEMO.attorney, password: 'Bad@12345' },
        remoteAddress: from,
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429)
        expect(res.json()).toMatchObject({
          detail: 'Too many login attempts. Please wait a moment and try again.',
        });
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // The guessing address is refused on either instance, even with the right password…
    for (const app of apps()) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: DEMO.attorney, password: DEMO_PASSWORD },
        remoteAddress: from,
      });
      expect(res.statusCode).toBe(429);
    }
    // …the owner, from their own address, logs in on either.
    const owner = address();
    for (const app of apps()) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: DEMO.attorney, password: DEMO_PASSWORD },
        remoteAddress: owner,
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('counts wrong passwords sent at once to both instances: no more than the limit get an answer', async () => {
    const from = address();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        apps()[i % 2]!.inject({
          method: 'POST',
          url: '/api/v1/users/login',
          payload: { email: DEMO.branchAdmin, password: 'Bad@12345' },
          remoteAddress: from,
        }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(3).fill(401), ...Array(7).fill(429)]);
  });

  it('behind one trusted proxy (TRUST_PROXY=1), counts the client address the proxy names', async () => {
    const proxy = address();
    const guesser = address();
    const login = (app: FastifyInstance, password: string, client: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: DEMO.sheriff, password },
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': client },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await login(apps()[i % 2]!, 'Bad@12345', guesser)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another client behind the same proxy is not the guesser.
    expect((await login(other, DEMO_PASSWORD, address())).statusCode).toBe(200);
    // Only the nearest hop is trusted: an address the client itself put in front is not taken.
    expect((await login(t.app, DEMO_PASSWORD, `${address()}, ${guesser}`)).statusCode).toBe(429);
  });

  it('a per-address route limit counts requests to both instances together', async () => {
    const from = address();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await apps()[i % 2]!.inject({
        method: 'GET',
        url: '/api/v1/verify/LS-NOT-A-REAL-ID',
        remoteAddress: from,
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json()).toMatchObject({ code: 'VERIFY_RATE_LIMITED' });
    }
    expect(statuses.slice(0, 4)).not.toContain(429);
    expect(statuses.slice(4)).toEqual([429, 429]);
    // Another address has its own count.
    expect(
      (
        await other.inject({
          method: 'GET',
          url: '/api/v1/verify/LS-NOT-A-REAL-ID',
          remoteAddress: address(),
        })
      ).statusCode,
    ).not.toBe(429);
  });
});

describe.skipIf(REDIS_URL)('limits shared by two app instances (redis)', () => {
  it.skip('needs REDIS_URL (for example redis://127.0.0.1:6379); the database mode is tested above', () =>
    undefined);
});
