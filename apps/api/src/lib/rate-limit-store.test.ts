import { describe, expect, it } from 'vitest';
import { SharedRateLimitStore } from './rate-limit-store';
import type { SharedCounters, WindowCount } from './shared-counters';

/** Counters in memory with a log of round trips: what the store asks of the shared store. */
class CountingCounters implements SharedCounters {
  readonly kind = 'database' as const;
  readonly counts = new Map<string, { count: number; expiresAt: number }>();
  roundTrips = 0;
  async increment(key: string, windowMs: number, by = 1): Promise<WindowCount> {
    this.roundTrips++;
    const now = Date.now();
    const c = this.counts.get(key);
    const next =
      c && c.expiresAt > now
        ? { count: c.count + by, expiresAt: c.expiresAt }
        : { count: by, expiresAt: now + windowMs };
    this.counts.set(key, next);
    return { count: next.count, ttlMs: next.expiresAt - now };
  }
  async read(key: string): Promise<WindowCount> {
    const c = this.counts.get(key);
    return c ? { count: c.count, ttlMs: c.expiresAt - Date.now() } : { count: 0, ttlMs: 0 };
  }
  async reset(key: string) {
    this.counts.delete(key);
  }
  async sweep() {}
  async close() {}
}

const incr = (store: SharedRateLimitStore, key: string, max: number, windowMs = 60_000) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), windowMs, max),
  );
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('shared rate-limit store', () => {
  it('answers hits far below the limit from its own copy and adds them to the shared count within 100 ms', async () => {
    const counters = new CountingCounters();
    const store = new SharedRateLimitStore(counters).child({
      routeInfo: { method: 'GET', url: '/verify/:id' },
    });
    const currents: number[] = [];
    for (let i = 0; i < 50; i++) currents.push((await incr(store, '203.0.113.1', 1000)).current);
    expect(currents).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(counters.roundTrips).toBe(1);
    await sleep(200);
    expect(counters.roundTrips).toBe(2);
    expect((await counters.read('rl:GET/verify/:id:203.0.113.1')).count).toBe(50);
  });

  it('counts in the shared store from half the limit up, seeing the other processes’ hits, and refuses past it', async () => {
    const counters = new CountingCounters();
    const a = new SharedRateLimitStore(counters);
    const b = new SharedRateLimitStore(counters);
    const seen: number[] = [];
    for (let i = 0; i < 12; i++) seen.push((await incr(i % 2 ? b : a, 'client', 10)).current);
    // Every hit counted once across both: the 11th and 12th are over the limit of 10.
    expect(seen.slice(-2).every((c) => c > 10)).toBe(true);
    expect(seen.filter((c) => c <= 10)).toHaveLength(10);
    await sleep(200);
    expect((await counters.read('rl:client')).count).toBe(12);
  });

  it('answers a key already over its limit without a round trip', async () => {
    const counters = new CountingCounters();
    const store = new SharedRateLimitStore(counters);
    for (let i = 0; i < 5; i++) await incr(store, 'k', 2);
    const before = counters.roundTrips;
    for (let i = 0; i < 20; i++) expect((await incr(store, 'k', 2)).current).toBeGreaterThan(2);
    expect(counters.roundTrips).toBe(before);
  });
});
