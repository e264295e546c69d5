import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { DatabaseCounters, RedisCounters, type SharedCounters } from './shared-counters';

const REDIS_URL = process.env.REDIS_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The database of the run: PostgreSQL when DATABASE_URL is set (two connections, as two processes), else PGlite. */
let database: Database;
let second: Database | undefined;
beforeAll(async () => {
  database = await createDatabase(
    process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { memory: true },
  );
  await migrate(database.raw);
  if (process.env.DATABASE_URL) second = await createDatabase({ url: process.env.DATABASE_URL });
}, 60_000);
afterAll(async () => {
  await second?.raw.close();
  await database?.raw.close();
});

const modes: [string, () => Promise<[SharedCounters, SharedCounters]>][] = [
  ['database', async () => [new DatabaseCounters(database), new DatabaseCounters(second ?? database)]],
];
if (REDIS_URL) {
  modes.push([
    'redis',
    async () => {
      const { Redis } = await import('ioredis');
      const prefix = `lexserve-test:${randomBytes(4).toString('hex')}:`;
      return [
        new RedisCounters(new Redis(REDIS_URL), prefix),
        new RedisCounters(new Redis(REDIS_URL), prefix),
      ];
    },
  ]);
}

describe.each(modes)('shared counters (%s)', (kind, make) => {
  let a: SharedCounters;
  let b: SharedCounters;
  beforeAll(async () => {
    [a, b] = await make();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });
  const key = () => `test:${randomBytes(6).toString('hex')}`;

  it('counts hits from two clients at once without losing one', async () => {
    const k = key();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).increment(k, 60_000)),
    );
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect((await a.read(k)).count).toBe(40);
    expect((await b.increment(k, 60_000, 5)).count).toBe(45);
    const { ttlMs } = await a.read(k);
    expect(ttlMs).toBeGreaterThan(50_000);
    expect(ttlMs).toBeLessThanOrEqual(60_000);
  });

  it('starts a new window when the old one is over, and resets on demand', async () => {
    const k = key();
    await a.increment(k, 300);
    expect((await b.increment(k, 300)).count).toBe(2);
    await sleep(400);
    expect(await a.read(k)).toEqual({ count: 0, ttlMs: 0 });
    expect((await b.increment(k, 300)).count).toBe(1);
    await a.reset(k);
    expect((await b.read(k)).count).toBe(0);
    expect(kind).toBe(a.kind);
  });

  it('gives hits back, never below zero', async () => {
    const k = key();
    await a.increment(k, 60_000, 2);
    expect((await b.increment(k, 60_000, -1)).count).toBe(1);
    expect((await b.increment(k, 60_000, -5)).count).toBe(0);
    expect((await a.increment(key(), 60_000, -1)).count).toBe(0);
    expect((await a.increment(k, 60_000)).count).toBe(1);
  });

  it.runIf(kind === 'database')('sweeps expired counts from the table', async () => {
    const k = key();
    await a.increment(k, 50);
    await sleep(100);
    await a.sweep();
    expect(await database.raw.query('SELECT key FROM rate_counters WHERE key = $1', [k])).toEqual([]);
  });
});

describe.skipIf(REDIS_URL)('shared counters (redis)', () => {
  it.skip('needs REDIS_URL (for example redis://127.0.0.1:6379); the database counters are tested above', () =>
    undefined);
});
