import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import {
  RECENT_WINDOW_MS,
  WS_CLOSE_CODES,
  type ServerSocketMessage,
} from '@lexserve/contracts/notifications';
import type { Database } from '../../db/client';
import { toNotificationDto, toStats } from './notifications.mapper';
import { countByUserAndType, findNotificationsByIds, type StatsRow } from './notifications.repository';
import { REALTIME_CHANNEL, parseSignal, type RealtimeSignal } from './notifications.realtime';

const OPEN = 1;
const DEFAULT_KEEPALIVE_MS = 30_000;

type Queued = { k: 'n' | 'u'; id: number; user: number } | { k: 's'; user: number };

/**
 * The sockets this API instance holds, by user, and the LISTEN side of the fan-out channel. Signals are
 * batched per event-loop turn: one query loads every notification named, one more the stats of every user
 * concerned, then each user's sockets get their messages in signal order followed by one stats_update.
 */
export class NotificationHub {
  private readonly sockets = new Map<number, Set<WebSocket>>();
  private readonly alive = new WeakSet<WebSocket>();
  /** The session (login) each socket authenticated with. */
  private readonly sessionOf = new WeakMap<WebSocket, string>();
  private queue: Queued[] = [];
  private flushing: Promise<void> | undefined;
  private scheduled = false;
  private unlisten: (() => Promise<void>) | undefined;
  private keepalive: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly keepaliveMs = DEFAULT_KEEPALIVE_MS,
  ) {}

  async start(): Promise<void> {
    if (this.unlisten) return;
    this.unlisten = await this.database.raw.listen(REALTIME_CHANNEL, (payload) => this.onSignal(payload));
    this.keepalive = setInterval(() => this.sweep(), this.keepaliveMs);
    this.keepalive.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.keepalive);
    const unlisten = this.unlisten;
    this.unlisten = undefined;
    await unlisten?.().catch(() => undefined);
    await this.flushing;
    for (const set of this.sockets.values()) for (const s of set) s.terminate();
    this.sockets.clear();
  }

  /** Number of authenticated sockets held here (all users, or one). */
  count(userId?: number): number {
    if (userId !== undefined) return this.sockets.get(userId)?.size ?? 0;
    let n = 0;
    for (const set of this.sockets.values()) n += set.size;
    return n;
  }

  /** Tracks an authenticated socket (and its session); it is dropped when it closes. Keepalive pings start now. */
  add(userId: number, socket: WebSocket, sessionId?: string): void {
    let set = this.sockets.get(userId);
    if (!set) this.sockets.set(userId, (set = new Set()));
    set.add(socket);
    if (sessionId) this.sessionOf.set(socket, sessionId);
    this.alive.add(socket);
    socket.on('pong', () => this.alive.add(socket));
    socket.once('close', () => this.remove(userId, socket));
  }

  private remove(userId: number, socket: WebSocket): void {
    const set = this.sockets.get(userId);
    if (!set) return;
    set.delete(socket);
    if (!set.size) this.sockets.delete(userId);
  }

  /** Sends to every open socket of the user held by this instance. */
  sendTo(userId: number, message: ServerSocketMessage): void {
    const set = this.sockets.get(userId);
    if (!set) return;
    const data = JSON.stringify(message);
    for (const s of set) if (s.readyState === OPEN) s.send(data);
  }

  /** Closes the user's sockets here (e.g. account deactivated): 1008 tells the client not to reconnect. */
  disconnectUser(userId: number, reason: string): void {
    for (const s of [...(this.sockets.get(userId) ?? [])]) s.close(WS_CLOSE_CODES.POLICY_VIOLATION, reason);
  }

  /** Closes the sockets of one session of the user here (logout, password change): 1008, no reconnect. */
  disconnectSession(userId: number, sessionId: string, reason: string): void {
    for (const s of [...(this.sockets.get(userId) ?? [])]) {
      if (this.sessionOf.get(s) === sessionId) s.close(WS_CLOSE_CODES.POLICY_VIOLATION, reason);
    }
  }

  /** The current stats of some users, in one query. */
  async statsFor(userIds: number[]) {
    const rows = await countByUserAndType(this.database.db, userIds, new Date(Date.now() - RECENT_WINDOW_MS));
    const byUser = new Map<number, StatsRow[]>(userIds.map((id) => [id, []]));
    for (const r of rows) byUser.get(r.userId)?.push(r);
    return new Map([...byUser].map(([id, list]) => [id, toStats(list)]));
  }

  /** Protocol ping to every socket; one that did not answer the previous ping is dead and terminated. */
  private sweep(): void {
    for (const set of this.sockets.values()) {
      for (const s of set) {
        if (!this.alive.has(s)) {
          s.terminate();
          continue;
        }
        this.alive.delete(s);
        if (s.readyState === OPEN) s.ping();
      }
    }
  }

  private onSignal(payload: string): void {
    const signal: RealtimeSignal | undefined = parseSignal(payload);
    if (!signal) return;
    if (signal.k === 'd') {
      this.disconnectUser(signal.user, 'Account deactivated');
      return;
    }
    if (signal.k === 'x') {
      this.disconnectSession(signal.user, signal.sid, 'Session ended');
      return;
    }
    // Nobody here listens for this user: another instance holds their sockets, or nobody does.
    if (!this.sockets.has(signal.user)) return;
    this.queue.push(signal);
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.flushing) {
        // A flush is running: the queue is taken once it ends, so messages keep their order.
        void this.flushing.then(() => this.schedule());
        return;
      }
      this.flushing = this.flush()
        .catch((err) => this.log.error({ err }, 'real-time push failed'))
        .finally(() => {
          this.flushing = undefined;
        });
    });
  }

  private async flush(): Promise<void> {
    while (this.queue.length) {
      const batch = this.queue;
      this.queue = [];
      const ids = [...new Set(batch.flatMap((s) => (s.k === 's' ? [] : [s.id])))];
      const users = [...new Set(batch.map((s) => s.user))].filter((u) => this.sockets.has(u));
      const [rows, stats] = await Promise.all([
        findNotificationsByIds(this.database.db, ids),
        this.statsFor(users),
      ]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const s of batch) {
        if (s.k === 's') continue;
        const row = byId.get(s.id);
        // The row belongs to the user named in the signal; checked again so a forged signal leaks nothing.
        if (!row || row.userId !== s.user) continue;
        const notification = toNotificationDto(row);
        this.sendTo(
          s.user,
          s.k === 'n'
            ? { type: 'new_notification', notification }
            : { type: 'notification_update', notification },
        );
      }
      for (const user of users) {
        const st = stats.get(user);
        if (st) this.sendTo(user, { type: 'stats_update', stats: st });
      }
    }
  }
}
