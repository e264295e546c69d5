import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, unique, test } from './helpers';

/**
 * The notifications journey (spec 1, 2.11, 4.3, 4.4): with the centre open, a notification caused by someone else
 * arrives over the real-time channel without a reload, the navigation badge goes up, and marking it read brings
 * the badge down again.
 */

async function apiLogin(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await request.post('/api/v1/users/login', { data: { email, password } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).access_token as string;
}

test('a notification arrives while the centre is open; the badge follows; mark read', async ({
  page,
  request,
}) => {
  // A fresh attorney of the demo firm, so that the counts start from a known state.
  const adminToken = await apiLogin(request, DEMO.firmAdmin);
  const auth = { authorization: `Bearer ${adminToken}` };
  const admin = await (await request.get('/api/v1/users/me', { headers: auth })).json();
  const email = `notify-${unique()}@demo.co.za`;
  const created = await request.post('/api/v1/users/create-firm-user', {
    headers: auth,
    data: { email, full_name: 'Naledi Khumalo', role: 'legal_practitioner', branch_id: admin.branch_id },
  });
  expect(created.status()).toBe(201);
  const { user, generated_password: password } = await created.json();

  // A generated password is replaced at first login.
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/change-password/);
  await page.getByLabel(/Temporary Password/).fill(password);
  await page.getByLabel(/^New Password/).fill('Chosen@2025');
  await page.getByLabel(/Confirm New Password/).fill('Chosen@2025');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page).toHaveURL(/\/app\//);
  await page.goto('/app/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  // The welcome notification of the new account.
  await expect(page.getByRole('heading', { name: 'Welcome to LexServe' })).toBeVisible();
  await expect(page.getByTestId('notification-counts')).toHaveText('1 total, 1 unread');
  const badge = page.getByRole('link', { name: /^Notifications, \d+\+? unread$/ });
  await expect(badge).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page.getByText('Live', { exact: true })).toBeVisible();

  // Someone else acts: the firm administrator changes the attorney's role.
  const changed = await request.put(`/api/v1/users/change-role/${user.id}`, {
    headers: auth,
    data: { new_role: 'branch_admin', reason: 'Leads the Cape Town branch' },
  });
  expect(changed.ok()).toBeTruthy();

  // It arrives on top, without a reload; the header and the badge go up.
  const cards = page.getByTestId('notification-card');
  await expect(cards.first().getByRole('heading')).toHaveText('Your role has changed');
  await expect(cards.first()).toContainText(
    'Your role changed from Legal Practitioner to Branch Administrator.',
  );
  await expect(page.getByTestId('notification-counts')).toHaveText('2 total, 2 unread');
  await expect(badge).toHaveAccessibleName('Notifications, 2 unread');

  // Mark it read: toast, card no longer unread, badge down.
  await page.getByRole('button', { name: 'Mark as read: Your role has changed' }).click();
  await expect(page.getByText('Notification marked as read')).toBeVisible();
  await expect(cards.first()).not.toHaveAttribute('data-unread', 'true');
  await expect(page.getByTestId('notification-counts')).toHaveText('2 total, 1 unread');
  await expect(badge).toHaveAccessibleName('Notifications, 1 unread');

  // Mark All Read clears the badge.
  await page.getByRole('button', { name: 'Mark All Read' }).click();
  await expect(page.getByText('All notifications marked as read')).toBeVisible();
  await expect(page.getByTestId('notification-counts')).toHaveText('2 total, 0 unread');
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

  // The state is the server's: after a reload nothing is unread.
  await page.reload();
  await expect(page.getByTestId('notification-counts')).toHaveText('2 total, 0 unread');
});
