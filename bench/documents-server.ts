// The server side of bench/documents.ts: the whole app (startApp, as in production) plus a bare Fastify
// hello-world in the same process, and a memory probe. Prints "READY <app port> <hello port>" when listening.
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from '../apps/api/src/config/env';
import { startApp } from '../apps/api/src/main';

// Fastify is a dependency of the API package, not of the repository root: load it from there.
const requireApi = createRequire(join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'api', 'package.json'));
const Fastify = requireApi('fastify') as (opts: { logger: boolean }) => Awaited<ReturnType<typeof startApp>>;

const env = loadEnv({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  PORT: '0',
  DATA_DIR: process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'lexserve-bench-')),
  LOGIN_RATE_LIMIT: '1000000',
  VERIFY_RATE_LIMIT: '100000000',
  PUBLIC_RATE_LIMIT: '1000000',
  BCRYPT_COST: '4',
});
const app = await startApp(env, { background: false });
let peak = 0;
const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
setInterval(sample, 20).unref();
// Memory probe for the benchmark only: current and peak RSS (sampled every 20 ms, and the kernel's high-water mark).
app.get('/bench/memory', async () => {
  sample();
  return { rss: process.memoryUsage().rss, peak, max_rss: process.resourceUsage().maxRSS * 1024 };
});
app.post('/bench/memory/reset', async () => {
  peak = process.memoryUsage().rss;
  return { peak };
});
await app.listen({ port: 0, host: '127.0.0.1' });

const hello = Fastify({ logger: false });
hello.get('/', async () => ({ hello: 'world' }));
await hello.listen({ port: 0, host: '127.0.0.1' });

const port = (s: { server: { address(): unknown } }) => (s.server.address() as { port: number }).port;
console.log(`READY ${port(app)} ${port(hello)}`);
