import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Fan-out of real-time pushes across API instances. Writers NOTIFY this channel in their own transaction,
 * so PostgreSQL delivers the signal only if the change commits, to every instance (each LISTENs once);
 * each instance then loads the notification and pushes it to the sockets it holds for that user.
 */
export const REALTIME_CHANNEL = 'lexserve_notifications';

/**
 * What travels on the channel: ids only, never content (payloads are capped at 8000 bytes and are visible
 * to any database session). `n` new notification, `u` updated notification, `s` stats changed,
 * `d` disconnect the user's sockets (deactivated), `x` disconnect the sockets of one session (ended).
 */
export type RealtimeSignal =
  | { k: 'n' | 'u'; id: number; user: number }
  | { k: 's'; user: number }
  | { k: 'd'; user: number }
  | { k: 'x'; user: number; sid: string };

/** Queues the signals in the caller's transaction: delivered at commit, dropped on rollback. */
export async function publishSignals(db: DbOrTx, signals: RealtimeSignal[]): Promise<void> {
  if (!signals.length) return;
  const payloads = JSON.stringify(signals.map((s) => JSON.stringify(s)));
  await db.execute(
    sql`SELECT pg_notify(${REALTIME_CHANNEL}, p) FROM json_array_elements_text(${payloads}::json) AS p`,
  );
}

export function parseSignal(payload: string): RealtimeSignal | undefined {
  try {
    const s = JSON.parse(payload) as Partial<RealtimeSignal> & { id?: unknown };
    if (typeof s.user !== 'number') return undefined;
    if ((s.k === 'n' || s.k === 'u') && typeof s.id === 'number') return { k: s.k, id: s.id, user: s.user };
    if (s.k === 's' || s.k === 'd') return { k: s.k, user: s.user };
    if (s.k === 'x' && typeof (s as { sid?: unknown }).sid === 'string')
      return { k: 'x', user: s.user, sid: (s as { sid: string }).sid };
  } catch {
    // Not ours: another writer on the channel; ignored.
  }
  return undefined;
}
