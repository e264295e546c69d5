import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Database, type DbOrTx, type Tx } from '../db/client';
import { domainEvents } from '../db/schema/index';
import type { DomainEvents, DomainEventType } from './domain-events';

export type EventHandler<K extends DomainEventType = DomainEventType> = (
  payload: DomainEvents[K],
  ctx: { tx: Tx; log: FastifyBaseLogger },
) => Promise<void>;

const CHANNEL = 'lexserve_domain_events';
const MAX_ATTEMPTS = 5;

/** Writes a domain event in the caller's transaction: it is dispatched only if that transaction commits. */
export async function recordEvent<K extends DomainEventType>(
  db: DbOrTx,
  type: K,
  payload: DomainEvents[K],
): Promise<void> {
  await db.insert(domainEvents).values({ type, payload });
  await db.execute(sql`SELECT pg_notify(${CHANNEL}, ${type})`);
}

/**
 * Turns committed domain events into their effects (timeline entries, notifications, e-mails). Each event is
 * claimed with FOR UPDATE SKIP LOCKED and handled in its own transaction, so several API instances share
 * the work and a failed handler is retried (up to 5 times) without losing the event.
 */
export class EventDispatcher {
  private readonly handlers = new Map<DomainEventType, EventHandler<never>[]>();
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  on<K extends DomainEventType>(type: K, handler: EventHandler<K>): void {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler as EventHandler<never>]);
  }

  async start(pollMs = 2000): Promise<void> {
    this.unlisten = await this.database.raw.listen(CHANNEL, () => this.kick());
    this.timer = setInterval(() => this.kick(), pollMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.unlisten?.();
    await this.running;
  }

  /** Asks for a processing round soon; rounds never overlap. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err) => this.log.error({ err }, 'event dispatch failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Processes every pending event now (used by tests and at shutdown). */
  async drain(): Promise<void> {
    while (await this.processOne()) {
      /* keep going */
    }
  }

  private async processOne(): Promise<boolean> {
    const { db } = this.database;
    let failed: { id: number; error: string } | undefined;
    const handled = await db
      .transaction(async (tx) => {
        const result = await tx.execute(
          sql`SELECT id, type, payload FROM domain_events
              WHERE processed_at IS NULL AND attempts < ${MAX_ATTEMPTS}
              ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        );
        const event = rowsOf<{ id: number; type: DomainEventType; payload: never }>(result)[0];
        if (!event) return false;
        const { id, type, payload } = event;
        try {
          for (const handler of this.handlers.get(type) ?? []) await handler(payload, { tx, log: this.log });
        } catch (err) {
          failed = { id: Number(id), error: (err as Error).message };
          throw err;
        }
        await tx.execute(
          sql`UPDATE domain_events SET processed_at = now(), updated_at = now() WHERE id = ${id}`,
        );
        return true;
      })
      .catch((err) => {
        if (!failed) throw err;
        this.log.error({ err, eventId: failed.id }, 'domain event handler failed');
        return 'failed' as const;
      });
    if (handled === 'failed' && failed) {
      await db.execute(
        sql`UPDATE domain_events SET attempts = attempts + 1, last_error = ${failed.error}, updated_at = now() WHERE id = ${failed.id}`,
      );
      return true;
    }
    return handled !== false;
  }
}
