// A big firm (docs/performance.md): the screens' calls at 10 concurrent users, on PostgreSQL, against two installations
// side by side in this process: one with the demo data only (small), one where the demo firm also has 100,000
// documents (a bank the plaintiff in every fourth: a common word searched), 1,000,000 timeline events and 200,000
// notifications, with the history such a firm leaves (500,000 processed domain events, 100,000 finished jobs and
// 100,000 sent e-mails) (big). Each call is measured on the small one and
// then at once on the big one, so both see the same load on the machine. Printed per call: p95 small, p95 big, and
// big ÷ small. Target: every p95 ≤ 50 ms at the big size, and no call growing with the firm's size. Then the query
// plans of My Cases, the notification list and the admin health counts, with the pages (buffers) each statement touched at both sizes.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm bench:big-firm
//
// A database of its own is created on that server for the run and dropped afterwards. BIG_FIRM_SCALE=0.1 seeds a tenth;
// BIG_FIRM_REQUESTS sets the requests per call (200), BIG_FIRM_ONLY a pattern of the calls to measure; BIG_FIRM_KEEP=1
// keeps the big installation's database (its name is printed) to try statements on it with EXPLAIN.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { loadEnv } from '../apps/api/src/config/env';
import { createDatabase } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { seed } from '../apps/api/src/seed';

const requireFromApi = createRequire(join(import.meta.dirname, '..', 'apps', 'api', 'package.json'));
const pg = requireFromApi('pg') as typeof import('../apps/api/node_modules/@types/pg/index.d.ts');

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.log(
    'big-firm: set DATABASE_URL to a PostgreSQL server (a database of its own is made there for the run)',
  );
  process.exit(0);
}
const SCALE = Number(process.env.BIG_FIRM_SCALE ?? 1);
const DOCUMENTS = Math.round(100_000 * SCALE);
const EVENTS_PER_DOCUMENT = 10;
const NOTIFICATIONS = Math.round(200_000 * SCALE);
/** Domain events processed (one per change); a fifth as many finished jobs and sent e-mails. */
const HISTORY = Math.round(500_000 * SCALE);
const REQUESTS = Number(process.env.BIG_FIRM_REQUESTS ?? 200);
/** Only the calls whose label matches (a regular expression), e.g. BIG_FIRM_ONLY='My Cases' while working on them. */
const ONLY = process.env.BIG_FIRM_ONLY ? new RegExp(process.env.BIG_FIRM_ONLY) : undefined;
const CONCURRENCY = 10;
const KEEP = process.env.BIG_FIRM_KEEP === '1';

const admin = async (text: string) => {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};
const agent = new http.Agent({ keepAlive: true, maxSockets: 2 * CONCURRENCY });
const dataDirs: string[] = [];
const sites: {
  database: Awaited<ReturnType<typeof createDatabase>>;
  dbName: string;
  close: () => Promise<unknown>;
}[] = [];

