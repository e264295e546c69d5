import { eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Env } from '../config/env';
import type { Database } from '../db/client';
import { rateCounters } from '../db/schema/index';

/** A key's count in its current window and the milliseconds left of that window (0: no window open). */
export type WindowCount = { count: number; ttlMs: number };

/**
 * Counts per key over fixed windows, shared by every API process: the rate limits and the login throttle. A window
 * opens with a key's first hit and lasts `windowMs`; when it is over the key counts from zero again. Every operation is
 * one atomic round trip, so two processes counting the same key at once never lose a hit.
 */
export interface SharedCounters {
  readonly kind: 'database' | 'redis';
  /** Adds `by` (default 1; negative to give hits back, never below 0) to the key's count and answers the new count. */
  increment(key: string, windowMs: number, by?: number): Promise<WindowCount>;
  /** The key's count without changing it. */
  read(key: string): Promise<WindowCount>;
  reset(key: string): Promise<void>;
  /** Removes expired counts (the database's rows; Redis expires its own). */
  sweep(): Promise<void>;
  close(): Promise<void>;
}

/** In the database of the app (PostgreSQL or PGlite): table rate_counters, one upsert per hit. */
export class DatabaseCounters implements SharedCounters {
  readonly kind = 'database' as const;

  constructor(private readonly database: Database) {}

  async increment(key: string, windowMs: number, by = 1): Promise<WindowCount> {
    const [row] = await this.database.raw.query<{ count: number; ttl_ms: number }>(
      `INSERT INTO rate_counters AS c (key, count, expires_at) VALUES ($1, greatest(0, $2::int), clock_timestamp() + $3 * interval '1 millisecond')
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN c.expires_at <= clock_timestamp() THEN excluded.count ELSE greatest(0, c.count + $2::int) END,
         expires_at = CASE WHEN c.expires_at <= clock_timestamp() THEN excluded.expires_at ELSE c.expires_at END
       RETURNING count, greatest(0, ceil(extract(epoch FROM c.expires_at - clock_timestamp()) * 1000))::int AS ttl_ms`,
      [key, by, windowMs],
    );
    return { count: Number(row!.count), ttlMs: Number(row!.ttl_ms) };
  }

  async read(key: string): Promise<WindowCount> {
    const [row] = await this.database.raw.query<{ count: number; ttl_ms: number }>(
      `SELECT count, greatest(0, ceil(extract(epoch FROM expires_at - clock_timestamp()) * 1000))::int AS ttl_ms
       FROM rate_counters WHERE key = $1 AND expires_at > clock_timestamp()`,
      [key],
    );
    return row ? { count: Number(row.count), ttlMs: Number(row.ttl_ms) } : { count: 0, ttlMs: 0 };
  }

  async reset(key: string): Promise<void> {
    await this.database.db.delete(rateCounters).where(eq(rateCounters.key, key));
  }

  async sweep(): Promise<void> {
    await this.database.db.delete(rateCounters).where(lte(rateCounters.expiresAt, sql`clock_timestamp()`));
  }

  async close(): Promise<void> {}
}

/** INCRBY (never below 0), and the window's expiry set by the hit that opened it; answers the count and the time left. */
const INCREMENT = `
  local count = redis.call('INCRBY', KEYS[1], ARGV[2])
  if count < 0 then
    redis.call('INCRBY', KEYS[1], -count)
    count = 0
  end
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[1])
    ttl = tonumber(ARGV[1])
  end
  return {count, ttl}`;

/** In Redis (REDIS_URL): one key per counted key, expiring with its window. */
export class RedisCounters implements SharedCounters {
  readonly kind = 'redis' as const;

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'lexserve:rate:',
  ) {}

  async increment(key: string, windowMs: number, by = 1): Promise<WindowCount> {
    const [count, ttlMs] = (await this.redis.eval(
      INCREMENT,
      1,
      this.prefix + key,
      Math.max(1, Math.round(windowMs)),
      by,
    )) as [number, number];
    return { count: Number(count), ttlMs: Number(ttlMs) };
  }

  async read(key: string): Promise<WindowCount> {
    const [[, count], [, ttl]] = (await this.redis
      .multi()
      .get(this.prefix + key)
      .pttl(this.prefix + key)
      .exec()) as [[Error | null, string | null], [Error | null, number]];
    return count === null
      ? { count: 0, ttlMs: 0 }
      : { count: Number(count), ttlMs: Math.max(0, Number(ttl)) };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async sweep(): Promise<void> {}

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** Redis when REDIS_URL is set (its client loaded only then), otherwise the app's database. */
export async function createSharedCounters(
  env: Pick<Env, 'REDIS_URL'>,
  database: Database,
  log: FastifyBaseLogger,
): Promise<SharedCounters> {
  if (!env.REDIS_URL) return new DatabaseCounters(database);
  const { Redis } = await import('ioredis');
  // A failed command is answered at once (not queued for ever) while Redis is unreachable.
  const redis = new Redis(env.REDIS_URL, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
  let reported = false;
  redis.on('error', (err) => {
    if (!reported)
      log.error(
        { err },
        'Redis (REDIS_URL) unreachable: rate limits let requests through, logins are refused until it is back',
      );
    reported = true;
  });
  redis.on('ready', () => (reported = false));
  return new RedisCounters(redis);
}
