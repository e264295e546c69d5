import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Seal, VerificationResult } from '@lexserve/contracts/verification';
import type { Database } from '../../db/client';
import type { VerificationChange } from '../../lib/verification-changes';
import type { Checked } from './verification.repository';

/**
 * Public verification answers from memory (docs/performance.md). A check by security ID reads nothing from the
 * database or the file store once its answer is known here:
 * - Answers are kept per security ID and version asked. Whatever an answer shows is dropped when it changes:
 *   - in this process at once, by the service that changed it, after its commit (`Deps.verification.changed`,
 *     lib/verification-changes.ts, heard by `forget`): a new proof version, a revocation, a return's service date, a
 *     served copy, a late time-stamp, the firm's name or standing, a scrub finding;
 *   - in the other processes sharing the database by NOTIFY: triggers (migration 0017) NOTIFY
 *     `lexserve_verification` with the security ID in the changing transaction, so every process forgets it at
 *     commit (this one too, a moment after it already has: it loads the answer once more).
 *   An answer loaded while a change arrived is not kept. After TTL_MS an answer is loaded again anyway (a backstop
 *   for a listener connection that dropped).
 * - Checks are counted in memory and added to `verification_count` in one statement at most FLUSH_MS later (and when
 *   the app closes), so the database holds the exact count within a second.
 */
const VERIFICATION_CHANNEL = 'lexserve_verification';
const FLUSH_MS = 250;
/** A sync waits at most this long for its own signal (a listener connection that dropped must not hold a request). */
const SYNC_TIMEOUT_MS = 2_000;
const SYNC_PREFIX = 'sync:';
const TTL_MS = 60_000;
const MAX_ENTRIES = 20_000;

/** What a check by security ID answers, except the count. */
export type CachedAnswer = {
  checked: Checked;
  hashVerified: boolean | null;
  seal: Seal | null;
  /** The document's served files: each one's SHA-256 as uploaded and its stamped served copy's (once made). */
  servedFiles: VerificationResult['served_files'];
  /**
   * The answer's JSON as written, up to and after its count (`head + count + tail`): worked out once per load, so a
   * check writes a string rather than building and serializing the answer again.
   */
  json: { head: string; tail: string };
};

type Entry = CachedAnswer & { at: number; countBase: number; localAtLoad: number };

const keyOf = (securityId: string, version: number | undefined) => `${securityId}|${version ?? ''}`;

