import type { SharedCounters, WindowCount } from './shared-counters';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;
type Local = { shared: number; pending: number; expiresAt: number; windowMs: number };

/** How long hits counted far below a limit wait before they are added to the shared count. */
const FLUSH_MS = 100;

/**
 * @fastify/rate-limit's store over the shared counters, so a limit holds across every API process. A key's first hit
 * in a window, and every hit from half its limit up to the limit, is counted in the shared store before it is answered
 * (exact where it matters); hits far below the limit, and hits of a key already over it, are answered from this
 * process's copy and added to the shared count within FLUSH_MS. A busy public page thus costs no round trip per
 * request, and N processes can let through at most about N × limit/2 extra hits in one flush period.
 */
export class SharedRateLimitStore {
  constructor(
    private readonly counters: SharedCounters,
    private readonly prefix = 'rl:',
    private readonly local = new Map<string, Local>(),
    private readonly flusher = new Flusher(counters, local),
  ) {}

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    const k = this.prefix + key;
    const now = Date.now();
    const entry = this.local.get(k);
    if (entry && entry.expiresAt > now) {
      const estimate = entry.shared + entry.pending + 1;
      if (estimate <= max / 2 || estimate > max + 1) {
        entry.pending++;
        this.flusher.schedule();
        return cb(null, { current: estimate, ttl: entry.expiresAt - now });
      }
    }
    const by = 1 + (entry && entry.expiresAt > now ? entry.pending : 0);
    if (entry) entry.pending = 0;
    this.counters.increment(k, timeWindow, by).then(
      (res) => {
        this.remember(k, res, timeWindow);
        cb(null, { current: res.count, ttl: res.ttlMs });
      },
      (err: Error) => cb(err),
    );
  }

  child(routeOptions: { routeInfo: { method?: string | string[]; url?: string } }): SharedRateLimitStore {
    const { method, url } = routeOptions.routeInfo;
    return new SharedRateLimitStore(
      this.counters,
      `${this.prefix}${[method ?? ''].flat().join(',')}${url ?? ''}:`,
      this.local,
      this.flusher,
    );
  }

  private remember(k: string, res: WindowCount, windowMs: number) {
    const now = Date.now();
    const entry = this.local.get(k);
    if (entry && entry.expiresAt > now) {
      entry.shared = res.count;
      return;
    }
    this.local.set(k, { shared: res.count, pending: 0, expiresAt: now + res.ttlMs, windowMs });
    if (this.local.size > 100_000) this.flusher.forgetExpired();
  }
}

/** Adds the locally counted hits to the shared counts, every FLUSH_MS while there are any. */
class Flusher {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly counters: SharedCounters,
    private readonly local: Map<string, Local>,
  ) {}

  schedule(): void {
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
  }

  forgetExpired(): void {
    const now = Date.now();
    for (const [k, e] of this.local) if (e.expiresAt <= now) this.local.delete(k);
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    const now = Date.now();
    await Promise.all(
      [...this.local].map(async ([k, entry]) => {
        if (entry.pending === 0) return;
        if (entry.expiresAt <= now) return void this.local.delete(k);
        const by = entry.pending;
        entry.pending = 0;
        try {
          entry.shared = (await this.counters.increment(k, entry.windowMs, by)).count;
        } catch {
          // The shared store is unreachable: these hits stay counted here only (limits are let through, not failed).
        }
      }),
    );
  }
}
