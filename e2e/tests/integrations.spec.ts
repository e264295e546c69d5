import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { DEMO, expectAccessible, loginAs, test, unique } from './helpers';

/*
 * Issue 20: a firm administrator connects the practice-management system: an API key (shown once, used, revoked) and
 * a webhook endpoint on a receiver of our own (the demo allows private targets) that gets a signed test event.
 */
let receiver: Server;
let receiverUrl = '';
const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/lexserve`;
});
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

test('a firm administrator creates an API key, uses it, adds a webhook, sends a test event and revokes the key', async ({
  page,
  request,
}) => {
  await loginAs(page, DEMO.firmAdmin);
  // Developers sits in the user menu, beside Account and Notifications.
  await page.locator('button[aria-controls="user-menu"]').click();
  await page.getByRole('menuitem', { name: 'Developers' }).click();
  await expect(page.getByRole('heading', { name: 'Developers', level: 1 })).toBeVisible();

  const name = `Practice system ${unique()}`;
  await page.getByRole('button', { name: 'Create API key' }).click();
  const create = page.getByRole('dialog', { name: 'Create API key' });
  await create.getByRole('textbox', { name: /Name/ }).fill(name);
  await create.getByRole('radio', { name: 'Read and write' }).check();
  await create.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: 'API key created' });
  const key = (await shown.getByLabel('API key', { exact: true }).textContent())!.trim();
  expect(key).toMatch(/^lxs_/);
  await expectAccessible(page, '/app/developers (key shown once)');
  await shown.getByRole('button', { name: "I've saved it" }).click();
  await expect(page.getByRole('table', { name: 'API keys' }).getByText(name)).toBeVisible();

  const asKey = { Authorization: `Bearer ${key}` };
  expect((await request.get('/api/v1/documents/', { headers: asKey })).status()).toBe(200);
  expect((await request.get('/api/v1/users', { headers: asKey })).status()).toBe(403);

  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const add = page.getByRole('dialog', { name: 'Add webhook endpoint' });
  await add.getByRole('textbox', { name: /Endpoint URL/ }).fill(receiverUrl);
  await add.getByRole('checkbox', { name: /Document served/ }).check();
  await add.getByRole('button', { name: 'Add endpoint' }).click();
  const secretDialog = page.getByRole('dialog', { name: 'Webhook endpoint added' });
  await expect(secretDialog.getByLabel('Signing secret', { exact: true })).toHaveText(/^whsec_/);
  await secretDialog.getByRole('button', { name: "I've saved it" }).click();

  await page.getByRole('button', { name: `Send test event to ${receiverUrl}` }).click();
  await expect(page.getByText('Test event delivered (HTTP 200).')).toBeVisible();
  expect(received).toHaveLength(1);
  expect(received[0]!.headers['webhook-signature']).toMatch(/^v1,/);
  expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'webhook.test' });
  await page.getByRole('button', { name: `Deliveries to ${receiverUrl}` }).click();
  const deliveries = page.getByRole('table', { name: 'Deliveries' });
  await expect(deliveries.getByText('Delivered')).toBeVisible();
  await expect(deliveries.getByText(/HTTP 200/)).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: `Delete ${receiverUrl}` }).click();
  await page
    .getByRole('dialog', { name: 'Delete webhook endpoint?' })
    .getByRole('button', { name: 'Delete endpoint' })
    .click();
  await expect(page.getByRole('table', { name: 'Webhook endpoints' })).toHaveCount(0);

  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  await page
    .getByRole('dialog', { name: 'Revoke API key?' })
    .getByRole('button', { name: 'Revoke key' })
    .click();
  await expect(page.getByRole('table', { name: 'API keys' }).getByText(name)).toHaveCount(0);
  expect((await request.get('/api/v1/documents/', { headers: asKey })).status()).toBe(401);
});
