import { expect } from '@playwright/test';
import { test } from './helpers';

test('the server is ready, serves the app shell, its version and the API docs', async ({ request, page }) => {
  const ready = await request.get('/readyz');
  expect(ready.ok()).toBeTruthy();
  const meta = await request.get('/meta.json');
  expect((await meta.json()).version).toBeTruthy();
  const docs = await request.get('/api/docs/json');
  expect((await docs.json()).paths['/api/v1/users/login']).toBeTruthy();
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: /About Us/i })).toBeVisible();
});
