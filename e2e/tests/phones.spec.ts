import { expect, type Locator } from '@playwright/test';
import { DEMO, expectAccessible, loginAs, servedMatter, test, unique } from './helpers';

/**
 * Phones (390 px) and the controls each role can use: touch targets of 44 px on the case page, the PDF viewer titled
 * with the file's name, tab strips that keep the selected tab in view, admin figures as cards, a sheriff's landing.
 */

test.describe.configure({ timeout: 180_000 });

const PHONE = { width: 390, height: 844 };

/** The selected tab of the strip lies inside the strip's visible part (not under a scroll arrow). */
async function expectSelectedTabInView(strip: Locator) {
  const selected = strip.locator('[aria-selected="true"]');
  await expect(selected).toBeVisible();
  await expect
    .poll(async () =>
      selected.evaluate((tab) => {
        const scroller = tab.closest('.MuiTabs-scroller') ?? tab.parentElement!;
        const t = tab.getBoundingClientRect();
        const s = scroller.getBoundingClientRect();
        return t.left >= s.left - 1 && t.right <= s.right + 1;
      }),
    )
    .toBe(true);
}

test('a practitioner on a phone: 44 px buttons on the case page, and the PDF viewer titled with the file name', async ({
  page,
  request,
}) => {
  const title = `Phone ${unique()}`;
  const doc = await servedMatter(request, title);
  await page.setViewportSize(PHONE);
  await loginAs(page, DEMO.attorney);
  await page.goto(`/app/dashboard/active-case/${doc.id}?tab=documents`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  const header = [
    page.getByRole('link', { name: /^Back to/ }),
    page.getByRole('button', { name: 'Request Case Closure' }),
  ];
  for (const control of header) {
    const box = await control.boundingBox();
    expect(box?.height, (await control.textContent()) ?? undefined).toBeGreaterThanOrEqual(44);
  }
  const view = page.getByRole('button', { name: 'View summons.pdf' });
  const box = await view.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  expect(box?.width).toBeGreaterThanOrEqual(44);

  await view.click();
  const frame = page.getByTitle('Preview of summons.pdf');
  await expect(frame).toBeVisible();
  const src = (await frame.getAttribute('src')) ?? '';
  // Same origin, and the path ends with the file's name: the browser's PDF viewer takes its title from it.
  expect(src).toMatch(new RegExp(`^/api/v1/documents/${doc.id}/files/\\d+/view/summons\\.pdf\\?token=`));
  const answer = await page.request.get(src);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  expect(answer.headers()['content-disposition']).toMatch(/^inline; filename="summons\.pdf"/);
  await page.screenshot({ path: 'artifacts/phone-case-viewer.png' });
});

test('a system administrator on a phone: the selected admin tab stays in view, analytics as cards', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await loginAs(page, DEMO.admin);
  for (const section of ['sheriffs', 'reports', 'users']) {
    await page.goto(`/app/admin/${section}`);
    await page.waitForLoadState('networkidle');
    await expectSelectedTabInView(page.locator('[aria-labelledby="admin-portal-title"]'));
  }
  await page.goto('/app/admin/analytics');
  await page.waitForLoadState('networkidle');
  await expectSelectedTabInView(page.locator('[aria-labelledby="admin-portal-title"]'));
  // The demo firm's billing period ends within 30 days: one card, nothing clipped.
  const ending = page.getByRole('list', { name: 'Subscriptions ending soon' });
  await expect(ending.getByRole('listitem').first()).toContainText('Demo Attorneys Inc.');
  await expect(page.getByRole('table', { name: 'Subscriptions ending soon' })).toHaveCount(0);
  const card = await ending.getByRole('listitem').first().boundingBox();
  expect((card?.x ?? 0) + (card?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page, 'analytics at 390px');
  await page.screenshot({ path: 'artifacts/phone-analytics.png', fullPage: true });
});

test('a sheriff lands on the documents to serve and sees no control for making matters', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await loginAs(page, DEMO.sheriff);
  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { name: 'My Cases' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'New Matters' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: /Active Cases/, selected: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Drafts/ })).toHaveCount(0);
  await page.goto('/app/dashboard?tab=new-matters');
  await expect(page.getByRole('heading', { name: 'My Cases' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Active Cases/, selected: true })).toBeVisible();
  await expectAccessible(page, 'sheriff dashboard at 390px');
});
