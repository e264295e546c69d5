// Case-documents figures, against the production server (apps/api `start`: the compiled dist/server.mjs) over HTTP:
//  1. upload of one 100 MB file: time, and the server's peak RSS (must stay under 150 MB);
//  2. a 50-file bundle: time and the server's peak RSS;
//  3. proof-of-service generation: ms per PDF;
//  4. public verification throughput at 50 connections (req/s, p50, p99) against a Fastify hello-world in its own
//     process, both driven by autocannon in this run, each after a warm-up of the same load (not measured).
// The server's memory is read from outside, in /proc/<pid>/status: VmRSS sampled every 10 ms and the kernel's
// high-water mark VmHWM (reset before each figure through /proc/<pid>/clear_refs).
// Set DATABASE_URL to run against PostgreSQL (the memory figure needs it: PGlite runs inside the server process).
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { makePdf, makeReadyDraft, submit } from '../apps/api/test/document-factories';

const execFileAsync = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const apiDir = join(root, 'apps', 'api');
const MB = 1024 * 1024;
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 5) * 1000;

// ----- the servers: LexServe as `pnpm start` runs it (built first, so the figures are for this code), and a hello-world
const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: apiDir, stdio: 'inherit' });
if (built.status !== 0) throw new Error('could not build the API');
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
const [appPort, helloPort] = [await freePort(), await freePort()];
// The server's data (files, and PGlite when no DATABASE_URL) in a folder removed at the end.
const dataDir = mkdtempSync(join(tmpdir(), 'lexserve-bench-'));
// `node <flags> dist/server.mjs`, from the package's start script, run by Node itself so that the pid is the server's.
const startArgs = (JSON.parse(readFileSync(join(apiDir, 'package.json'), 'utf8')).scripts.start as string)
  .split(' ')
  .slice(1);
