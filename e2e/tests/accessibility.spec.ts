import { expect, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectAccessible, servedMatter, test, unique } from './helpers';

/**
 * Accessibility journeys: the public pages pass axe (no serious or critical violation), and a practitioner reaches a
 * case with the keyboard alone (login → dashboard → the case), every step by Tab, arrows and Enter.
 */

test.describe.configure({ timeout: 180_000 });

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName ?? '',
      text: (el?.innerText || el?.getAttribute('aria-label') || '').trim(),
      href: el?.getAttribute('href') ?? '',
    };
  });

/** Presses Tab (or Shift+Tab) until the focused element matches (at most `limit` times); fails naming the last one. */
async function tabTo(
  page: Page,
  matches: (f: Awaited<ReturnType<typeof focused>>) => boolean,
  what: string,
  limit = 60,
  key: 'Tab' | 'Shift+Tab' = 'Tab',
) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    const f = await focused(page);
    if (matches(f)) return;
  }
  throw new Error(
    `${what} was not reached with Tab in ${limit} presses (last: ${JSON.stringify(await focused(page))})`,
  );
}

test('the public pages pass axe at phone and desktop width', async ({ page }) => {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(size);
    for (const path of ['/', '/about', '/plans', '/login', '/signup', '/forgot-password', '/verify']) {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, `${path} at ${size.width}px`);
    }
  }
});

test('a practitioner reaches a case with the keyboard alone: login, dashboard, the case', async ({
  page,
  request,
}) => {
  const title = `Keyboard ${unique()}`;
  const doc = await servedMatter(request, title);

  await page.goto('/login');
  // The e-mail field has the focus on arrival; Tab moves on to the password, Enter submits.
  await expect(page.getByLabel('Email Address')).toBeFocused();
  await page.keyboard.type(DEMO.attorney);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/dashboard/);
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'dashboard');

  // The new-matter form has the focus on arrival: back (Shift+Tab) to the dashboard's tabs, then the arrow keys.
  const onTabs = (f: Awaited<ReturnType<typeof focused>>) =>
    f.text === 'New Matters' || f.text === 'My Cases';
  await tabTo(page, onTabs, 'The dashboard tabs', 40, 'Shift+Tab').catch(() =>
    tabTo(page, onTabs, 'The dashboard tabs', 150),
  );
  for (let i = 0; i < 6 && (await focused(page)).text !== 'My Cases'; i++)
    await page.keyboard.press('ArrowRight');
  expect((await focused(page)).text).toBe('My Cases');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/tab=my-cases/);
  await page.waitForLoadState('networkidle');

  // My Cases opens on Urgent Matters: to its sub-tabs, then with the arrow keys to Active Cases.
  await tabTo(page, (f) => f.text.startsWith('Urgent Matters'), 'The My Cases sub-tabs');
  for (let i = 0; i < 4 && !(await focused(page)).text.startsWith('Active Cases'); i++)
    await page.keyboard.press('ArrowRight');
  expect((await focused(page)).text).toMatch(/^Active Cases/);
  await page.keyboard.press('Enter');
  await page.waitForLoadState('networkidle');

  // To the case's link, and Enter opens it.
  await tabTo(
    page,
    (f) => f.href.endsWith(`/active-case/${doc.id}`),
    `The link of case ${doc.case_number}`,
    120,
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/active-case/${doc.id}`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'case page');
});
