/* global process, console */
// Lighthouse (mobile) accessibility scores of the public pages and the dashboard, printed (not a timed test).
//
//   pnpm build; (cd apps/api && PORT=4890 DATA_DIR=$(mktemp -d) node dist/server.mjs) &
//   pnpm -C e2e lighthouse http://localhost:4890        # CHROME_PATH defaults to /usr/bin/chromium
//
// A browser is started with a debugging port; the dashboard is reached by logging in as the demo practitioner in
// that browser (Lighthouse keeps its storage: disableStorageReset), then Lighthouse audits each page on it.
// Exits 1 when a page scores below MIN_SCORE (95).
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';

const BASE = (process.argv[2] ?? process.env.LIGHTHOUSE_URL ?? 'http://localhost:4890').replace(/\/$/, '');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 9333);
const MIN_SCORE = 95;
const PUBLIC = ['/', '/about', '/plans', '/login', '/signup', '/forgot-password', '/verify'];

const browser = await chromium.launch({
  executablePath: CHROME,
  args: ['--headless', '--no-sandbox', '--disable-gpu', `--remote-debugging-port=${PORT}`],
});
const failures = [];
try {
  const page = await (await browser.newContext()).newPage();
  const audit = async (path) => {
    const result = await lighthouse(`${BASE}${path}`, {
      port: PORT,
      onlyCategories: ['accessibility'],
      formFactor: 'mobile',
      disableStorageReset: true,
      logLevel: 'error',
    });
    const lhr = result?.lhr;
    const score = Math.round((lhr?.categories.accessibility.score ?? 0) * 100);
    const failed = Object.values(lhr?.audits ?? {})
      .filter((a) => a.score === 0 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    const error = lhr?.runtimeError ? `  (Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message})` : '';
    console.log(`${String(score).padStart(3)}  ${path}${failed.length ? `  (failed: ${failed.join(', ')})` : ''}${error}`);
    if (score < MIN_SCORE) failures.push(path);
  };
  console.log(`Lighthouse accessibility (mobile), ${BASE}`);
  await page.goto(`${BASE}/`); // a first load warms the server and the browser (a cold first audit may fail)
  for (const path of PUBLIC) await audit(path);
  // The dashboard: log in once in this browser; the audited page keeps the session.
  await page.goto(`${BASE}/login`);
  await page.getByLabel('Email Address').fill(process.env.LIGHTHOUSE_EMAIL ?? 'attorney@demo.co.za');
  await page.getByLabel('Password', { exact: true }).fill(process.env.LIGHTHOUSE_PASSWORD ?? 'Demo@12345');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/app\//);
  await audit('/app/dashboard');
} finally {
  await browser.close();
}
if (failures.length) {
  console.error(`Below ${MIN_SCORE}: ${failures.join(', ')}`);
  process.exit(1);
}
