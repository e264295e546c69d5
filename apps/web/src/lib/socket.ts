import {
  ServerSocketMessageSchema,
  WS_CLOSE_CODES,
  type ServerSocketMessage,
} from '@lexserve/contracts/notifications';
import { API_ORIGIN } from '../config/env';

/**
 * The real-time channel of spec 1, 4.3: one websocket to /api/v1/ws/notifications per tab. The server asks for
 * authentication, the client answers with the access token, the server confirms (or refuses and closes with
 * 4003). After that the server pushes new_notification, notification_update and stats_update.
 *
 * This file knows nothing about React or the query cache: `onMessage` receives every push; the notifications
 * feature turns them into cache updates.
 */

/** Connection states of spec 1, 4.3. */
export type SocketState =
  'disconnected' | 'connecting' | 'connected' | 'authenticated' | 'closing' | 'closed';

/** Limits of spec 1, section 9 ("Real-time channel"). */
export const SOCKET_LIMITS = {
  /** Reconnections in a row without a successful authentication. */
  maxReconnectAttempts: 5,
  /** Exponential back-off: 1 s, 2 s, 4 s... */
  backoffBaseMs: 1000,
  backoffMaxMs: 30_000,
  /** Failed or dropped connections in this session; then the client gives up until the next start. */
  maxConnectionFailures: 10,
  /** Between the starts of two connection attempts. */
  minAttemptIntervalMs: 5000,
  /** Authentication attempts (each on a fresh connection, with a refreshed token) before giving up. */
  maxAuthAttempts: 3,
  /** Application ping while authenticated; no message for 2.5 intervals means the connection is dead. */
  keepaliveMs: 30_000,
} as const;

export type SocketStopReason =
  'auth_failed' | 'policy' | 'too_many_failures' | 'too_many_reconnects' | 'stopped';

export type NotificationSocketOptions = {
  /** ws(s)://host/api/v1/ws/notifications; defaults to the API's origin. */
  url?: string;
  /** The access token to authenticate with (refreshed first when due). */
  getToken: () => Promise<string | null> | string | null;
  /** Gets a new access token after an authentication failure; false when the session is over. */
  refreshToken?: () => Promise<boolean>;
  onMessage: (message: ServerSocketMessage) => void;
  onStateChange?: (state: SocketState) => void;
  /** Called once when the client stops for good (until `start` is called again). */
  onStop?: (reason: SocketStopReason) => void;
  /** For tests. */
  WebSocketImpl?: typeof WebSocket;
  now?: () => number;
};

/** The channel's address: the API's origin (same origin by default) with the ws or wss scheme. */
const notificationsSocketUrl = (): string => {
  const origin = API_ORIGIN || window.location.origin;
  return `${origin.replace(/^http/, 'ws')}/api/v1/ws/notifications`;
};

/** Back-off before reconnection attempt n (0-based): 1 s, 2 s, 4 s, ... capped at 30 s. */
export const backoffDelay = (attempt: number): number =>
  Math.min(SOCKET_LIMITS.backoffMaxMs, SOCKET_LIMITS.backoffBaseMs * 2 ** Math.max(0, attempt));

export class NotificationSocket {
  private ws: WebSocket | undefined;
  private stateValue: SocketState = 'disconnected';
  private reconnectAttempts = 0;
  private connectionFailures = 0;
  private authAttempts = 0;
  private lastAttemptAt = Number.NEGATIVE_INFINITY;
  private lastMessageAt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private keepaliveTimer: ReturnType<typeof setInterval> | undefined;
  private running = false;
  private authFailed = false;
  private readonly now: () => number;

  constructor(private readonly options: NotificationSocketOptions) {
    this.now = options.now ?? Date.now;
  }

  get state(): SocketState {
    return this.stateValue;
  }

  /** Starts (or restarts, with fresh counters) the connection. */
  start(): void {
    this.running = true;
    this.reconnectAttempts = 0;
    this.connectionFailures = 0;
    this.authAttempts = 0;
    this.connect();
  }

  /** Closes the connection for good (logout, unmount). */
  stop(): void {
    this.running = false;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.stopKeepalive();
    const ws = this.ws;
    if (ws && (ws.readyState === 0 || ws.readyState === 1)) {
      this.setState('closing');
      ws.close(1000, 'Client closed');
    } else {
      this.setState('closed');
    }
  }

  private setState(state: SocketState): void {
    if (this.stateValue === state) return;
    this.stateValue = state;
    this.options.onStateChange?.(state);
  }

  private giveUp(reason: SocketStopReason): void {
    this.running = false;
    clearTimeout(this.reconnectTimer);
    this.setState('closed');
    this.options.onStop?.(reason);
  }

