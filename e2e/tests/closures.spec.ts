import { expect, type Browser, type Page } from '@playwright/test';
import { DEMO, loginAs, servedMatter, unique, test } from './helpers';

/**
 * Case closure journeys (issue 8): a legal practitioner requests closure, the branch administrator sees the pending
 * indicator (pushed live), approves from the Case Closures tab, the practitioner completes and the case is in
 * Closed Cases as 'Case Closed'; a firm administrator closes a case directly.
 */

test.describe.configure({ timeout: 180_000 });

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, email);
  return page;
}

async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The row of a case in My Cases → Closed Cases. */
async function closedCaseRow(page: Page, title: string) {
  await page.goto('/app/dashboard?tab=my-cases&subtab=closed');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  return row;
}

test('a practitioner requests closure, the branch admin approves from the indicator, the practitioner completes', async ({
  browser,
  request,
}) => {
  const title = `Closure journey ${unique()}`;
  const doc = await servedMatter(request, title);

  // The branch administrator is already in the app: the indicator is there before any request.
  const admin = await signedIn(browser, DEMO.branchAdmin);
  await admin.goto('/app/dashboard');
  const indicator = admin.getByRole('button', {
    name: /case closure\(s\) pending approval|No pending case closures/,
  });
  await expect(indicator).toBeVisible();
  const before = Number(
    /^(\d+) case closure/.exec((await indicator.getAttribute('aria-label')) ?? '')?.[1] ?? 0,
  );

  // The practitioner requests closure from the case page.
  const attorney = await signedIn(browser, DEMO.attorney);
  await attorney.goto(`/app/dashboard/active-case/${doc.id}`);
  await expect(attorney.getByRole('heading', { name: title })).toBeVisible();
  await attorney.getByRole('button', { name: 'Request Case Closure' }).first().click();
  const dialog = attorney.getByRole('dialog', { name: 'Request Case Closure' });
  await expect(dialog.getByText('This case is eligible for closure.')).toBeVisible();
  await expect(dialog.getByText('1/3 completed')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Submit Request' })).toBeDisabled();
  await expect(
    dialog.getByText(
      /The case must meet all eligibility requirements before a closure request can be submitted/,
    ),
  ).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'All required documents attached' }).check();
  await dialog
    .getByRole('textbox', { name: 'Case Summary' })
    .fill('Served on the respondent; no opposition received.');
  await expect(dialog.getByText('3/3 completed')).toBeVisible();
  await choose(attorney, /closure reason/i, 'Service completed successfully');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(dialog).toBeHidden();
  await expect(attorney.getByRole('button', { name: 'Closure Pending Approval' }).first()).toBeDisabled();

  // The indicator goes up without a reload (pushed over the notifications channel, well before the 30 s poll).
  await expect(
    admin.getByRole('button', { name: `${before + 1} case closure(s) pending approval` }),
  ).toBeVisible({ timeout: 20_000 });
  await admin.getByRole('button', { name: /case closure\(s\) pending approval/ }).click();
  await expect(admin).toHaveURL(/tab=case-closures/);
  await expect(admin.getByText('Review and approve case closure requests from your team.')).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByText('Aisha Patel')).toBeVisible();
  await row.getByRole('button', { name: 'Approve' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Approve Case Closure' });
  await expect(confirm.getByText('Service completed successfully')).toBeVisible();
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Case closure approved')).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: title })).toHaveCount(0);

  // The practitioner completes: the case is closed and the app returns to the dashboard.
  await attorney.reload();
  await attorney.getByRole('button', { name: 'Complete Case Closure' }).first().click();
  await attorney
    .getByRole('dialog', { name: 'Complete Case Closure' })
    .getByRole('button', { name: 'Complete Closure' })
    .click();
  await expect(attorney).toHaveURL(/\/app\/dashboard$/);
  const closed = await closedCaseRow(attorney, title);
  await expect(closed.getByText('Case Closed')).toBeVisible();

  // The case page tells the story: 'Case Closed' and the closure history, newest first.
  await attorney.goto(`/app/dashboard/active-case/${doc.id}?tab=closure`);
  await expect(attorney.getByRole('button', { name: 'Case Closed' }).first()).toBeDisabled();
  const history = attorney.getByRole('list', { name: 'Case closure history' });
  await expect(history.getByText('Closure Completed')).toBeVisible();
  await expect(history.getByText('Closure Approved')).toBeVisible();
  await expect(history.getByText('Closure Requested')).toBeVisible();
});

test('a firm administrator closes a case directly', async ({ browser, request }) => {
  const title = `Direct close ${unique()}`;
  const doc = await servedMatter(request, title);
  const page = await signedIn(browser, DEMO.firmAdmin);
  await page.goto(`/app/dashboard/active-case/${doc.id}`);
  await page.getByRole('button', { name: 'Close Case' }).first().click();
  await expect(page.getByRole('menuitem', { name: 'Request Case Closure' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Close Case Directly' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close Case Directly' });
  await expect(dialog.getByText(/bypasses the approval workflow/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close Case Now' })).toBeDisabled();
  await choose(page, /closure reason/i, 'Administrative closure');
  await dialog.getByRole('button', { name: 'Close Case Now' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  const closed = await closedCaseRow(page, title);
  await expect(closed.getByText('Case Closed')).toBeVisible();
  await page.goto(`/app/dashboard/active-case/${doc.id}`);
  await expect(page.getByRole('button', { name: 'Case Closed' }).first()).toBeDisabled();
});
