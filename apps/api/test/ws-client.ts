import WebSocket from 'ws';
import type { ServerSocketMessage } from '@lexserve/contracts/notifications';

type Message = ServerSocketMessage | { type: string; [key: string]: unknown };

/**
 * A websocket test client that queues what the server sends, so a test can wait for "the next message of
 * type X" without racing the socket.
 */
export class TestSocket {
  readonly messages: Message[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly waiters: (() => void)[] = [];
  private cursor = 0;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)) as Message);
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
  }

  static async open(url: string): Promise<TestSocket> {
    const ws = new WebSocket(url);
    const socket = new TestSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return socket;
  }

  /** Opens, expects auth_required, authenticates, expects connection_established and the first stats_update. */
  static async authenticated(url: string, token: string): Promise<TestSocket> {
    const socket = await TestSocket.open(url);
    await socket.next('auth_required');
    socket.send({ type: 'authenticate', token });
    await socket.next('connection_established');
    await socket.next('stats_update');
    return socket;
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The next message not yet consumed (of the given type, skipping others), or a timeout error. */
  async next<T extends Message['type']>(type?: T, timeoutMs = 5000): Promise<Extract<Message, { type: T }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.cursor < this.messages.length) {
        const m = this.messages[this.cursor++]!;
        if (!type || m.type === type) return m as Extract<Message, { type: T }>;
      }
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no ${type ?? 'message'} within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Resolves true if no new message arrives within the window. */
  async quiet(ms = 300): Promise<boolean> {
    const before = this.messages.length;
    await new Promise((resolve) => setTimeout(resolve, ms));
    return this.messages.length === before;
  }

  close(): void {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close();
  }
}
