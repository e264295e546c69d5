import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import {
  ClientSocketMessageSchema,
  WS_AUTH_ERROR_MESSAGES,
  WS_CLOSE_CODES,
  type ServerSocketMessage,
} from '@lexserve/contracts/notifications';
import { AppError } from '../../lib/app-error';
import { resolveActor } from '../../plugins/auth';
import type { NotificationHub } from './notifications.hub';

/** An unauthenticated socket is closed after this long. */
const AUTH_TIMEOUT_MS = 10_000;
/** Messages other than a valid authenticate before authentication; the third closes the socket. */
const MAX_AUTH_ATTEMPTS = 3;

declare module 'fastify' {
  interface FastifyInstance {
    /** The real-time sockets of this instance (set up by the notifications module). */
    notificationHub: NotificationHub;
  }
}

const send = (socket: WebSocket, message: ServerSocketMessage) => {
  if (socket.readyState === 1) socket.send(JSON.stringify(message));
};

/**
 * GET /api/v1/ws/notifications (spec 1, 4.3). Public route: the token travels in the first message, not
 * the URL (URLs end up in proxy logs). auth_required → authenticate {token} → connection_established
 * (then an initial stats_update) or auth_error and close 4003. Expired tokens and inactive accounts are
 * refused; a socket that does not authenticate within 10 seconds, or sends 3 messages that are not a
 * valid authenticate, is closed with 4003.
 */
export async function notificationsSocketRoutes(app: FastifyInstance) {
  app.get('/ws/notifications', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const hub = app.notificationHub;
    let state: 'pending' | 'authenticating' | 'authenticated' | 'closed' = 'pending';
    let attempts = 0;

    const fail = (message: string) => {
      if (state === 'closed') return;
      state = 'closed';
      clearTimeout(timer);
      send(socket, { type: 'auth_error', message });
      socket.close(WS_CLOSE_CODES.AUTH_FAILED, message.slice(0, 120));
    };
    const timer = setTimeout(
      () => state !== 'authenticated' && fail(WS_AUTH_ERROR_MESSAGES.timeout),
      AUTH_TIMEOUT_MS,
    );
    timer.unref();

    socket.on('close', () => {
      state = 'closed';
      clearTimeout(timer);
    });
    send(socket, { type: 'auth_required' });

    socket.on('message', async (raw) => {
      let parsed: ReturnType<typeof ClientSocketMessageSchema.safeParse> | undefined;
      try {
        parsed = ClientSocketMessageSchema.safeParse(JSON.parse(String(raw)));
      } catch {
        parsed = undefined;
      }
      if (parsed?.success && parsed.data.type === 'ping') return send(socket, { type: 'pong' });
      if (state === 'authenticated' || state === 'closed' || state === 'authenticating') return;
      if (!parsed?.success || parsed.data.type !== 'authenticate') {
        attempts += 1;
        if (attempts >= MAX_AUTH_ATTEMPTS) return fail(WS_AUTH_ERROR_MESSAGES.malformed);
        return send(socket, { type: 'auth_error', message: WS_AUTH_ERROR_MESSAGES.malformed });
      }
      state = 'authenticating';
      try {
        const actor = await resolveActor(app, parsed.data.token);
        if ((state as string) === 'closed') return;
        state = 'authenticated';
        clearTimeout(timer);
        hub.add(actor.id, socket, actor.sessionId);
        send(socket, { type: 'connection_established', user_id: actor.id });
        const stats = (await hub.statsFor([actor.id])).get(actor.id);
        if (stats) send(socket, { type: 'stats_update', stats });
      } catch (err) {
        const code = err instanceof AppError ? err.code : undefined;
        if (!(err instanceof AppError)) request.log.error({ err }, 'websocket authentication failed');
        fail(
          code === 'TOKEN_EXPIRED'
            ? WS_AUTH_ERROR_MESSAGES.expired
            : code === 'ACCOUNT_INACTIVE' || code === 'FIRM_INACTIVE' || code === 'BRANCH_INACTIVE'
              ? WS_AUTH_ERROR_MESSAGES.inactive
              : WS_AUTH_ERROR_MESSAGES.invalid,
        );
      }
    });
  });
}