const server = spawn(process.execPath, startArgs, {
  cwd: apiDir,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PORT: String(appPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOGIN_RATE_LIMIT: '1000000',
    VERIFY_RATE_LIMIT: '100000000',
    PUBLIC_RATE_LIMIT: '1000000',
    BCRYPT_COST: '4',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const helloServer = spawn(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `import Fastify from 'fastify'; const app = Fastify(); app.get('/', async () => ({ hello: 'world' })); await app.listen({ port: ${helloPort}, host: '127.0.0.1' });`,
  ],
  { cwd: apiDir, stdio: 'inherit' },
);
const children: ChildProcess[] = [server, helloServer];
const stop = () => {
  children.forEach((c) => c.kill('SIGTERM'));
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);
for (const c of children)
  c.on('exit', (code) => code && (console.error(`a server exited with ${code}`), process.exit(1)));

// Up to 5 minutes: a loaded machine takes more than a minute to migrate and seed PGlite.
async function listening(port: number) {
  for (let i = 0; i < 3000; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const s = net
        .connect(port, '127.0.0.1', () => (s.end(), resolve(true)))
        .on('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on ${port}`);
}
await Promise.all([listening(appPort), listening(helloPort)]);

// ----- the server's memory, from /proc
const status = () => {
  const text = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
};
let sampledPeak = 0;
let hwmWasReset = false;
setInterval(() => (sampledPeak = Math.max(sampledPeak, status().rss)), 10).unref();
const memory = async () => {
  const { rss, hwm } = status();
  return { rss, peak: Math.max(sampledPeak, rss, hwmWasReset ? hwm : 0) };
};
const resetPeak = async () => {
  try {
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
    hwmWasReset = true;
  } catch {
    hwmWasReset = false; // not permitted here: VmHWM still holds the start-up peak, so only the 10 ms samples count
  }
  sampledPeak = status().rss;
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
type Res = { status: number; body: Buffer };
function request(opts: {
  port?: number;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | AsyncIterable<Buffer>;
}): Promise<Res> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: opts.port ?? appPort,
        method: opts.method ?? 'GET',
        path: opts.path,
        headers: opts.headers,
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (!opts.body) return req.end();
    if (Buffer.isBuffer(opts.body)) return req.end(opts.body);
    (async () => {
      for await (const chunk of opts.body as AsyncIterable<Buffer>)
        if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
      req.end();
    })().catch(reject);
  });
}
const json = (r: Res) => JSON.parse(r.body.toString());
const api = async (method: string, path: string, token?: string, payload?: unknown) =>
  json(
    await request({
      method,
      path: `/api/v1${path}`,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      body: payload ? Buffer.from(JSON.stringify(payload)) : undefined,
    }),
  );
const mb = (n: number) => `${(n / MB).toFixed(1)} MB`;

/** A streamed multipart body: fields, then files whose content is produced on the fly. */
function multipartBody(
  fields: Record<string, string>,
  files: { filename: string; size?: number; head?: Buffer; content?: Buffer }[],
) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  async function* gen() {
    for (const [k, v] of Object.entries(fields))
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
    for (const f of files) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
      );
      if (f.content) yield f.content;
      else {
        yield f.head!;
        const chunk = Buffer.alloc(MB, 0x20);
        for (let left = f.size! - f.head!.length; left > 0; left -= chunk.length)
          yield left >= chunk.length ? chunk : chunk.subarray(0, left);
      }
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return { body: gen(), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// ----- setup: a user, a firm to serve on
const token = (
  await api('POST', '/users/login', undefined, {
    email: 'attorney@demo.co.za',
    password: process.env.DEMO_PASSWORD ?? 'Demo@12345',
  })
).access_token as string;
const id = randomBytes(4).toString('hex');
const reg = await api('POST', '/auth/register', undefined, {
  full_name: 'Bench Admin',
  email: `bench-${id}@firm.co.za`,
  password: 'Bench@12345',
  confirm_password: 'Bench@12345',
  firm_name: `Bench ${id} Attorneys`,
  firm_email: `bench-${id}@firm.co.za`,
  firm_address: '1 Bench Street, Johannesburg, 2000',
  branch_name: 'Bench Main',
  practice_number: `BN-${id}`,
});
const serveOn = { firm_id: reg.data.firm.id, branch_id: reg.data.branch.id };
const newDocument = async () =>
  (
    await api('POST', '/documents', token, {
      title: 'Bench',
      document_type: 'summons_simple',
      case_number: '2025-1',
      case_priority: 'urgent',
      client_name: 'Aisha Patel',
      ...serveOn,
    })
  ).data.id as number;

const base = await memory();
console.log(
  `database: ${process.env.DATABASE_URL ? 'postgres' : 'pglite (in the server process)'}; server RSS at rest ${mb(base.rss)}`,
);

// ----- 1. one 100 MB upload
{
  const doc = await newDocument();
  await resetPeak();
  const size = 100 * MB;
  const { body, headers } = multipartBody({ document_id: String(doc) }, [
    { filename: 'big.pdf', head: Buffer.from('%PDF-1.7\n'), size },
  ]);
  const t0 = performance.now();
  const res = await request({
    method: 'POST',
    path: '/api/v1/documents/upload',
    headers: { ...headers, authorization: `Bearer ${token}` },
    body,
  });
  const ms = performance.now() - t0;
  const m = await memory();
  const ok = res.status === 201 && m.peak < 150 * MB;
  console.log(
    `upload 100 MB: ${res.status} in ${(ms / 1000).toFixed(2)} s (${(size / MB / (ms / 1000)).toFixed(0)} MB/s); ` +
      `server peak RSS ${mb(m.peak)} (at rest ${mb(base.rss)}, +${mb(m.peak - base.rss)}) ${ok ? 'OK < 150 MB' : 'OVER 150 MB'}`,
  );
}

// ----- 2. a 50-file bundle
{
  const doc = await newDocument();
  const files = await Promise.all(Array.from({ length: 50 }, (_, i) => makePdf(4, `File ${i + 1}`)));
  const { body, headers } = multipartBody(
    { document_id: String(doc) },
    files.map((content, i) => ({ filename: `f${i + 1}.pdf`, content })),
  );
  const up = json(
    await request({
      method: 'POST',
      path: '/api/v1/documents/upload',
      headers: { ...headers, authorization: `Bearer ${token}` },
      body,
    }),
  );
  const ids = up.data.files.map((f: { id: number }) => f.id).join(',');
  await resetPeak();
  const t0 = performance.now();
  const made = await api('POST', `/documents/${doc}/bundle`, token, {
    file_ids: ids,
    bundle_name: 'Bench bundle',
  });
  const ms = performance.now() - t0;
  const m = await memory();
  console.log(
    `bundle of 50 PDFs (${made.data.page_count} pages, ${(made.data.size / 1024).toFixed(0)} KB): ${ms.toFixed(0)} ms; server peak RSS ${mb(m.peak)} (+${mb(m.peak - base.rss)})`,
  );
}

// ----- 3. proof-of-service generation
let securityId: string;
let proofDocument: number;
{
  // The tests' factories drive the wizard (case info with the court, a PDF, the citation, submit) through this
  // server over HTTP: an adapter with the one method of TestApp they use, inject.
  const inject = async (opts: {
    method?: string;
    url: string;
    payload?: unknown;
    headers?: Record<string, string>;
  }) => {
    const p = opts.payload;
    // A multipart body is a stream (test/multipart.ts); anything else but bytes is JSON.
    const stream = p !== null && typeof p === 'object' && Symbol.asyncIterator in p;
    const body =
      p === undefined
        ? undefined
        : Buffer.isBuffer(p) || stream
          ? (p as Buffer | AsyncIterable<Buffer>)
          : Buffer.from(JSON.stringify(p));
    const headers = {
      ...(body && !Buffer.isBuffer(p) && !stream ? { 'content-type': 'application/json' } : {}),
      ...opts.headers,
    };
    const res = await request({ method: opts.method, path: opts.url, headers, body });
    const text = res.body.toString();
    return { statusCode: res.status, body: text, json: () => JSON.parse(text), rawPayload: res.body };
  };
  const as = (t: string) => {
    const headers = { authorization: `Bearer ${t}` };
    return {
      get: (u: string) => inject({ method: 'GET', url: u, headers }),
      delete: (u: string) => inject({ method: 'DELETE', url: u, headers }),
      post: (u: string, payload?: unknown) => inject({ method: 'POST', url: u, headers, payload }),
      put: (u: string, payload?: unknown) => inject({ method: 'PUT', url: u, headers, payload }),
    };
  };
  const overHttp = { inject, as } as unknown as Parameters<typeof makeReadyDraft>[0];
  const ready = await makeReadyDraft(overHttp, token, {
    firmId: serveOn.firm_id,
    branchId: serveOn.branch_id,
  });
  const served = (await submit(overHttp, token, ready.id)).json();
  securityId = served.data.security_id;
  const doc = ready.id;
  proofDocument = doc;
  const N = Number(process.env.BENCH_PROOFS ?? 30);
  const t0 = performance.now();
  for (let i = 0; i < N; i++)
    await api('POST', `/proof-of-service/generate/${doc}`, token, { regenerate: true });
  console.log(
    `proof of service: ${((performance.now() - t0) / N).toFixed(1)} ms per PDF (regenerate through the API, ${N} runs; see proofs.ts for the ratio to a bare pdfkit PDF)`,
  );
}

// ----- 4. verification throughput at 50 connections vs hello-world, both driven by autocannon in this run
// Each server first gets a warm-up of the same load, not measured (hello-world WARMUP_MS, verification 2,000 checks:
// JIT compilation, lazily loaded modules, the first load of the answer), then about DURATION_MS measured: the figures are a running server's. The checks are run as a fixed
// number of requests (autocannon's `amount`, sized from the warm-up's rate to last about DURATION_MS), so that every
// request made has had its answer, and the count in the database must grow by exactly the requests made.
const WARMUP_MS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1) * 1000;
const CONNECTIONS = 50;
/** autocannon's figures as its CLI prints them with --json (apps/api's dev dependency, run from its node_modules). */
type Autocannon = {
  /** Answered, and sent (a request that timed out on the client may still have been answered and counted). */
  requests: { total: number; sent: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  /** When the load started and ended (autocannon's own clock, without its process's start-up). */
  start: string;
  finish: string;
};
async function drive(port: number, path: string, run: { duration: number } | { amount: number }) {
  const by = 'amount' in run ? ['--amount', String(run.amount)] : ['--duration', String(run.duration)];
  const args = ['--json', '--no-progress', '--connections', String(CONNECTIONS), ...by];
  const { stdout } = await execFileAsync('autocannon', [...args, `http://127.0.0.1:${port}${path}`], {
    maxBuffer: 16 * MB,
    env: { ...process.env, PATH: `${join(apiDir, 'node_modules', '.bin')}:${process.env.PATH}` },
  });
  const result = JSON.parse(stdout) as Autocannon;
  const seconds = (Date.parse(result.finish) - Date.parse(result.start)) / 1000;
  const failed = result.non2xx + result.errors + result.timeouts;
  return { result, seconds, rps: result.requests.total / seconds, failed };
}
/**
 * CPU time (user + system, ms) a process has used, from /proc/<pid>/stat (in clock ticks, 100 a second on Linux): the
 * server's CPU per request stands for its throughput when the machine is shared with other work.
 */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
async function load(label: string, port: number, path: string, counted: boolean, pid: number) {
  const warmup = await drive(
    port,
    path,
    counted ? { amount: CONNECTIONS * 40 } : { duration: WARMUP_MS / 1000 },
  );
  const cpuBefore = cpuMs(pid);
  const measured = await drive(
    port,
    path,
    counted
      ? { amount: Math.max(CONNECTIONS * 20, Math.round((warmup.rps * DURATION_MS) / 1000)) }
      : { duration: DURATION_MS / 1000 },
  );
  const cpuPerRequest = (cpuMs(pid) - cpuBefore) / measured.result.requests.total;
  if (counted) verifyChecks += warmup.result.requests.sent + measured.result.requests.sent;
  const { latency } = measured.result;
  console.log(
    `${label.padEnd(36)} ${String(Math.round(measured.rps)).padStart(6)} req/s   p50 ${latency.p50.toFixed(1)} ms   p99 ${latency.p99.toFixed(1)} ms   server CPU ${(cpuPerRequest * 1000).toFixed(0)} µs/request${measured.failed + warmup.failed ? `   ${measured.failed + warmup.failed} failed or non-2xx` : ''}`,
  );
  return { rps: measured.rps, p99: latency.p99, cpuPerRequest };
}
let verifyChecks = 0;
const countBefore = (await api('GET', `/proof-of-service/document/${proofDocument!}`, token))
  .verification_count as number;
console.log(`autocannon, ${CONNECTIONS} connections, ${DURATION_MS / 1000} s measured after a warm-up`);
const hello = await load('hello-world (bare Fastify)', helloPort, '/', false, helloServer.pid!);
const verify = await load(
  'GET /api/v1/verify/{securityId}',
  appPort,
  `/api/v1/verify/${securityId!}`,
  true,
  server.pid!,
);
const ratio = verify.rps / hello.rps;
console.log(
  `verification ÷ hello-world throughput: ${ratio.toFixed(2)} (${(ratio * 100).toFixed(0)} %, target ≥ 50 %) ${ratio >= 0.5 ? 'met' : 'NOT MET'}; verification p99 ${verify.p99.toFixed(1)} ms (target ≤ 20 ms) ${verify.p99 <= 20 ? 'met' : 'NOT MET'}`,
);
console.log(
  `hello-world ÷ verification server CPU per request: ${(hello.cpuPerRequest / verify.cpuPerRequest).toFixed(2)} (each server is one thread: on an otherwise idle machine this is about the throughput ratio)`,
);
// The count is exact in the database within a second of the last check (each check of the load counted once).
await new Promise((r) => setTimeout(r, 1000));
const countAfter = (await api('GET', `/proof-of-service/document/${proofDocument!}`, token))
  .verification_count as number;
console.log(
  `checks counted in the database 1 s after the load: ${countAfter - countBefore} of ${verifyChecks} requests made ${countAfter - countBefore === verifyChecks ? '(exact)' : '(NOT EXACT)'}`,
);

stop();
process.exit(0);
