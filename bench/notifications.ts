// Real-time delivery latency: 1,000 notifications to 200 open, authenticated websockets (one per user), from the
// moment `notifyUsers` is called to the moment the client holds the parsed `new_notification`. The path measured is
// the product's: insert + NOTIFY in a transaction, LISTEN, load and stats queries, JSON push over a real socket.
// Baseline, same run and machine: a bare `ws` server pushing a message of the same size to the same 200 clients.
// Two loads each: "one at a time" (the next is sent once the previous has arrived) and "burst" (all 1,000 sent
// back to back, so queueing counts). Clients live in this process too: both sides share one event loop.
// With DATABASE_URL a fresh database is created on that server for the run and dropped afterwards.
//
//   npx tsx bench/notifications.ts            (embedded PGlite)
//   DATABASE_URL=postgres://… npx tsx bench/notifications.ts
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
// Types of `ws` from the API's dev dependencies (this file sits outside the workspace packages).
import type {
  WebSocket as WsClient,
  WebSocketServer as WsServer,
} from '../apps/api/node_modules/@types/ws/index.d.ts';
import { buildApp } from '../apps/api/src/app';
import { loadEnv } from '../apps/api/src/config/env';
import { createDatabase } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { insertUser } from '../apps/api/src/modules/users/users.repository';
import { notifyUsers } from '../apps/api/src/modules/notifications/notifications.service';
import { signAccessToken } from '../apps/api/src/lib/tokens';
import { openSession } from '../apps/api/src/lib/sessions';

// `ws` is the API's dependency; resolve it from there (this file sits outside the workspace packages).
const requireFromApi = createRequire(join(import.meta.dirname, '..', 'apps', 'api', 'package.json'));
const ws = requireFromApi('ws') as typeof import('../apps/api/node_modules/@types/ws/index.d.ts');

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 200);
const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS ?? 1000);

type Stats = { p50: number; p99: number; max: number; mean: number; seconds: number };
const summarise = (samples: number[], seconds: number): Stats => {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return {
    p50: q(0.5),
    p99: q(0.99),
    max: s[s.length - 1]!,
    mean: s.reduce((a, b) => a + b, 0) / s.length,
    seconds,
  };
};

