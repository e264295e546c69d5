// API request overhead: an authenticated read (token check + user load + query + response schema) against a
// bare route in the same app, both through fastify.inject so that only the server's own work is measured.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { loadEnv } from '../apps/api/src/config/env';
import { createDatabase } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { seed } from '../apps/api/src/seed';

const N = Number(process.env.BENCH_N ?? 3000);
const env = loadEnv({
  ...process.env,
  LOG_LEVEL: 'silent',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'lexserve-bench-')),
  LOGIN_RATE_LIMIT: '100000',
});
const database = await createDatabase({ url: process.env.DATABASE_URL, memory: !process.env.DATABASE_URL });
await migrate(database.raw);
const app = await buildApp({ env, database, logger: false });
await seed(database.db, env, app.log);
await app.ready();

const login = await app.inject({
  method: 'POST',
  url: '/api/v1/users/login',
  payload: { email: 'attorney@demo.co.za', password: env.DEMO_PASSWORD },
});
const token = login.json().access_token as string;

async function measure(label: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 200; i++) await run(); // warm-up
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; i < N; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  const total = performance.now() - start;
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  const row = { label, rps: Math.round((N / total) * 1000), p50: q(0.5), p99: q(0.99) };
  console.log(
    `${label.padEnd(34)} ${String(row.rps).padStart(6)} req/s   p50 ${row.p50.toFixed(3)} ms   p99 ${row.p99.toFixed(3)} ms`,
  );
  return row;
}

console.log(`database: ${database.raw.kind}, ${N} sequential requests each`);
const base = await measure('baseline GET /healthz', () => app.inject({ method: 'GET', url: '/healthz' }));
const me = await measure('GET /api/v1/users/me (auth + db)', () =>
  app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Bearer ${token}` } }),
);
const firms = await measure('GET /api/v1/firms?search=demo', () =>
  app.inject({
    method: 'GET',
    url: '/api/v1/firms?search=demo',
    headers: { authorization: `Bearer ${token}` },
  }),
);
console.log(
  `ratio users/me ÷ baseline p50: ${(me.p50 / base.p50).toFixed(1)}×; firms search ÷ baseline p50: ${(firms.p50 / base.p50).toFixed(1)}×`,
);
await app.close();
await database.raw.close();
