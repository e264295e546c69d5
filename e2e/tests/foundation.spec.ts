import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, allowConsoleErrors, loginAs, unique, expectAccessible, test } from './helpers';

/**
 * Journeys of the web app foundation (issue 4): sign-up and the plan gate, user management,
 * profile, password change, session expiry; and screenshots of each page at desktop and phone width.
 */

const SHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
mkdirSync(SHOTS, { recursive: true });

// These journeys walk many pages (and shoot each at two widths): more time than the default minute.
test.describe.configure({ timeout: 240_000 });

const VIEWPORTS = { desktop: { width: 1366, height: 860 }, phone: { width: 390, height: 844 } } as const;

async function shoot(page: Page, name: string) {
  await expectAccessible(page, name);
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS, `foundation-${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

/** Collects console errors and uncaught exceptions so a journey can assert there were none. */
function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    // The browser logs every non-2xx answer as a console error; a 404 from my-subscription is how the
    // server says "no subscription", so network-level lines are left out and only app errors count.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function logout(page: Page) {
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
}

/** The firm administrator adds a user through the dialog and reads the one-time password. */
async function addFirmUser(
  page: Page,
  options: { email: string; fullName: string; role: 'Legal Practitioner' | 'Branch Administrator' },
) {
  await page.goto('/app/dashboard?tab=user-management');
  await page.getByRole('button', { name: 'Add New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New User' });
  await dialog.getByLabel(/^Email/).fill(options.email);
  await dialog.getByLabel(/^Full Name/).fill(options.fullName);
  if (options.role === 'Branch Administrator') {
    await dialog.getByRole('combobox', { name: /^Role/ }).click();
    await page.getByRole('option', { name: 'Branch Administrator' }).click();
  } else {
    await dialog.getByRole('combobox', { name: /Branch \(Required\)/ }).click();
    await page.getByRole('option').first().click();
  }
  await dialog.getByRole('button', { name: 'Create User' }).click();
  const created = page.getByRole('dialog', { name: 'User Created Successfully!' });
  await expect(created).toBeVisible();
  const password = (await created.getByLabel('Generated password').textContent())?.trim() ?? '';
  expect(password.length).toBeGreaterThanOrEqual(8);
  await created.getByRole('button', { name: "I've Saved the Password" }).click();
  await expect(page.getByText(`User ${options.fullName} created successfully!`)).toBeVisible();
  return password;
}

/** Opens a user's Actions menu in the user management tab. */
async function openActions(page: Page, fullName: string) {
  await page.getByRole('button', { name: `Actions for ${fullName}`, exact: true }).click();
}

test('a new firm signs up, logs in and meets the plan gate', async ({ page }) => {
  const errors = watchConsole(page);
  const id = unique();
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Administrator Account' }).click();
  await expect(page.getByText('Full name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Please enter a complete business address')).toBeVisible();
  await shoot(page, 'signup-errors');

  const email = `admin.${id}@firm-${id}.co.za`;
  await page.getByLabel(/^Your Full Name/).fill('Zanele Mahlangu');
  await page.getByLabel(/^Your Email Address/).fill(email);
  await page.getByLabel(/^Password/).fill('Firm@2025pass');
  await page.getByLabel(/^Confirm Password/).fill('Firm@2025pass');
  await page.getByLabel(/^Law Firm Name/).fill(`Mahlangu ${id} Attorneys`);
  await page.getByLabel(/^Firm Contact Email/).fill(`info@firm-${id}.co.za`);
  await page.getByLabel(/^Firm Business Address/).fill('25 Church Street, Pretoria, 0002');
  await page.getByLabel(/^Main Branch Name/).fill('Pretoria');
  await page.getByLabel(/^Practice Number/).fill(`PN-${id}`);
  await page.getByRole('button', { name: 'Create Administrator Account' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText('Account created successfully! Please log in with your credentials.'),
  ).toBeVisible();
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Firm@2025pass');
  await page.getByRole('button', { name: 'Log in' }).click();

  // No subscription yet: the dashboard is closed and the plans page opens instead.
  await expect(page).toHaveURL(/\/app\/plans$/);
  await expect(page.getByText('Choose Your Subscription Plan')).toBeVisible();
  await expect(page.getByText('Subscription Required').first()).toBeVisible();
  await page.goto('/app/dashboard');
  await expect(page).toHaveURL(/\/app\/plans$/);
  // Profile stays open without a subscription.
  await page.goto('/app/profile');
  await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
  await shoot(page, 'gated-profile');
  expect(errors).toEqual([]);
});

test('a firm administrator adds a practitioner, changes a role and deactivates a user who then cannot log in', async ({
  page,
}) => {
  const id = unique();
  await loginAs(page, DEMO.firmAdmin);
  await expect(page).toHaveURL(/\/app\/dashboard/);

  const fullName = `Lindiwe ${id}`;
  const email = `lindiwe.${id}@demo.co.za`;
  const password = await addFirmUser(page, { email, fullName, role: 'Legal Practitioner' });
  await shoot(page, 'user-management');

  // Own account: the actions are disabled.
  await expect(
    page.getByRole('button', { name: /Actions for .* \(You cannot modify your own account\)/ }),
  ).toBeDisabled();

  await openActions(page, fullName);
  await page.getByRole('menuitem', { name: 'Change Role' }).click();
  const roleDialog = page.getByRole('dialog', { name: 'Change User Role' });
  await expect(roleDialog.getByRole('combobox', { name: /New Role/ })).toHaveText('Branch Administrator');
  await roleDialog.getByLabel(/^Reason/).fill('Now runs the branch');
  await roleDialog.getByRole('button', { name: 'Change Role' }).click();
  await expect(page.getByText(`User ${fullName}'s role changed successfully!`)).toBeVisible();

  await openActions(page, fullName);
  await page.getByRole('menuitem', { name: 'Deactivate User' }).click();
  const statusDialog = page.getByRole('dialog', { name: 'Deactivate User' });
  await statusDialog.getByRole('button', { name: 'Deactivate User' }).click();
  await expect(statusDialog.getByText('Reason is required')).toBeVisible();
  await statusDialog.getByLabel(/^Reason/).fill('Left the firm');
  await statusDialog.getByRole('button', { name: 'Deactivate User' }).click();
  await expect(page.getByText(`User ${fullName} deactivated successfully!`)).toBeVisible();

  await logout(page);
  allowConsoleErrors(page, /403 \(Forbidden\) \(.*\/users\/login\)/); // the deactivated user, on purpose
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Access denied. Your account may be suspended or inactive.',
  );
  await expect(page).toHaveURL(/\/login/);
});

