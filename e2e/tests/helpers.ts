import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo@12345';
export const DEMO = {
  admin: 'admin@lexserve.co.za',
  firmAdmin: 'firmadmin@demo.co.za',
  branchAdmin: 'branchadmin@demo.co.za',
  attorney: 'attorney@demo.co.za',
  sheriff: 'sheriff@demo.co.za',
} as const;

type Watch = { errors: string[]; allowed: RegExp[] };
const watched = new Map<Page, Watch>();

/**
 * Collects a page's console errors and uncaught exceptions; the `test` below fails a journey that had any (a failed
 * request counts: the browser logs it as an error, with the resource's address). Every page of the test's context and
 * every page passed to `loginAs` is watched.
 */
export function watchPage(page: Page): Watch {
  const known = watched.get(page);
  if (known) return known;
  const watch: Watch = { errors: [], allowed: [] };
  watched.set(page, watch);
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    watch.errors.push(where ? `${message.text()} (${where})` : message.text());
  });
  page.on('pageerror', (error) => watch.errors.push(`Uncaught: ${error.message}`));
  return watch;
}

/** A journey that provokes a failure on purpose (a wrong password: a 401) names the console lines it expects. */
export const allowConsoleErrors = (page: Page, ...patterns: RegExp[]) => {
  watchPage(page).allowed.push(...patterns);
};

/** The console errors of a page so far, less the allowed ones. */
export const consoleErrors = (page: Page) => {
  const watch = watchPage(page);
  return watch.errors.filter((error) => !watch.allowed.some((pattern) => pattern.test(error)));
};

/**
 * Runs axe-core (WCAG 2.1 A and AA rules) on the page as it is and fails on any serious or critical violation,
 * naming the rule and the elements. Journeys call it on each page they visit.
 */
export async function expectAccessible(page: Page, label = new URL(page.url()).pathname) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 5)
          .map((n) => `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ')}]` : ''}`)
          .join('; ')}`,
    );
  expect(serious, `axe: serious or critical violations on ${label}`).toEqual([]);
}

/** Playwright's test, with the journey checks every spec runs: no console error on any watched page. */
export const test = base.extend<{ journeyChecks: void }>({
  journeyChecks: [
    async ({ page, context }, use) => {
      watched.clear();
      watchPage(page);
      context.on('page', (opened) => void watchPage(opened));
      await use();
      for (const [watchedPage, watch] of watched) {
        const unexpected = watch.errors.filter((error) => !watch.allowed.some((pattern) => pattern.test(error)));
        expect(unexpected, `console errors on ${watchedPage.isClosed() ? 'a closed page' : watchedPage.url()}`).toEqual([]);
      }
      watched.clear();
    },
    { auto: true },
  ],
});

/** Logs in through the login page, as a person would; checks the login page with axe. */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD) {
  watchPage(page);
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await expectAccessible(page, '/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/app\//);
}

export const unique = () => Math.random().toString(36).slice(2, 8);
