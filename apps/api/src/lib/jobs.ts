import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Database, type DbOrTx } from '../db/client';
import { jobs } from '../db/schema/index';

export type JobHandler = (
  payload: Record<string, unknown>,
  ctx: { database: Database; log: FastifyBaseLogger },
) => Promise<void>;

/** Schedules work; a `dedupeKey` makes scheduling idempotent: one job per key, ever, so keys carry their date. */
export async function scheduleJob(
  db: DbOrTx,
  job: { name: string; runAt?: Date; payload?: Record<string, unknown>; dedupeKey?: string },
): Promise<void> {
  await db
    .insert(jobs)
    .values({
      name: job.name,
      runAt: job.runAt ?? new Date(),
      payload: job.payload ?? {},
      dedupeKey: job.dedupeKey,
    })
    .onConflictDoNothing();
}

type ClaimedJob = { id: number; name: string; payload: Record<string, unknown>; attempts: number };

/** Work repeated on a period (recovery sweeps): once when the runner starts, then every `everyMs`. */
type PeriodicTask = {
  name: string;
  everyMs: number;
  run: () => Promise<void>;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
};

/**
 * Runs due jobs from the `jobs` table. Jobs are claimed with FOR UPDATE SKIP LOCKED and a lease, so many
 * instances can run the same runner safely; a failed job is retried with back-off up to 5 attempts.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly periodic: PeriodicTask[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  register(name: string, handler: JobHandler): void {
    this.handlers.set(name, handler);
  }

  /**
   * Registers work to repeat: it runs when the runner starts (a start-up sweep after a crash) and then every
   * `everyMs`. Each instance runs its own; the work must be safe to run twice at once (on one instance it never is).
   */
  every(name: string, everyMs: number, run: () => Promise<void>): void {
    this.periodic.push({ name, everyMs, run });
  }

  start(pollMs = 30_000): void {
    this.timer = setInterval(() => void this.tick(), pollMs);
    this.timer.unref();
    void this.tick();
    for (const task of this.periodic) {
      task.timer = setInterval(() => void this.runTask(task), task.everyMs);
      task.timer.unref();
      void this.runTask(task);
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    for (const task of this.periodic) clearInterval(task.timer);
    await Promise.all([this.running, ...this.periodic.map((t) => t.running)]);
  }

  /** Runs every periodic task now (tests, and an operator's nudge); answers once all have finished. */
  async runPeriodic(): Promise<void> {
    for (const task of this.periodic) await this.runTask(task);
  }

  private runTask(task: PeriodicTask): Promise<void> {
    task.running ??= task
      .run()
      .catch((err: unknown) => this.log.error({ err, task: task.name }, 'periodic task failed'))
      .finally(() => (task.running = undefined));
    return task.running;
  }

  /** One round: claims and runs every due job; answers how many ran. */
  tick(now = new Date()): Promise<number> {
    this.running ??= this.runDue(now).finally(() => (this.running = undefined));
    return this.running;
  }

  private async runDue(now: Date): Promise<number> {
    const { db } = this.database;
    const result = await db.execute(sql`
      UPDATE jobs SET locked_until = ${now}::timestamptz + interval '5 minutes', attempts = attempts + 1, updated_at = now()
      WHERE id IN (
        SELECT id FROM jobs
        WHERE done_at IS NULL AND run_at <= ${now} AND attempts < 5 AND (locked_until IS NULL OR locked_until < ${now})
        ORDER BY run_at LIMIT 20 FOR UPDATE SKIP LOCKED)
      RETURNING id, name, payload, attempts`);
    const claimed = rowsOf<ClaimedJob>(result);
    for (const job of claimed) {
      const handler = this.handlers.get(job.name);
      try {
        if (!handler) throw new Error(`no handler for job ${job.name}`);
        await handler(job.payload, { database: this.database, log: this.log });
        await db.execute(
          sql`UPDATE jobs SET done_at = now(), locked_until = NULL, updated_at = now() WHERE id = ${job.id}`,
        );
      } catch (err) {
        this.log.error({ err, job: job.name }, 'job failed');
        const retryAt = new Date(now.getTime() + 60_000 * 2 ** job.attempts);
        await db.execute(
          sql`UPDATE jobs SET last_error = ${(err as Error).message}, locked_until = NULL, run_at = ${retryAt}, updated_at = now() WHERE id = ${job.id}`,
        );
      }
    }
    return claimed.length;
  }
}
