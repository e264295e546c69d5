import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Browser, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, loginAs, unique, expectAccessible, test } from './helpers';

/**
 * Journeys of subscriptions, payments and the admin portal (issue 9), against the real server with
 * the built-in payment simulator standing in for PayFast's hosted page.
 */

const SHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
mkdirSync(SHOTS, { recursive: true });
const shot = async (page: Page, name: string) => {
  await expectAccessible(page, name);
  await page.screenshot({ path: join(SHOTS, `subscriptions-${name}.png`), fullPage: true });
};

// Each journey signs firms up and pays through the simulator: more than the default minute.
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'Firm@2025pass';

type Firm = { email: string; name: string };

/** Registers a new firm through /signup, as its administrator would. */
async function signUpFirm(page: Page): Promise<Firm> {
  const id = unique();
  const firm = { email: `owner.${id}@firm-${id}.co.za`, name: `Nkosi ${id} Attorneys` };
  await page.goto('/signup');
  await page.getByLabel(/^Your Full Name/).fill('Lindiwe Nkosi');
  await page.getByLabel(/^Your Email Address/).fill(firm.email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel(/^Confirm Password/).fill(PASSWORD);
  await page.getByLabel(/^Law Firm Name/).fill(firm.name);
  await page.getByLabel(/^Firm Contact Email/).fill(`info@firm-${id}.co.za`);
  await page.getByLabel(/^Firm Business Address/).fill('10 Fox Street, Johannesburg, 2001');
  await page.getByLabel(/^Main Branch Name/).fill('Johannesburg');
  await page.getByLabel(/^Practice Number/).fill(`PN-${id}`);
  await page.getByRole('button', { name: 'Create Administrator Account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  return firm;
}

/** Picks a plan on /app/plans and goes through the confirmation dialog to the simulator. */
async function buyPlan(page: Page, planName: string, options: { trialDays?: number } = {}) {
  await page.getByRole('button', { name: `Choose Plan: ${planName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Your Plan Selection' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Billing Information')).toBeVisible();
  if (options.trialDays) {
    await expect(dialog.getByText(`${options.trialDays} days free trial included`)).toBeVisible();
    await expect(dialog.getByText('First Charge')).toBeVisible();
  }
  await dialog.getByRole('button', { name: 'Buy Now' }).click();
  // The browser posts the signed form to the provider: here the simulator page served by the API.
  await expect(page).toHaveURL(/\/payments\/simulator\//);
  await expect(page.getByRole('heading', { name: 'Complete your payment' })).toBeVisible();
}

/** Pays on the simulator and checks the success page. */
async function payAndLand(page: Page, planName: string) {
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/app\/payment\/success$/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText(`Payment successful! Your ${planName} plan is now active.`)).toBeVisible();
}

/** A new firm with a paid (or trial) subscription to the plan, its administrator signed in. */
async function subscribedFirm(page: Page, planName: string): Promise<Firm> {
  const firm = await signUpFirm(page);
  await loginAs(page, firm.email, PASSWORD);
  await expect(page).toHaveURL(/\/app\/plans$/);
  await buyPlan(page, planName);
  await payAndLand(page, planName);
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard/);
  return firm;
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('a new firm meets the plan gate, starts a trial through the payment provider and reaches the dashboard', async ({
  page,
}) => {
  const firm = await signUpFirm(page);
  await loginAs(page, firm.email, PASSWORD);

  // The gate: no subscription, so the plans page opens and the dashboard stays closed.
  await expect(page).toHaveURL(/\/app\/plans$/);
  await expect(page.getByText('Choose Your Subscription Plan')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  await page.goto('/app/dashboard');
  await expect(page).toHaveURL(/\/app\/plans$/);
  const smallCard = page.getByRole('article', { name: 'Small Practice' });
  await expect(smallCard.getByText('14 days free trial')).toBeVisible();
  await expect(smallCard.getByText('R 499.00')).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'Enterprise' }).getByText('Contact Us', { exact: true }),
  ).toBeVisible();
  await shot(page, 'plans-gated');

  await buyPlan(page, 'Small Practice', { trialDays: 14 });
  await payAndLand(page, 'Small Practice');
  await expect(
    page.getByText('A confirmation email has been sent to your registered email address.'),
  ).toBeVisible();
  await shot(page, 'payment-success');

  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard/);
  await expect(page.getByRole('tab', { name: 'New Matters' })).toBeVisible();
  await expect(page.getByText('Subscription Required')).toHaveCount(0);

  await page.goto('/app/my-plan');
  await expect(page.getByRole('heading', { name: 'My Subscription Plan' })).toBeVisible();
  await expect(page.getByText('Small Practice').first()).toBeVisible();
  await expect(page.getByText('Trial', { exact: true })).toBeVisible();
  await page.goto('/app/subscription');
  await expect(page.getByText('TRIAL', { exact: true })).toBeVisible();
  await expect(page.getByText('0 / 100')).toBeVisible();
  await shot(page, 'subscription-dashboard');
});

test('a cancelled payment shows the cancel page, the retry goes back to the plan, and the feedback is stored', async ({
  page,
  browser,
}) => {
  const firm = await signUpFirm(page);
  await loginAs(page, firm.email, PASSWORD);
  await expect(page).toHaveURL(/\/app\/plans$/);
  await buyPlan(page, 'Small Practice');

  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/app\/payment\/cancel/);
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
  await expect(
    page.getByText('Your payment was cancelled and no charges were made to your account.'),
  ).toBeVisible();
  await expect(page.getByText('Payment for Small Practice plan was cancelled')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cancelled Payment Details' })).toBeVisible();
  await shot(page, 'payment-cancel');

  await page.getByRole('button', { name: 'Retry Small Practice Payment' }).click();
  await expect(page).toHaveURL(/\/app\/plans$/);
  await expect(page.getByText('Your previous payment was cancelled. You can try again below.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue with Small Practice' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm Your Plan Selection' })).toBeVisible();
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/payments\/simulator\//);

  // Cancelled again: this time the firm says why.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Cancelled' })).toBeVisible();
  await page.getByRole('button', { name: 'Contact Support' }).click();
  const feedback = page.getByRole('dialog', { name: 'What made you cancel the payment?' });
  await feedback.getByLabel('The price was too high').check();
  const comment = `Too dear for a two-person practice ${unique()}`;
  await feedback.getByLabel(/Anything else/).fill(comment);
  await feedback.getByRole('button', { name: 'Submit Feedback' }).click();
  // The dashboard is still closed without a subscription: the gate sends the user to the plans.
  await expect(page).toHaveURL(/\/app\/plans$/);

  // The answer was stored: the system administrator reads it in Reports.
  const admin = await newPage(browser);
  await loginAs(admin, DEMO.admin, DEMO_PASSWORD);
  await admin.goto('/app/admin/reports');
  await expect(admin.getByRole('heading', { name: 'Payment-cancel feedback' })).toBeVisible();
  await expect(admin.getByText(comment)).toBeVisible();
  await admin.context().close();
});

test('a firm administrator previews a downgrade, confirms it, then cancels and keeps access until the period ends', async ({
  page,
}) => {
  await subscribedFirm(page, 'Medium / Large Firm');

  await page.goto('/app/subscription');
  await page.getByRole('link', { name: 'Change Plan' }).click();
  await expect(page).toHaveURL(/\/app\/subscription\/change-plan$/);
  await expect(page.getByRole('radio', { name: 'Medium / Large Firm (current plan)' })).toBeDisabled();
  await page.getByRole('radio', { name: 'Small Practice (downgrade)' }).click();
  await page.getByRole('button', { name: 'Preview Change' }).click();

  await expect(page).toHaveURL(/\/app\/subscription\/preview\?planId=\d+&billingCycle=monthly$/);
  await expect(page.getByRole('heading', { name: 'Review Plan Change' })).toBeVisible();
  const summary = page.getByRole('table', { name: 'Plan change summary' });
  await expect(summary.getByText('Medium / Large Firm')).toBeVisible();
  await expect(summary.getByText('-R 1 000.00')).toBeVisible();
  await expect(page.getByRole('heading', { name: "What's Changing" })).toBeVisible();
  await shot(page, 'preview-downgrade');

  await page.getByRole('button', { name: 'Confirm Change' }).click();
  const confirm = page.getByRole('dialog');
  await expect(
    confirm.getByText('Are you sure you want to change to the Small Practice plan?'),
  ).toBeVisible();
  await expect(
    confirm.getByText('Please ensure your usage is within the new plan limits before confirming.'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm Change' }).click();

  await expect(page).toHaveURL(/\/app\/subscription\/confirmation$/);
  await expect(page.getByRole('heading', { name: 'Plan Change Successful!' })).toBeVisible();
  await expect(page.getByText(/^#\d+$/)).toBeVisible();
  await expect(page.getByText(/Returning to your subscription in \d+ seconds?/)).toBeVisible();
  await shot(page, 'plan-change-confirmation');
  // The page returns to the subscription dashboard by itself after 10 seconds.
  await expect(page).toHaveURL(/\/app\/subscription$/, { timeout: 15_000 });

  // Cancel, with a reason and feedback.
  await page.getByRole('link', { name: 'Cancel', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/subscription\/cancel$/);
  await expect(page.getByText('Access will continue until:')).toBeVisible();
  const cancelButton = page.getByRole('button', { name: 'Cancel Subscription' });
  await expect(cancelButton).toBeDisabled();
  await page.getByRole('combobox', { name: /Reason for cancelling/ }).click();
  await page.getByRole('option', { name: 'Taking a temporary break' }).click();
  await page.getByLabel(/^Feedback/).fill('Back after the court recess.');
  await cancelButton.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, Cancel Subscription' }).click();

  await expect(page).toHaveURL(/\/app\/subscription$/);
  await expect(
    page.getByText(
      'Your subscription has been cancelled successfully. You will retain access until the end of your current billing period.',
    ),
  ).toBeVisible();
  await expect(page.getByText('CANCELLED', { exact: true })).toBeVisible();

  // Access continues to the end of the period: the dashboard stays open, even after a reload.
  await page.goto('/app/dashboard');
  await expect(page).toHaveURL(/\/app\/dashboard/);
  await expect(page.getByRole('tab', { name: 'New Matters' })).toBeVisible();
  await page.goto('/app/my-plan');
  await expect(page.getByText(/You keep access until/)).toBeVisible();
});

test('the system admin creates a plan, then suspends and reactivates a firm on it, gating and un-gating its users', async ({
  page,
  browser,
}) => {
  const planName = `Solo Counsel ${unique()}`;
  await loginAs(page, DEMO.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/app\/admin\/overview$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Total Subscriptions')).toBeVisible();

  await page.getByRole('tab', { name: 'Plans' }).click();
  await expect(page.getByRole('heading', { name: 'Subscription Plans' })).toBeVisible();
  // The plan name follows the plan type: remove a custom plan a previous attempt may have left.
  const leftover = page.getByRole('article').filter({ has: page.getByText('custom', { exact: true }) });
  if (await leftover.count()) {
    await leftover.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  }
  await page.getByRole('button', { name: 'Create Plan' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Subscription Plan' });
  await expect(form.getByLabel('Plan Name')).toHaveValue('custom');
  await form.getByLabel(/^Display Name/).fill(planName);
  await form.getByLabel(/^Description/).fill('For advocates and sole practitioners.');
  await form.getByLabel(/^Monthly Price/).fill('299');
  await form.getByLabel('Max Users').fill('2');
  await form.getByLabel('Sheriff assignment').check();
  await form.getByRole('button', { name: 'Create Plan' }).click();
  await expect(form).toBeHidden();
  const card = page.getByRole('article', { name: planName });
  await expect(card.getByText('R 299.00')).toBeVisible();
  await expect(card.getByText('Up to 2 users')).toBeVisible();
  // The confirmation toast has arrived (it slides in; axe then judges its settled colours).
  await expect(page.getByText('Subscription plan created successfully')).toBeVisible();
  await shot(page, 'admin-plans');

  // A new firm subscribes to the new plan (no trial: the subscription is active at once).
  const firmPage = await newPage(browser);
  const firm = await subscribedFirm(firmPage, planName);

  // Suspend: immediate, and the firm's users are sent to the plans page.
  await page.getByRole('tab', { name: 'Subscriptions' }).click();
  await page.getByRole('searchbox', { name: 'Search subscriptions' }).fill(firm.name);
  const row = page.getByRole('row').filter({ hasText: firm.name });
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Suspend ${firm.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
  await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
  await shot(page, 'admin-suspended');

  await firmPage.goto('/app/dashboard');
  await expect(firmPage).toHaveURL(/\/app\/plans$/);
  await expect(firmPage.getByText('Choose Your Subscription Plan')).toBeVisible();

  // Reactivate: access is back.
  await page.getByRole('tab', { name: /^Cancelled/ }).click();
  await row.getByRole('button', { name: 'View details of ' + firm.name }).click();
  const details = page.getByRole('dialog', { name: 'Subscription Details' });
  await expect(details.getByText('Administrative suspension').first()).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();
  await row.getByRole('button', { name: `Reactivate ${firm.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByText(`${firm.name}'s subscription was reactivated`)).toBeVisible();

  await firmPage.goto('/app/dashboard');
  await expect(firmPage).toHaveURL(/\/app\/dashboard/);
  await expect(firmPage.getByRole('tab', { name: 'New Matters' })).toBeVisible();
  await firmPage.context().close();
});