/** One installation: its own database (migrated, demo data) and app listening on a port of its own. */
async function site(label: string) {
  const dbName = `lexserve_bigfirm_${label}_${Date.now().toString(36)}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const url = new URL(baseUrl!);
  url.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'lexserve-bench-'));
  dataDirs.push(dataDir);
  const env = loadEnv({
    ...process.env,
    DATABASE_URL: url.toString(),
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    LOGIN_RATE_LIMIT: '100000',
    PUBLIC_RATE_LIMIT: '1000000',
    BCRYPT_COST: '4',
  });
  const database = await createDatabase({ url: url.toString() });
  await migrate(database.raw);
  const app = await buildApp({ env, database, logger: false });
  sites.push({ database, dbName, close: () => app.close() });
  await seed(database.db, env, app.log);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const get = (path: string, token: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: `/api/v1${path}`,
          headers: { authorization: `Bearer ${token}` },
          agent,
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
  const login = async (email: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email, password: env.DEMO_PASSWORD },
    });
    return res.json().access_token as string;
  };
  const tokens = {
    attorney: await login('attorney@demo.co.za'),
    firmAdmin: await login('firmadmin@demo.co.za'),
    admin: await login('admin@lexserve.co.za'),
  };
  const q = <T>(text: string, params: unknown[] = []) => database.raw.query<T>(text, params);
  const [demo] = await q<{ user_id: number; firm_id: number; branch_id: number }>(
    "SELECT id AS user_id, firm_id, branch_id FROM users WHERE email = 'attorney@demo.co.za'",
  );
  const { user_id: attorneyId, firm_id: firmId, branch_id: branchId } = demo!;
  // One document of the demo firm to open (the case page), with ten events like the seeded ones (below).
  const [caseDoc] = await q<{ id: number }>(
    `INSERT INTO documents (title, document_type, case_number, case_priority, client_name, firm_id, branch_id, created_by_id, status)
     VALUES ('Plea in Mokoena v Dlamini', 'plea', 'BENCH-1', 'urgent', 'Thandi Mokoena', $1, $2, $3, 'served') RETURNING id`,
    [firmId, branchId, attorneyId],
  );
  return { get, tokens, q, attorneyId, firmId, branchId, caseId: caseDoc!.id };
}
type Site = Awaited<ReturnType<typeof site>>;

/** Ten chain-hashed events per document of the firm matching `where` (set-based: ten steps over all of them). */
async function addEvents(s: Site, where: string) {
  await s.q('ALTER TABLE document_events DISABLE TRIGGER USER');
  await s.q(
    `INSERT INTO document_events (document_id, firm_id, event_type, is_system_event, event_description, performed_by_id, created_at, content_hash, prev_hash, chain_hash)
     WITH RECURSIVE docs AS (SELECT id FROM documents WHERE firm_id = $1 AND (${where})),
     chain(document_id, n, prev_hash, content_hash, chain_hash) AS (
       SELECT d.id, 1, repeat('0', 64), c.h, encode(sha256(convert_to(repeat('0', 64) || c.h, 'UTF8')), 'hex')
       FROM docs d CROSS JOIN LATERAL (SELECT encode(sha256(convert_to('event ' || d.id || ' 1', 'UTF8')), 'hex') AS h) c
       UNION ALL
       SELECT ch.document_id, ch.n + 1, ch.chain_hash, c.h, encode(sha256(convert_to(ch.chain_hash || c.h, 'UTF8')), 'hex')
       FROM chain ch CROSS JOIN LATERAL (SELECT encode(sha256(convert_to('event ' || ch.document_id || ' ' || (ch.n + 1), 'UTF8')), 'hex') AS h) c
       WHERE ch.n < ${EVENTS_PER_DOCUMENT})
     SELECT document_id, $1, (ARRAY['created','updated','status_changed','file_uploaded','served'])[1 + n % 5], n % 2 = 0,
            'Event ' || n, $2, now() - (${EVENTS_PER_DOCUMENT} - n) * interval '1 hour', content_hash, prev_hash, chain_hash
     FROM chain ORDER BY document_id, n`,
    [s.firmId, s.attorneyId],
  );
  await s.q('ALTER TABLE document_events ENABLE TRIGGER USER');
}

const cleanup = async () => {
  for (const s of sites) {
    await s.close().catch(() => undefined);
    await s.database.raw.close().catch(() => undefined);
    if (KEEP && s.dbName.includes('_big_')) console.log(`kept: the big installation's database ${s.dbName}`);
    else await admin(`DROP DATABASE IF EXISTS ${s.dbName} WITH (FORCE)`).catch(() => undefined);
  }
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
};
try {
  const smallSite = await site('small');
  const bigSite = await site('big');
  await addEvents(smallSite, `id = ${smallSite.caseId}`);

  type Call = { label: string; path: string; token: string };
  const lp = (subtab: string, extra = '') =>
    `/documents/?my_branch_only=true&assigned_to_me=false&subtab=${subtab}&skip=0&limit=25${extra}`;
  const callsOf = ({ tokens, caseId }: Site): Call[] => [
    ...['urgent', 'active', 'closed', 'drafts'].map((s) => ({
      label: `My Cases ${s}`,
      path: lp(s),
      token: tokens.attorney,
    })),
    {
      label: 'My Cases active, page 40',
      path: lp('active').replace('skip=0', 'skip=975'),
      token: tokens.attorney,
    },
    { label: 'My Cases search (common word)', path: lp('active', '&search=Mokoena'), token: tokens.attorney },
    // A debt collector's firm: a bank is the plaintiff in every fourth case (its name in their titles).
    {
      label: 'My Cases search (bank, every 4th)',
      path: lp('active', '&search=Absa'),
      token: tokens.attorney,
    },
    {
      label: 'My Cases search (case number)',
      path: lp('closed', '&search=BIG-00042'),
      token: tokens.attorney,
    },
    {
      label: 'My Cases search (no match)',
      path: lp('active', '&search=no-such-matter'),
      token: tokens.attorney,
    },
    {
      label: 'My Cases urgent (firm admin)',
      path: '/documents/?assigned_to_me=true&subtab=urgent&skip=0&limit=25',
      token: tokens.firmAdmin,
    },
    { label: 'case: document', path: `/documents/${caseId}`, token: tokens.attorney },
    { label: 'case: files', path: `/documents/${caseId}/files`, token: tokens.attorney },
    { label: 'case: parties', path: `/documents/${caseId}/parties`, token: tokens.attorney },
    {
      label: 'case: timeline (100)',
      path: `/documents/${caseId}/timeline?limit=100`,
      token: tokens.attorney,
    },
    { label: 'case: trail check', path: `/documents/${caseId}/timeline/verify`, token: tokens.attorney },
    { label: 'case: proof of service', path: `/proof-of-service/document/${caseId}`, token: tokens.attorney },
    {
      label: 'case: service attempts',
      path: `/documents/${caseId}/service-attempts`,
      token: tokens.attorney,
    },
    { label: 'case: returns', path: `/documents/${caseId}/returns`, token: tokens.attorney },
    { label: 'case: delivery', path: `/documents/${caseId}/delivery`, token: tokens.attorney },
    { label: 'case: closure', path: `/case-closure/document/${caseId}/active`, token: tokens.attorney },
    {
      label: 'timeline page 2 (50)',
      path: `/documents/${caseId}/timeline?skip=50&limit=50`,
      token: tokens.attorney,
    },
    { label: 'notifications list', path: '/notifications/?skip=0&limit=20', token: tokens.attorney },
    {
      label: 'notifications unread',
      path: '/notifications/?skip=0&limit=20&is_read=false',
      token: tokens.attorney,
    },
    { label: 'notifications stats', path: '/notifications/stats', token: tokens.attorney },
    ...[
      '/admin/subscriptions/analytics/overview',
      '/admin/subscriptions/analytics/trends',
      '/admin/subscriptions/analytics/usage-limits',
      '/admin/subscriptions/analytics/expiring-soon',
      '/admin/subscriptions/health',
      '/admin/subscriptions/plans',
      '/admin/subscriptions/reports/monthly-summary',
      '/admin/subscriptions/reports/cancellation-reasons',
      '/admin/subscriptions/firm-subscriptions',
      '/admin/firms',
      '/admin/users',
      '/admin/sheriffs',
      '/admin/mail-outbox',
      '/admin/mail-outbox?search=client4242@',
      '/admin/subscriptions/sales-contacts',
      '/case-closure/',
      '/case-closure/pending-count',
    ].map((path) => ({
      label: `admin ${path.replace('/admin/subscriptions', '').replace('/admin', '')}`,
      path,
      token: tokens.admin,
    })),
  ];

  /** p95 of REQUESTS calls, CONCURRENCY at a time (after a short warm-up); non-2xx answers are reported. */
  const measure = async ({ get }: Site, call: Call) => {
    for (let i = 0; i < 5; i++) await get(call.path, call.token);
    const times: number[] = [];
    let failed = 0;
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next++ < REQUESTS) {
          const t0 = performance.now();
          const res = await get(call.path, call.token);
          times.push(performance.now() - t0);
          if (res.status >= 300) failed = res.status;
        }
      }),
    );
    times.sort((a, b) => a - b);
    return { p95: times[Math.floor(times.length * 0.95)]!, failed };
  };

  // ----- plans: the statements behind My Cases and the notification list. Their buffer counts (pages read, from memory
  // or disk) do not depend on the machine's load: the same at both sizes means the work does not grow with the firm.
  const statementsOf = ({
    firmId,
    branchId,
    attorneyId,
    caseId,
  }: Site): { label: string; text: string; params: unknown[] }[] => [
    {
      label: 'My Cases active page (legal practitioner of the branch)',
      text: `SELECT * FROM documents WHERE firm_id = $1 AND (branch_id = $2 OR created_by_id = $3) AND branch_id = $2 AND my_cases_list = 'active'
             ORDER BY updated_at DESC, id DESC LIMIT 25`,
      params: [firmId, branchId, attorneyId],
    },
    {
      label: 'count of a sub-tab (stops at 1,000)',
      text: `SELECT count(*) FROM (SELECT 1 FROM documents WHERE firm_id = $1 AND (branch_id = $2 OR created_by_id = $3) AND branch_id = $2
             AND my_cases_list = 'closed' LIMIT 1000) m`,
      params: [firmId, branchId, attorneyId],
    },
    {
      label: 'search by case number',
      text: `SELECT * FROM documents WHERE firm_id = $1 AND branch_id = $2 AND my_cases_list = 'closed'
             AND search_text LIKE '%big-00042%'
             ORDER BY updated_at DESC, id DESC LIMIT 25`,
      params: [firmId, branchId],
    },
    {
      label: 'count of a sub-tab under a common word (stops at 1,000, in the index order as the app asks)',
      text: `SELECT count(*) FROM (SELECT 1 FROM documents WHERE firm_id = $1 AND (branch_id = $2 OR created_by_id = $3) AND branch_id = $2
             AND my_cases_list = 'active' AND search_text LIKE '%mokoena%'
             ORDER BY updated_at DESC, id DESC LIMIT 1000) m`,
      params: [firmId, branchId, attorneyId],
    },
    {
      label: "page of a sub-tab under the bank's name (a quarter of the documents)",
      text: `SELECT * FROM documents WHERE firm_id = $1 AND (branch_id = $2 OR created_by_id = $3) AND branch_id = $2
             AND my_cases_list = 'active' AND search_text LIKE '%absa%'
             ORDER BY updated_at DESC, id DESC LIMIT 25`,
      params: [firmId, branchId, attorneyId],
    },
    {
      label: "count of a sub-tab under the bank's name (stops at 1,000)",
      text: `SELECT count(*) FROM (SELECT 1 FROM documents WHERE firm_id = $1 AND (branch_id = $2 OR created_by_id = $3) AND branch_id = $2
             AND my_cases_list = 'active' AND search_text LIKE '%absa%'
             ORDER BY updated_at DESC, id DESC LIMIT 1000) m`,
      params: [firmId, branchId, attorneyId],
    },
    {
      label: 'badge count of a sub-tab under a case number (stops at 100)',
      text: `SELECT count(*) FROM (SELECT 1 FROM documents WHERE firm_id = $1 AND (branch_id = $2 OR created_by_id = $3) AND branch_id = $2
             AND my_cases_list = 'active' AND search_text LIKE '%big-00042%'
             LIMIT 100) m`,
      params: [firmId, branchId, attorneyId],
    },
    {
      label: 'timeline page (50)',
      text: 'SELECT * FROM document_events WHERE document_id = $1 ORDER BY created_at DESC, id DESC OFFSET 0 LIMIT 50',
      params: [caseId],
    },
    {
      label: 'notification stats (counters)',
      text: 'SELECT * FROM notification_counts WHERE user_id = $1',
      params: [attorneyId],
    },
    // The admin health page's counts read only unfinished work, however much history is kept (seeded below).
    {
      label: 'health: jobs not done',
      text: 'SELECT count(*) FILTER (WHERE attempts >= 5) FROM jobs WHERE done_at IS NULL',
      params: [],
    },
    {
      label: 'health: domain events not processed',
      text: 'SELECT count(*) FILTER (WHERE attempts >= 5) FROM domain_events WHERE processed_at IS NULL',
      params: [],
    },
    {
      label: 'mail outbox: total (stops at 1,000)',
      text: 'SELECT count(*) FROM (SELECT 1 FROM mail_outbox LIMIT 1000) m',
      params: [],
    },
    {
      label: 'mail outbox: search by recipient',
      text: "SELECT * FROM mail_outbox WHERE to_address ILIKE '%client4242@%' OR subject ILIKE '%client4242@%' ORDER BY id DESC LIMIT 50",
      params: [],
    },
    {
      label: 'health: mail not sent',
      text: "SELECT count(*) FILTER (WHERE status = 'failed') FROM mail_outbox WHERE status IN ('kept', 'failed')",
      params: [],
    },
    {
      label: 'unread notifications page',
      text: 'SELECT * FROM notifications WHERE user_id = $1 AND NOT is_read ORDER BY created_at DESC, id DESC LIMIT 20',
      params: [attorneyId],
    },
  ];
  type Explained = { buffers: number; ms: number; text: string };
  const explain = async ({ q }: Site, st: { text: string; params: unknown[] }): Promise<Explained> => {
    const [row] = await q<{ 'QUERY PLAN': [{ Plan: Record<string, number>; 'Execution Time': number }] }>(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${st.text}`,
      st.params,
    );
    const top = row!['QUERY PLAN'][0];
    const text = (
      await q<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${st.text}`,
        st.params,
      )
    )
      .map((r) => `    ${r['QUERY PLAN']}`)
      .join('\n');
    return {
      buffers: (top.Plan['Shared Hit Blocks'] ?? 0) + (top.Plan['Shared Read Blocks'] ?? 0),
      ms: top['Execution Time'],
      text,
    };
  };
  const explainAll = async (at: Site) => Promise.all(statementsOf(at).map((st) => explain(at, st)));

  console.log(`database: postgres; ${CONCURRENCY} concurrent users, ${REQUESTS} requests per call`);

  // ----- the big firm, seeded with set-based SQL
  const { q, firmId, branchId, attorneyId, caseId } = bigSite;
  const t0 = performance.now();
  await q(
    `INSERT INTO documents (title, document_type, case_number, case_priority, client_name, firm_id, branch_id, created_by_id, status, created_at, updated_at)
     SELECT CASE WHEN i % 4 = 0 THEN 'Summons in Absa Bank Limited v Dlamini ' WHEN i % 3 = 0 THEN 'Plea in Mokoena v Dlamini '
            ELSE 'Summons in Naidoo v Smith ' END || i,
            CASE WHEN i % 2 = 0 THEN 'plea' ELSE 'summons_simple' END,
            'BIG-' || lpad(i::text, 5, '0'),
            CASE WHEN i % 20 = 0 THEN 'urgent' WHEN i % 7 = 0 THEN 'high_profile' END,
            CASE WHEN i % 3 = 0 THEN 'Thandi Mokoena' ELSE 'Priya Naidoo' END,
            $1, $2, $3,
            (ARRAY['draft','pending','assigned','served','received','served','completed','completed','cancelled','archived'])[1 + i % 10],
            now() - i * interval '13 minutes', now() - i * interval '11 minutes'
     FROM generate_series(1, $4::int) AS i`,
    [firmId, branchId, attorneyId, DOCUMENTS],
  );
  const tDocs = performance.now();
  // Ten events per document (the case page's document too), each chain-hashed like the app's (trail-hash.ts order).
  await addEvents(bigSite, `case_number LIKE 'BIG-%' OR id = ${caseId}`);
  const tEvents = performance.now();
  await q(
    `INSERT INTO notifications (user_id, title, message, notification_type, is_read, case_id, document_id, created_at, notification_created_at)
     SELECT CASE WHEN i % 2 = 0 THEN $1 ELSE u.id END, 'Document served ' || i, 'Summons for case BIG-' || i || ' was served at 12 Long Street, Cape Town.',
            (ARRAY['assignment_notification','status_update','completion_notification','deadline_reminder','system_alert'])[1 + i % 5],
            i % 4 <> 0, 'BIG-' || i, NULL, now() - i * interval '1 minute', now() - i * interval '1 minute'
     FROM generate_series(1, $2::int) AS i
     CROSS JOIN LATERAL (SELECT id FROM users WHERE firm_id = $3 ORDER BY id OFFSET (i % 3) LIMIT 1) u`,
    [attorneyId, NOTIFICATIONS, firmId],
  );
  const tNotes = performance.now();
  // The history such a firm leaves behind: processed domain events (one per change), finished jobs, sent e-mail.
  await q(
    `INSERT INTO domain_events (type, payload, attempts, processed_at, created_at)
     SELECT 'document.updated', jsonb_build_object('documentId', i), 1, now() - i * interval '1 minute', now() - i * interval '1 minute'
     FROM generate_series(1, $1::int) AS i`,
    [HISTORY],
  );
  await q(
    `INSERT INTO jobs (name, payload, attempts, run_at, done_at) SELECT 'deliver_webhook', '{}', 1, now() - i * interval '5 minutes', now() - i * interval '5 minutes'
     FROM generate_series(1, $1::int) AS i`,
    [HISTORY / 5],
  );
  await q(
    `INSERT INTO mail_outbox (to_address, subject, text_body, status, sent_at) SELECT 'client' || i || '@example.co.za', 'Document served', 'Served.', 'sent', now()
     FROM generate_series(1, $1::int) AS i`,
    [HISTORY / 5],
  );
  const tHistory = performance.now();
  await q('VACUUM ANALYZE');
  // The seed's writes flushed now, not by a checkpoint in the middle of the measurements (needs a superuser or
  // pg_checkpoint; without it the measurements may meet one).
  await q('CHECKPOINT').catch(() =>
    console.log('CHECKPOINT not allowed for this user: a checkpoint may fall in the measurements'),
  );
  const [sizes] = await q<{ documents: number; events: number; notifications: number }>(
    'SELECT (SELECT count(*) FROM documents)::int AS documents, (SELECT count(*) FROM document_events)::int AS events, (SELECT count(*) FROM notifications)::int AS notifications',
  );
  const [history] = await q<{ events: number; jobs: number; mail: number }>(
    'SELECT (SELECT count(*) FROM domain_events)::int AS events, (SELECT count(*) FROM jobs)::int AS jobs, (SELECT count(*) FROM mail_outbox)::int AS mail',
  );
  console.log(
    `seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s (documents ${((tDocs - t0) / 1000).toFixed(0)} s, events ${((tEvents - tDocs) / 1000).toFixed(0)} s, ` +
      `notifications ${((tNotes - tEvents) / 1000).toFixed(0)} s, history ${((tHistory - tNotes) / 1000).toFixed(0)} s, vacuum analyze ${((performance.now() - tHistory) / 1000).toFixed(0)} s): ` +
      `${sizes!.documents} documents, ${sizes!.events} timeline events, ${sizes!.notifications} notifications; ` +
      `history: ${history!.events} domain events, ${history!.jobs} jobs, ${history!.mail} e-mails`,
  );

  // Each call on the small installation, then at once on the big one.
  const small = new Map<string, { p95: number; failed: number }>();
  const big = new Map<string, { p95: number; failed: number }>();
  const chosen = (calls: Call[]) => calls.filter((call) => !ONLY || ONLY.test(call.label));
  const [smallCalls, bigCalls] = [chosen(callsOf(smallSite)), chosen(callsOf(bigSite))];
  // Warm both servers on every call first (JIT, plan caches, prepared statements on each pooled connection): the first
  // call measured otherwise paid for the whole process's warm-up (My Cases urgent: 70–90 ms at both sizes).
  for (const [at, calls] of [
    [smallSite, smallCalls],
    [bigSite, bigCalls],
  ] as const)
    for (const call of calls)
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let i = 0; i < 5; i++) await at.get(call.path, call.token);
        }),
      );
  for (let i = 0; i < smallCalls.length; i++) {
    small.set(smallCalls[i]!.label, await measure(smallSite, smallCalls[i]!));
    big.set(bigCalls[i]!.label, await measure(bigSite, bigCalls[i]!));
  }
  const calls = bigCalls;
  const statements = statementsOf(bigSite);
  const [smallPlans, bigPlans] = [await explainAll(smallSite), await explainAll(bigSite)];
  console.log(
    `\n${'call'.padEnd(40)} ${'p95 small'.padStart(10)} ${'p95 big'.padStart(10)} ${'big÷small'.padStart(10)}`,
  );
  let over = 0;
  for (const call of calls) {
    const s = small.get(call.label)!;
    const b = big.get(call.label)!;
    if (b.p95 > 50) over++;
    const note = `${b.p95 > 50 ? '  OVER 50 ms' : ''}${b.failed || s.failed ? `  (answered ${b.failed || s.failed})` : ''}`;
    console.log(
      `${call.label.padEnd(40)} ${s.p95.toFixed(1).padStart(8)} ms ${b.p95.toFixed(1).padStart(7)} ms ${(b.p95 / s.p95).toFixed(1).padStart(9)}×${note}`,
    );
  }
  console.log(over ? `${over} calls over 50 ms at p95` : 'every call ≤ 50 ms at p95');
  console.log('\nquery plans at the big size; buffers (8 KB pages touched) small → big');
  statements.forEach((st, i) => {
    const [a, b] = [smallPlans[i]!, bigPlans[i]!];
    console.log(
      `\n${st.label}: buffers ${a.buffers} → ${b.buffers}, execution ${a.ms.toFixed(2)} → ${b.ms.toFixed(2)} ms\n${b.text}`,
    );
  });
} finally {
  await cleanup();
}
