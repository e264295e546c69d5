import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo@12345';
export const DEMO = {
  admin: 'admin@lexserve.co.za',
  firmAdmin: 'firmadmin@demo.co.za',
  branchAdmin: 'branchadmin@demo.co.za',
  attorney: 'attorney@demo.co.za',
  sheriff: 'sheriff@demo.co.za',
} as const;

/** Logs in through the login page, as a person would. */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/app\//);
}

export const unique = () => Math.random().toString(36).slice(2, 8);