test('a new practitioner edits the profile and changes the generated password', async ({ page }) => {
  const errors = watchConsole(page);
  const id = unique();
  await loginAs(page, DEMO.firmAdmin);
  const email = `bongani.${id}@demo.co.za`;
  const generated = await addFirmUser(page, { email, fullName: `Bongani ${id}`, role: 'Legal Practitioner' });
  await logout(page);

  // The generated password is replaced before anything else (a wrong temporary password keeps the user there).
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(generated);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/change-password/);
  await expect(
    page.getByText('Please change your password before continuing.', { exact: false }),
  ).toBeVisible();
  allowConsoleErrors(page, /401 \(Unauthorized\) \(.*\/users\/change-password\)/); // the wrong password, on purpose
  await page.getByLabel(/^Temporary Password/).fill('not-the-password');
  await page.getByLabel(/^New Password/).fill('Bongani@2025');
  await page.getByLabel(/^Confirm New Password/).fill('Bongani@2025');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Current password is incorrect.')).toBeVisible();
  await expect(page).toHaveURL(/\/change-password/);
  await shoot(page, 'change-password-required');
  await page.getByLabel(/^Temporary Password/).fill(generated);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page).toHaveURL(/\/app\//);

  await page.goto('/app/profile');
  await expect(page.getByLabel(/^Full Name/)).toHaveValue(`Bongani ${id}`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('No changes to save.')).toBeVisible();
  await page.getByLabel(/^Phone Number/).fill('+27 83 555 0199');
  await page.getByLabel(/^Address/).fill('8 Loop Street, Cape Town');
  await expect(page.getByText('You have unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/^Phone Number/)).toHaveValue('+27 83 555 0199');
  await shoot(page, 'profile');

  await page.goto('/app/account');
  await expect(page.getByLabel(/^Current Password/)).toHaveValue('');
  await shoot(page, 'account');

  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('heading', { name: 'Notification Preferences' })).toBeVisible();
  await page.getByLabel('Deadline e-mail').click();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Notification preferences saved.')).toBeVisible();
  await shoot(page, 'notification-preferences');

  await logout(page);
  await loginAs(page, email, 'Bongani@2025');
  expect(errors).toEqual([]);
});