  /** Opens a connection now, or once the minimum interval since the last attempt has passed. */
  private connect(): void {
    if (!this.running) return;
    if (this.ws && (this.ws.readyState === 0 || this.ws.readyState === 1)) return;
    const wait = this.lastAttemptAt + SOCKET_LIMITS.minAttemptIntervalMs - this.now();
    if (wait > 0) {
      this.schedule(wait);
      return;
    }
    this.lastAttemptAt = this.now();
    this.authFailed = false;
    const Impl = this.options.WebSocketImpl ?? WebSocket;
    this.setState('connecting');
    let ws: WebSocket;
    try {
      ws = new Impl(this.options.url ?? notificationsSocketUrl());
    } catch {
      this.onClosed(1006);
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.lastMessageAt = this.now();
      this.setState('connected');
    };
    ws.onmessage = (event: MessageEvent) => {
      if (this.ws !== ws) return;
      this.lastMessageAt = this.now();
      void this.onRawMessage(ws, event.data);
    };
    ws.onclose = (event: CloseEvent) => {
      if (this.ws !== ws) return;
      this.ws = undefined;
      this.onClosed(event.code);
    };
    // Errors are always followed by a close event, where the decision is made.
    ws.onerror = () => undefined;
  }

  private schedule(delay: number): void {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect();
    }, delay);
  }

  private async onRawMessage(ws: WebSocket, data: unknown): Promise<void> {
    let parsed: ServerSocketMessage;
    try {
      const result = ServerSocketMessageSchema.safeParse(JSON.parse(String(data)));
      if (!result.success) return;
      parsed = result.data;
    } catch {
      return;
    }
    switch (parsed.type) {
      case 'auth_required': {
        this.authAttempts += 1;
        this.options.onMessage(parsed);
        const token = await this.options.getToken();
        if (this.ws !== ws) return;
        if (!token) {
          // No session any more: nothing to authenticate with.
          this.giveUp('auth_failed');
          ws.close(1000, 'No session');
          return;
        }
        ws.send(JSON.stringify({ type: 'authenticate', token }));
        return;
      }
      case 'connection_established':
        this.reconnectAttempts = 0;
        this.authAttempts = 0;
        this.setState('authenticated');
        this.startKeepalive(ws);
        break;
      case 'auth_error':
        this.authFailed = true;
        break;
      default:
        break;
    }
    this.options.onMessage(parsed);
  }

  private onClosed(code: number): void {
    this.stopKeepalive();
    this.setState('closed');
    if (!this.running) return;
    // 1008: the server does not want this client back (e.g. the account was deactivated).
    if (code === WS_CLOSE_CODES.POLICY_VIOLATION) return this.giveUp('policy');
    if (code === WS_CLOSE_CODES.AUTH_FAILED || this.authFailed) {
      void this.retryAuthentication();
      return;
    }
    this.connectionFailures += 1;
    if (this.connectionFailures >= SOCKET_LIMITS.maxConnectionFailures)
      return this.giveUp('too_many_failures');
    if (this.reconnectAttempts >= SOCKET_LIMITS.maxReconnectAttempts)
      return this.giveUp('too_many_reconnects');
    const delay = backoffDelay(this.reconnectAttempts);
    this.reconnectAttempts += 1;
    this.schedule(Math.max(delay, this.lastAttemptAt + SOCKET_LIMITS.minAttemptIntervalMs - this.now()));
  }

  /** Authentication failed (4003): refresh the token and try again, at most 3 attempts in all. */
  private async retryAuthentication(): Promise<void> {
    if (this.authAttempts >= SOCKET_LIMITS.maxAuthAttempts) return this.giveUp('auth_failed');
    const refreshed = this.options.refreshToken ? await this.options.refreshToken() : true;
    if (!this.running) return;
    if (!refreshed) return this.giveUp('auth_failed');
    this.connect();
  }

  private startKeepalive(ws: WebSocket): void {
    this.stopKeepalive();
    this.keepaliveTimer = setInterval(() => {
      if (this.ws !== ws || ws.readyState !== 1) return;
      if (this.now() - this.lastMessageAt > SOCKET_LIMITS.keepaliveMs * 2.5) {
        // Nothing heard for too long (not even a pong): the connection is dead; a close starts a reconnect.
        ws.close(4000, 'Keepalive timeout');
        return;
      }
      ws.send(JSON.stringify({ type: 'ping' }));
    }, SOCKET_LIMITS.keepaliveMs);
  }

  private stopKeepalive(): void {
    clearInterval(this.keepaliveTimer);
    this.keepaliveTimer = undefined;
  }
}

// ---- the app's connection state, for whoever shows it --------------------------------------------

let currentState: SocketState = 'disconnected';
const stateListeners = new Set<() => void>();

export const publishSocketState = (state: SocketState): void => {
  currentState = state;
  for (const listener of [...stateListeners]) listener();
};
export const getSocketState = (): SocketState => currentState;
export const subscribeSocketState = (listener: () => void): (() => void) => {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
};
