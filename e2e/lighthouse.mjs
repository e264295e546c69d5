/* global process, console, URL */
// Lighthouse (mobile) accessibility scores of the public pages and the dashboard, printed (not a timed test).
// With --performance: the performance scores of /, /verify, /login and /app/dashboard instead (target 90,
// docs/performance.md), with the script each page loads (compressed bytes on the wire, target ≤ 150 KB) and its
// largest contentful paint.
//
//   pnpm build; (cd apps/api && PORT=4890 DATA_DIR=$(mktemp -d) node dist/server.mjs) &
//   pnpm -C e2e lighthouse http://localhost:4890        # CHROME_PATH defaults to /usr/bin/chromium
//   pnpm -C e2e lighthouse http://localhost:4890 --performance
//   pnpm -C e2e lighthouse http://localhost:4890 --performance /signup /plans   # only these pages, no dashboard
//   pnpm -C e2e lighthouse http://localhost:4890 --performance /app/dashboard    # only the dashboard (signed in)
//   LIGHTHOUSE_VERBOSE=1 …   also each script's size, the layout shift and the long tasks
//
// A browser is started with a debugging port; the dashboard is reached by logging in as the demo practitioner in
// that browser's own profile (Lighthouse opens its tabs there and keeps its storage: disableStorageReset), then
// Lighthouse audits each page on it. An audit that does not end on the page asked for (the dashboard sent to the
// login page) counts as failed. Exits 1 when a page scores below MIN_SCORE (95).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const PERFORMANCE = args.includes('--performance');
const BASE = (
  args.find((a) => !a.startsWith('--') && !a.startsWith('/')) ??
  process.env.LIGHTHOUSE_URL ??
  'http://localhost:4890'
).replace(/\/$/, '');
const CATEGORY = PERFORMANCE ? 'performance' : 'accessibility';
const MAX_SCRIPT_KB = 150;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 9333);
const MIN_SCORE = PERFORMANCE ? 90 : 95;
const ONLY = args.filter((a) => a.startsWith('/'));
const isSignedIn = (path) => path.startsWith('/app/');
const PUBLIC = ONLY.length
  ? ONLY.filter((p) => !isSignedIn(p))
  : PERFORMANCE
    ? ['/', '/verify', '/login']
    : ['/', '/about', '/plans', '/login', '/signup', '/forgot-password', '/verify'];
const SIGNED_IN = ONLY.length ? ONLY.filter(isSignedIn) : ['/app/dashboard'];

// A persistent context is the browser's default one, where Lighthouse opens its tabs: the login below is theirs too
// (a context of browser.newContext() keeps its own storage, and Lighthouse's dashboard would be the login page).
const profileDir = mkdtempSync(join(tmpdir(), 'lexserve-lighthouse-'));
const browser = await chromium.launchPersistentContext(profileDir, {
  executablePath: CHROME,
  args: ['--headless', '--no-sandbox', '--disable-gpu', `--remote-debugging-port=${PORT}`],
});
const failures = [];
try {
  const page = browser.pages()[0] ?? (await browser.newPage());
  const audit = async (path) => {
    const result = await lighthouse(`${BASE}${path}`, {
      port: PORT,
      onlyCategories: [CATEGORY],
      formFactor: 'mobile',
      // Performance: public pages as a first visit (empty cache, as from a QR code); the dashboard keeps the session.
      disableStorageReset: !PERFORMANCE || isSignedIn(path),
      logLevel: 'error',
    });
    const lhr = result?.lhr;
    const score = Math.round((lhr?.categories[CATEGORY].score ?? 0) * 100);
    let extra = '';
    if (PERFORMANCE) {
      const requests = lhr?.audits['network-requests']?.details?.items ?? [];
      const scriptKb =
        requests.filter((r) => r.resourceType === 'Script').reduce((n, r) => n + (r.transferSize ?? 0), 0) /
        1024;
      const lcp = lhr?.audits['largest-contentful-paint']?.numericValue ?? 0;
      extra = `  script ${scriptKb.toFixed(0)} KB${scriptKb > MAX_SCRIPT_KB ? ` (over ${MAX_SCRIPT_KB})` : ''}, LCP ${(lcp / 1000).toFixed(1)} s, TBT ${Math.round(lhr?.audits['total-blocking-time']?.numericValue ?? 0)} ms`;
      if (process.env.LIGHTHOUSE_VERBOSE) {
        for (const r of requests.filter((q) => q.resourceType === 'Script'))
          console.log(`       ${(r.transferSize / 1024).toFixed(1)} KB ${r.url}`);
        const cls = lhr?.audits['cumulative-layout-shift']?.numericValue ?? 0;
        const tasks = lhr?.audits['long-tasks']?.details?.items ?? [];
        console.log(`       CLS ${cls.toFixed(3)}; long tasks (ms at start: duration, script):`);
        for (const t of tasks)
          console.log(`       ${Math.round(t.startTime)}: ${Math.round(t.duration)} ${t.url ?? ''}`);
        const work = lhr?.audits['mainthread-work-breakdown']?.details?.items ?? [];
        console.log(
          `       main thread: ${work.map((w) => `${w.groupLabel} ${Math.round(w.duration)} ms`).join(', ')}`,
        );
      }
      if (scriptKb > MAX_SCRIPT_KB && !isSignedIn(path)) failures.push(`${path} (script)`);
    }
    const failed = Object.values(lhr?.audits ?? {})
      .filter((a) => a.score === 0 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    const error = lhr?.runtimeError
      ? `  (Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message})`
      : '';
    const landed = lhr?.finalDisplayedUrl ? new URL(lhr.finalDisplayedUrl).pathname : path;
    const elsewhere = landed === path ? '' : `  (ended on ${landed})`;
    console.log(
      `${String(score).padStart(3)}  ${path}${extra}${failed.length && !PERFORMANCE ? `  (failed: ${failed.join(', ')})` : ''}${error}${elsewhere}`,
    );
    if (score < MIN_SCORE || elsewhere) failures.push(path);
  };
  console.log(`Lighthouse ${CATEGORY} (mobile), ${BASE}`);
  await page.goto(`${BASE}/`); // a first load warms the server and the browser (a cold first audit may fail)
  for (const path of PUBLIC) await audit(path);
  if (SIGNED_IN.length) {
    // The signed-in pages: log in once in this browser; the audited pages keep the session.
    await page.goto(`${BASE}/login`);
    await page.getByLabel('Email Address').fill(process.env.LIGHTHOUSE_EMAIL ?? 'attorney@demo.co.za');
    await page.getByLabel('Password', { exact: true }).fill(process.env.LIGHTHOUSE_PASSWORD ?? 'Demo@12345');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/app\//);
    for (const path of SIGNED_IN) await audit(path);
  }
} finally {
  await browser.close();
  rmSync(profileDir, { recursive: true, force: true });
}
if (failures.length) {
  console.error(`Below ${MIN_SCORE}: ${failures.join(', ')}`);
  process.exit(1);
}