export class VerificationCache {
  private readonly entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES });
  private readonly loading = new Map<string, Promise<Entry | undefined>>();
  /** Bumped by every change heard: a load that started before it is not kept. */
  private generation = 0;
  /** Checks counted here, per proof: all of them, and those already added to the database. */
  private readonly counted = new Map<number, number>();
  private readonly committed = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private readonly syncs = new Map<string, () => void>();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    if (this.unlisten) return;
    this.unlisten = await this.database.raw.listen(VERIFICATION_CHANNEL, (payload) => this.onSignal(payload));
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    await unlisten?.().catch(() => undefined);
    await this.flush();
  }

  private onSignal(payload: string): void {
    if (!payload.startsWith(SYNC_PREFIX)) return this.invalidate(payload);
    this.syncs.get(payload.slice(SYNC_PREFIX.length))?.();
  }

  /**
   * Waits until every change committed before this call has been heard here through NOTIFY: PostgreSQL delivers a
   * listener's notifications in commit order, so once this call's own signal arrives, the earlier ones have been
   * applied. No request waits for it (a service forgets its own changes in-process, `forget`); it is for a change
   * made by another process or outside any service (SQL), as the tests make them.
   */
  async sync(): Promise<void> {
    if (!this.unlisten) return;
    const token = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve) => {
      this.syncs.set(token, resolve);
      timer = setTimeout(resolve, SYNC_TIMEOUT_MS);
    });
    try {
      await this.database.raw.notify(VERIFICATION_CHANNEL, `${SYNC_PREFIX}${token}`);
      await heard;
    } finally {
      clearTimeout(timer);
      this.syncs.delete(token);
    }
  }

  /**
   * Forgets the answers a change in this process shows (a document's, or every document's of a firm), and any answer
   * being loaded meanwhile: called once the change is committed, so the next check loads it afresh.
   */
  forget(change: VerificationChange): void {
    this.generation++;
    this.loading.clear();
    const shows =
      'documentId' in change
        ? (c: Checked) => c.documentId === change.documentId
        : (c: Checked) => c.firmId === change.firmId;
    for (const [key, entry] of this.entries) if (shows(entry.checked)) this.entries.delete(key);
  }

  /** Forgets the answers of one security ID ('*': all): a change heard through NOTIFY. */
  invalidate(securityId: string): void {
    this.generation++;
    if (securityId === '*') {
      this.entries.clear();
      this.loading.clear();
      return;
    }
    for (const map of [this.entries, this.loading]) {
      for (const key of map.keys()) if (key.startsWith(`${securityId}|`)) map.delete(key);
    }
  }

  /**
   * The answer for a security ID (and version), loaded with `load` when not known here; undefined when there is
   * none (not kept: a proof may yet be generated). Concurrent checks of one ID share one load.
   */
  async answer(
    securityId: string,
    version: number | undefined,
    load: () => Promise<CachedAnswer | undefined>,
  ): Promise<CachedAnswer | undefined> {
    const key = keyOf(securityId, version);
    const known = this.known(securityId, version);
    if (known) return known;
    let pending = this.loading.get(key);
    if (!pending) {
      const generation = this.generation;
      pending = load().then((answer) => {
        if (this.loading.get(key) === pending) this.loading.delete(key);
        if (!answer) return undefined;
        const proofId = answer.checked.proofId;
        const entry: Entry = {
          ...answer,
          at: Date.now(),
          countBase: answer.checked.verificationCount + this.unflushed(proofId),
          localAtLoad: this.counted.get(proofId) ?? 0,
        };
        if (generation === this.generation) {
          this.entries.set(key, entry);
        }
        return entry;
      });
      pending.catch(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  /** The answer for a security ID (and version) when it is known here and fresh (a check then waits for nothing). */
  known(securityId: string, version: number | undefined): CachedAnswer | undefined {
    const entry = this.entries.get(keyOf(securityId, version));
    return entry && Date.now() - entry.at < TTL_MS ? entry : undefined;
  }

  /** The count to show for a cached answer: the database's when loaded, plus this process's checks since. */
  countOf(answer: CachedAnswer): number {
    const entry = answer as Entry;
    return entry.countBase + (this.counted.get(entry.checked.proofId) ?? 0) - entry.localAtLoad;
  }

  /** Counts one check of a proof (added to the database within FLUSH_MS). */
  count(proofId: number): void {
    this.counted.set(proofId, (this.counted.get(proofId) ?? 0) + 1);
  }

  /** Checks counted here and not yet in the database. */
  unflushed(proofId: number): number {
    return (this.counted.get(proofId) ?? 0) - (this.committed.get(proofId) ?? 0);
  }

  /** Adds the checks counted since the last flush to the database, in one statement. */
  flush(): Promise<void> {
    this.flushing ??= this.write().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  private async write(): Promise<void> {
    const ids: number[] = [];
    const adds: number[] = [];
    const totals: number[] = [];
    for (const [id, total] of this.counted) {
      const add = total - (this.committed.get(id) ?? 0);
      if (add <= 0) continue;
      ids.push(id);
      adds.push(add);
      totals.push(total);
    }
    if (!ids.length) return;
    try {
      // Not waiting for the WAL flush (local to this one-statement transaction): a crash may forget the last counts.
      await this.database.db.execute(sql`
        UPDATE proofs_of_service p
        SET verification_count = p.verification_count + c.n, last_verified_at = now(), updated_at = now()
        FROM (SELECT unnest(${`{${ids.join(',')}}`}::int[]) AS id, unnest(${`{${adds.join(',')}}`}::int[]) AS n) c
        WHERE p.id = c.id AND set_config('synchronous_commit', 'off', true) IS NOT NULL`);
      ids.forEach((id, i) => this.committed.set(id, totals[i]!));
      // Forget proofs with nothing pending (a busy server sees many IDs once): no answer kept here needs them.
      if (this.counted.size > MAX_ENTRIES) {
        for (const id of ids) {
          if (this.unflushed(id)) continue;
          this.counted.delete(id);
          this.committed.delete(id);
        }
        this.entries.clear();
      }
    } catch (err) {
      this.log.error({ err }, 'verification counts could not be written; retried on the next flush');
    }
  }
}