/** Runs NOTIFICATIONS sends, round-robin over the clients; `send(i, client)` must make message i arrive at it. */
async function measure(
  clients: { onMessage: (handler: (data: string) => void) => void }[],
  send: (i: number, client: number) => Promise<void> | void,
  mode: 'sequential' | 'burst',
  match: (data: string) => number | undefined,
  count = NOTIFICATIONS,
): Promise<Stats> {
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  let arrived: ((i: number) => void) | undefined;
  let done: (() => void) | undefined;
  const all = new Promise<void>((resolve) => (done = resolve));
  for (const c of clients) {
    c.onMessage((data) => {
      const i = match(data);
      if (i === undefined || !sentAt.has(i)) return;
      latencies.push(performance.now() - sentAt.get(i)!);
      sentAt.delete(i);
      arrived?.(i);
      if (latencies.length === count) done?.();
    });
  }
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const wait = mode === 'sequential' ? new Promise<number>((resolve) => (arrived = resolve)) : undefined;
    sentAt.set(i, performance.now());
    const sending = send(i, i % clients.length);
    if (wait) {
      await sending;
      await wait;
    } else {
      // The next insert starts once the previous one committed; its delivery is not awaited. Each send then yields
      // to the event loop once, as a request arriving over the network would: without it, an in-process producer on
      // the embedded database (which resolves without I/O) would keep every socket read and write waiting.
      await sending;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  await Promise.race([
    all,
    new Promise((_, reject) => setTimeout(() => reject(new Error('deliveries timed out')), 120_000)),
  ]);
  return summarise(latencies, (performance.now() - start) / 1000);
}

const openClient = (url: string) =>
  new Promise<WsClient>((resolve, reject) => {
    const c = new ws.WebSocket(url);
    c.once('open', () => resolve(c));
    c.once('error', reject);
  });

// ---- LexServe: the app on a real socket ---------------------------------------------------------------------------
const env = loadEnv({
  ...process.env,
  LOG_LEVEL: 'silent',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'lexserve-bench-')),
  SEED_DEMO: 'false',
});
// A database of its own for the run (never the one DATABASE_URL names), dropped at the end.
const pg = requireFromApi('pg') as typeof import('../apps/api/node_modules/@types/pg/index.d.ts');
const baseUrl = process.env.DATABASE_URL || undefined;
let benchUrl: string | undefined;
const adminQuery = async (text: string) => {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};
if (baseUrl) {
  const name = `lexserve_bench_${Date.now().toString(36)}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  benchUrl = url.toString();
}
const database = await createDatabase({ url: benchUrl, memory: !benchUrl });
await migrate(database.raw);
const app = await buildApp({ env, database, logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const wsUrl = `${address.replace('http', 'ws')}/api/v1/ws/notifications`;

const run = Date.now().toString(36);
const userIds: number[] = [];
const sessionIds = new Map<number, string>();
const sessionOf = (id: number) =>
  sessionIds.get(id) ?? (sessionIds.set(id, randomUUID()), sessionIds.get(id)!);
for (let i = 0; i < SOCKETS; i++) {
  const u = await insertUser(
    database.db,
    {
      email: `bench-${run}-${i}@bench.lexserve`,
      fullName: `Bench ${i}`,
      username: `bench-${run}-${i}`,
      role: 'sheriff',
    },
    { code: 'TAKEN', status: 409, message: 'taken' },
  );
  userIds.push(u.id);
  await openSession(database.db, {
    id: sessionOf(u.id),
    userId: u.id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
}

// The listener is attached before the socket opens: auth_required may arrive in the same packet as the upgrade.
const appClients = await Promise.all(
  userIds.map(
    (id) =>
      new Promise<WsClient>((resolve, reject) => {
        const c = new ws.WebSocket(wsUrl);
        c.on('message', (raw) => {
          const m = JSON.parse(String(raw)) as { type: string };
          if (m.type === 'auth_required')
            c.send(
              JSON.stringify({
                type: 'authenticate',
                token: signAccessToken(
                  { userId: id, role: 'sheriff', sessionId: sessionOf(id) },
                  env.JWT_SECRET,
                  3600,
                ),
              }),
            );
          if (m.type === 'auth_error') reject(new Error(`authentication refused: ${String(raw)}`));
          if (m.type === 'stats_update') {
            c.removeAllListeners('message');
            resolve(c);
          }
        });
        c.once('error', reject);
      }),
  ),
);
const asTargets = (list: WsClient[]) =>
  list.map((c) => ({ onMessage: (h: (d: string) => void) => c.on('message', (raw) => h(String(raw))) }));

const appMatch = (data: string) => {
  if (!data.startsWith('{"type":"new_notification"')) return undefined;
  const m = /"title":"bench (\d+)"/.exec(data);
  return m ? Number(m[1]) : undefined;
};
const appSend = (i: number, client: number) =>
  notifyUsers(database.db, {
    userIds: [userIds[client]!],
    title: `bench ${i}`,
    message: 'Summons for case 2025/0001 was served at 12 Long Street, Cape Town.',
    type: 'completion_notification',
    caseId: '2025/0001',
    documentId: 1,
    email: false,
  }).then(() => undefined);

const sample = JSON.stringify({
  type: 'new_notification',
  notification: {
    id: 1,
    notification_id: '00000000-0000-4000-8000-000000000001',
    user_id: 1,
    title: 'bench 0',
    message: 'Summons for case 2025/0001 was served at 12 Long Street, Cape Town.',
    notification_type: 'completion_notification',
    is_read: false,
    read_at: null,
    case_id: '2025/0001',
    document_id: 1,
    created_at: new Date().toISOString(),
    notification_created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
  },
});

// ---- baseline: a bare ws server, same clients count, same payload size --------------------------------------------
const baseServer: WsServer = new ws.WebSocketServer({ port: 0, host: '127.0.0.1' });
await new Promise<void>((resolve) => baseServer.once('listening', () => resolve()));
const serverSide: WsClient[] = [];
baseServer.on('connection', (s) => serverSide.push(s));
const baseClients = await Promise.all(
  Array.from({ length: SOCKETS }, () =>
    openClient(`ws://127.0.0.1:${(baseServer.address() as AddressInfo).port}`),
  ),
);
while (serverSide.length < SOCKETS) await new Promise((r) => setTimeout(r, 5));
const baseMatch = (data: string) => {
  const m = /"title":"bench (\d+)"/.exec(data);
  return m ? Number(m[1]) : undefined;
};
const baseSend = (i: number, client: number) => {
  serverSide[client]!.send(sample.replace('"bench 0"', `"bench ${i}"`));
};

// Warm-up (JIT, connection pools), not measured.
await measure(asTargets(appClients), appSend, 'sequential', appMatch, 100);
for (const c of appClients) c.removeAllListeners('message');

const fmt = (s: Stats) =>
  `p50 ${s.p50.toFixed(2).padStart(7)} ms   p99 ${s.p99.toFixed(2).padStart(7)} ms   max ${s.max.toFixed(1).padStart(6)} ms   ${(NOTIFICATIONS / s.seconds).toFixed(0).padStart(5)}/s`;
console.log(
  `database: ${database.raw.kind}; ${NOTIFICATIONS} notifications to ${SOCKETS} authenticated sockets (round-robin, one socket per user)`,
);
const results: Record<string, { base: Stats; app: Stats }> = {};
for (const mode of ['sequential', 'burst'] as const) {
  for (const c of [...appClients, ...baseClients]) c.removeAllListeners('message');
  const base = await measure(asTargets(baseClients), baseSend, mode, baseMatch);
  for (const c of baseClients) c.removeAllListeners('message');
  const lex = await measure(asTargets(appClients), appSend, mode, appMatch);
  results[mode] = { base, app: lex };
  const label = mode === 'sequential' ? 'one at a time' : 'burst';
  console.log(`\n${label}`);
  console.log(`  baseline (bare ws push)       ${fmt(base)}`);
  console.log(`  LexServe (notifyUsers → ws)   ${fmt(lex)}`);
  console.log(
    `  ratio LexServe / baseline     p50 ×${(lex.p50 / base.p50).toFixed(1)}   p99 ×${(lex.p99 / base.p99).toFixed(1)}`,
  );
}

for (const c of [...appClients, ...baseClients]) c.terminate();
baseServer.close();
await app.close();
await database.raw.close();
if (benchUrl) await adminQuery(`DROP DATABASE IF EXISTS ${new URL(benchUrl).pathname.slice(1)} WITH (FORCE)`);