test('an idle session expires to the login page (shortened timers)', async ({ page }) => {
  // Spec 4.2 timers shortened through configuration: warning after 3 s, logout after 6 s.
  await page.addInitScript(() => {
    localStorage.setItem(
      'lexserve.session_timing',
      JSON.stringify({ inactivityLogoutMs: 6000, expiryWarningMs: 3000, inactivityCheckMs: 500 }),
    );
  });
  await loginAs(page, DEMO.attorney);
  await expect(page.getByText('Session Expiring')).toBeVisible({ timeout: 8000 });
  await expect(page.getByText('Your session is about to expire…')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?reason=session_expired$/, { timeout: 10_000 });
  await expect(page.getByText('Session Expired')).toBeVisible();
  await expect(
    page.getByText('Your session has expired due to inactivity. Please log in again to continue.'),
  ).toBeVisible();
  await shoot(page, 'login-session-expired');
  // Closing the warning removes the reason from the address.
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The session is really over: the app asks for a login again.
  await page.goto('/app/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('routes and redirects of the public area', async ({ page }) => {
  await page.goto('/app/profile');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/forgot-password');
  await page.getByLabel(/^Email Address/).fill('nobody@example.co.za');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toContainText(/reset link/i);
  allowConsoleErrors(page, /400 \(Bad Request\) \(.*\/auth\/reset-password\)/); // the invalid link, on purpose
  await page.goto('/reset-password?token=not-a-real-token');
  await page.getByLabel(/^New Password/).fill('Another@2025');
  await page.getByLabel(/^Confirm New Password/).fill('Another@2025');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('This reset link is invalid or has expired.')).toBeVisible();

  await loginAs(page, DEMO.admin);
  await expect(page).toHaveURL(/\/app\/admin/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/app\/admin/);
  await page.goto('/plans');
  await expect(page).toHaveURL(/\/app\/plans$/);
});

test('screenshots of the foundation pages at desktop and phone width', async ({ page }) => {
  const errors = watchConsole(page);
  for (const [path, name] of [
    ['/', 'home'],
    ['/about', 'about'],
    ['/login', 'login'],
    ['/signup', 'signup'],
    ['/forgot-password', 'forgot-password'],
    ['/reset-password?token=x', 'reset-password'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    await shoot(page, name);
  }

  await loginAs(page, DEMO.firmAdmin);
  for (const [path, name] of [
    ['/app/dashboard', 'firm-admin-dashboard'],
    ['/app/dashboard?tab=user-management', 'firm-admin-user-management'],
    ['/app/profile', 'firm-admin-profile'],
    ['/app/account', 'firm-admin-account'],
  ] as const) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await shoot(page, name);
  }
  await page.setViewportSize(VIEWPORTS.phone);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.screenshot({ path: join(SHOTS, 'foundation-firm-admin-drawer-phone.png') });
  await page.keyboard.press('Escape');
  await page.setViewportSize(VIEWPORTS.desktop);

  for (const [email, name] of [
    [DEMO.branchAdmin, 'branch-admin'],
    [DEMO.attorney, 'legal-practitioner'],
    [DEMO.sheriff, 'sheriff'],
  ] as const) {
    await logout(page);
    await loginAs(page, email, DEMO_PASSWORD);
    await page.waitForLoadState('networkidle');
    await shoot(page, `${name}-dashboard`);
  }

  await logout(page);
  await loginAs(page, DEMO.admin);
  await shoot(page, 'system-admin');
  await page.setViewportSize(VIEWPORTS.phone);
  await page.getByRole('button', { name: 'Open admin menu' }).click();
  const drawer = page.getByRole('navigation', { name: 'Admin Menu' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('System Administrator').first()).toBeVisible();
  await page.screenshot({ path: join(SHOTS, 'foundation-system-admin-drawer-phone.png') });
  expect(errors).toEqual([]);
});
