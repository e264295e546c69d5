import type { ServerSocketMessage } from '@lexserve/contracts/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NotificationSocket,
  SOCKET_LIMITS,
  backoffDelay,
  type SocketState,
  type SocketStopReason,
} from './socket';

/** A stand-in for the browser's WebSocket that the test drives by hand. */
class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.serverClose(code);
  }
  // --- driven by the test ---
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  push(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  serverClose(code: number) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const last = () => FakeWebSocket.instances[FakeWebSocket.instances.length - 1]!;
const flush = () => vi.advanceTimersByTimeAsync(0);

function setup(overrides: { token?: string | null; refresh?: boolean } = {}) {
  const messages: ServerSocketMessage[] = [];
  const states: SocketState[] = [];
  const stops: SocketStopReason[] = [];
  const refreshToken = vi.fn(async () => overrides.refresh ?? true);
  const socket = new NotificationSocket({
    url: 'ws://test/api/v1/ws/notifications',
    getToken: () => (overrides.token === undefined ? 'token-1' : overrides.token),
    refreshToken,
    onMessage: (m) => messages.push(m),
    onStateChange: (s) => states.push(s),
    onStop: (r) => stops.push(r),
    WebSocketImpl: FakeWebSocket as unknown as typeof WebSocket,
  });
  return { socket, messages, states, stops, refreshToken };
}

/** Opens the current fake connection and completes the handshake. */
async function handshake(userId = 7) {
  const ws = last();
  ws.open();
  ws.push({ type: 'auth_required' });
  await flush();
  ws.push({ type: 'connection_established', user_id: userId });
  await flush();
  return ws;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.instances = [];
});
afterEach(() => vi.useRealTimers());

describe('NotificationSocket', () => {
  it('authenticates with the access token and passes pushes on, through the states of spec 4.3', async () => {
    const { socket, messages, states } = setup();
    socket.start();
    expect(last().url).toBe('ws://test/api/v1/ws/notifications');
    const ws = await handshake();
    expect(ws.sent).toEqual([{ type: 'authenticate', token: 'token-1' }]);
    ws.push({
      type: 'stats_update',
      stats: {
        unread_count: 1,
        total_notifications: 1,
        read_count: 0,
        recent_count: 1,
        by_type: {
          assignment_notification: 1,
          status_update: 0,
          completion_notification: 0,
          deadline_reminder: 0,
          system_alert: 0,
        },
      },
    });
    await flush();
    expect(messages.map((m) => m.type)).toEqual(['auth_required', 'connection_established', 'stats_update']);
    socket.stop();
    expect(states).toEqual(['connecting', 'connected', 'authenticated', 'closing', 'closed']);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('backs off exponentially from 1 s (never under 5 s between attempts) and stops after 5 reconnections', async () => {
    const { socket, stops } = setup();
    socket.start();
    const attemptTimes: number[] = [Date.now()];
    for (let i = 0; i < SOCKET_LIMITS.maxReconnectAttempts; i++) {
      const count = FakeWebSocket.instances.length;
      last().serverClose(1006);
      while (FakeWebSocket.instances.length === count) await vi.advanceTimersByTimeAsync(250);
      attemptTimes.push(Date.now());
    }
    const gaps = attemptTimes.slice(1).map((t, i) => t - attemptTimes[i]!);
    expect(gaps.every((gap) => gap >= SOCKET_LIMITS.minAttemptIntervalMs)).toBe(true);
    expect(gaps[3]).toBeGreaterThanOrEqual(8000);
    expect(gaps[4]).toBeGreaterThanOrEqual(16_000);
    last().serverClose(1006);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1 + SOCKET_LIMITS.maxReconnectAttempts);
    expect(stops).toEqual(['too_many_reconnects']);
  });

  it('caps the back-off at 30 seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(backoffDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });

  it('resets the reconnection count after a successful authentication, but gives up after 10 failures in all', async () => {
    const { socket, stops } = setup();
    socket.start();
    for (let i = 0; i < SOCKET_LIMITS.maxConnectionFailures; i++) {
      await handshake();
      const count = FakeWebSocket.instances.length;
      last().serverClose(1006);
      await vi.advanceTimersByTimeAsync(10_000);
      if (i < SOCKET_LIMITS.maxConnectionFailures - 1) expect(FakeWebSocket.instances.length).toBe(count + 1);
    }
    expect(stops).toEqual(['too_many_failures']);
    expect(FakeWebSocket.instances).toHaveLength(SOCKET_LIMITS.maxConnectionFailures);
  });

  it('stops reconnecting on close code 1008', async () => {
    const { socket, stops, states } = setup();
    socket.start();
    await handshake();
    last().serverClose(1008);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(stops).toEqual(['policy']);
    expect(states.at(-1)).toBe('closed');
  });

  it('on auth_error and 4003 refreshes the token and tries again, at most 3 authentication attempts', async () => {
    const { socket, stops, refreshToken, messages } = setup();
    socket.start();
    for (let attempt = 1; attempt <= SOCKET_LIMITS.maxAuthAttempts; attempt++) {
      const ws = last();
      ws.open();
      ws.push({ type: 'auth_required' });
      await flush();
      ws.push({ type: 'auth_error', message: 'Authentication failed: token expired' });
      ws.serverClose(4003);
      await vi.advanceTimersByTimeAsync(6000);
    }
    expect(refreshToken).toHaveBeenCalledTimes(SOCKET_LIMITS.maxAuthAttempts - 1);
    expect(FakeWebSocket.instances).toHaveLength(SOCKET_LIMITS.maxAuthAttempts);
    expect(stops).toEqual(['auth_failed']);
    expect(messages.filter((m) => m.type === 'auth_error')).toHaveLength(3);
  });

  it('gives up at once when the refresh token is refused', async () => {
    const { socket, stops } = setup({ refresh: false });
    socket.start();
    const ws = last();
    ws.open();
    ws.push({ type: 'auth_required' });
    await flush();
    ws.serverClose(4003);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(stops).toEqual(['auth_failed']);
  });

  it('sends application pings while authenticated and drops a silent connection', async () => {
    const { socket } = setup();
    socket.start();
    const ws = await handshake();
    await vi.advanceTimersByTimeAsync(SOCKET_LIMITS.keepaliveMs);
    expect(ws.sent).toContainEqual({ type: 'ping' });
    await vi.advanceTimersByTimeAsync(SOCKET_LIMITS.keepaliveMs * 2);
    expect(ws.readyState).toBe(3);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeWebSocket.instances.length).toBe(2);
    socket.stop();
  });

  it('does not reconnect after stop()', async () => {
    const { socket } = setup();
    socket.start();
    await handshake();
    socket.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});
