import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://localhost:${PORT}`;
// One fresh data directory per run (workers re-read this file, so it is created once and passed on).
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'lexserve-e2e-'));

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'artifacts/report' }]],
  outputDir: 'artifacts/results',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'pnpm --filter @lexserve/api start',
    cwd: '..',
    url: `${BASE_URL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR,
      // E-mails as files: the admin's outbox view hides live links, so the journeys read the recipient's copy here.
      MAIL_FILE_DIR: join(process.env.E2E_DATA_DIR, 'mail'),
      PUBLIC_URL: BASE_URL,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      PUBLIC_RATE_LIMIT: '1000',
      // The e2e server is a demo: webhooks may reach the journeys' own receiver on this machine (docs/integrations.md).
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});
