import { expect } from '@playwright/test';
import { DEMO, expectAccessible, loginAs, servedMatter, test, unique } from './helpers';

/**
 * Deadlines (issue 20): the firm adds its own deadline on a served case, sees it on the case page and in My Cases'
 * "Due" column, and subscribes to its calendar address, whose iCalendar feed lists it.
 */

/** Today + n days in South Africa, YYYY-MM-DD. */
const saDay = (n: number) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Johannesburg',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + n * 86_400_000));

test('a firm deadline on the case page, in My Cases and in the calendar feed', async ({ page, request }) => {
  const title = `Plea in Deadline ${unique()}`;
  const doc = await servedMatter(request, title);
  const due = saDay(2);
  const dueShown = `${due.slice(8, 10)}/${due.slice(5, 7)}/${due.slice(0, 4)}`;

  await loginAs(page, DEMO.firmAdmin);
  await page.goto(`/app/dashboard/active-case/${doc.id}`);
  const panel = page.getByRole('region', { name: 'Deadlines' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('No deadlines yet');
  await panel.getByRole('textbox', { name: 'Deadline', exact: true }).fill('File the replication');
  await panel.getByRole('textbox', { name: 'Due date' }).fill(due);
  await panel.getByRole('button', { name: 'Add deadline' }).click();
  const list = panel.getByRole('list', { name: 'Deadlines of this case' });
  await expect(list).toContainText('File the replication');
  await expect(list).toContainText(`Due ${dueShown}`);
  await expectAccessible(page, 'case page with a deadline');

  // My Cases: the Due column of Active Cases.
  await page.goto('/app/dashboard?tab=my-cases&subtab=active');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText(`Due ${dueShown}`);

  // Account Settings → Calendar: the secret address, and the feed it serves.
  await page.goto('/app/account?tab=calendar');
  await page
    .getByRole('button', { name: /calendar address/ })
    .first()
    .click();
  const address = page.getByLabel('Your calendar address');
  await expect(address).toHaveValue(/\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expectAccessible(page, 'account calendar');
  const url = new URL(await address.inputValue());
  const feed = await request.get(url.pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  const text = (await feed.text()).replace(/\r\n[ \t]/g, '');
  expect(text).toContain('BEGIN:VCALENDAR');
  expect(text).toContain(`DTSTART;VALUE=DATE:${due.replace(/-/g, '')}`);
  expect(text).toContain('SUMMARY:File the replication due');
});
