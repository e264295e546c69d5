import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export type Backend = { name: string; port: number };

export type RoundRobinProxy = {
  url: string;
  /** The backend the next request or websocket will go to. */
  peek(): string;
  /** Which backend served each request and websocket, in order: `name METHOD path`. */
  served: string[];
  close(): Promise<void>;
};

/**
 * A load balancer for tests: each HTTP request and each websocket upgrade goes to the next backend in turn (no sticky
 * sessions). It adds X-Forwarded-For (the backends trust one proxy hop) and answers with X-Served-By naming the backend.
 */
export async function startRoundRobinProxy(backends: Backend[]): Promise<RoundRobinProxy> {
  let turn = 0;
  const served: string[] = [];
  const sockets = new Set<Socket>();
  const pick = (req: IncomingMessage) => {
    const backend = backends[turn++ % backends.length]!;
    served.push(`${backend.name} ${req.method} ${req.url}`);
    return backend;
  };
  const forwardedFor = (req: IncomingMessage) =>
    [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');

  const server: Server = createServer((req, res) => {
    const backend = pick(req);
    const upstream = request(
      {
        host: '127.0.0.1',
        port: backend.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwardedFor(req) },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': backend.name });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  });

  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const backend = pick(req);
    const upstream = connect(backend.port, '127.0.0.1', () => {
      const headers = { ...req.headers, 'x-forwarded-for': forwardedFor(req) };
      const lines = [
        `${req.method} ${req.url} HTTP/1.1`,
        ...Object.entries(headers).map(([k, v]) => `${k}: ${String(v)}`),
      ];
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    peek: () => backends[turn % backends.length]!.name,
    served,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
