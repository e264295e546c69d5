#!/usr/bin/env node
// Bootstraps the toolchain (pnpm, dependencies, Chromium for e2e) and runs one project task.
// Keeps `npm start` / `npm test` working on a fresh machine that has only Node and npm.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = '10.34.9';
const task = process.argv[2] ?? 'start';

const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const run = (cmd, env = {}) => {
  const res = spawnSync(cmd, { cwd: root, stdio: 'inherit', shell: true, env: { ...process.env, ...env } });
  if (res.status !== 0) process.exit(res.status ?? 1);
};

function pnpm() {
  if (has('pnpm')) return 'pnpm';
  console.log(`[lexserve] installing pnpm ${PNPM_VERSION} with npm`);
  const res = spawnSync('npm', ['install', '-g', `pnpm@${PNPM_VERSION}`], { stdio: 'inherit' });
  if (res.status === 0 && has('pnpm')) return 'pnpm';
  return `npx --yes pnpm@${PNPM_VERSION}`;
}

function installDependencies(pm) {
  const marker = join(root, 'node_modules', '.modules.yaml');
  const lock = join(root, 'pnpm-lock.yaml');
  const fresh = existsSync(marker) && existsSync(lock) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs;
  if (fresh && !process.env.CI) return;
  run(`${pm} install ${process.env.CI ? '--frozen-lockfile' : ''}`);
}

function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `[lexserve] Chromium is needed for the e2e journeys: install it with "apt-get install -y chromium"`,
    );
    process.exit(1);
  }
  console.log('[lexserve] installing Chromium from Debian packages for the e2e journeys');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
}

/**
 * The demo start lets webhooks reach a receiver on this machine or its network (WEBHOOK_ALLOW_PRIVATE_TARGETS, see
 * docs/integrations.md); a production start (SEED_DEMO=false) keeps the SSRF guard unless told otherwise.
 */
const demoWebhookTargets = () =>
  process.env.SEED_DEMO !== 'false' && process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS === undefined
    ? { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }
    : {};

const pm = pnpm();
installDependencies(pm);

switch (task) {
  case 'start':
    run(`${pm} turbo run build --filter=@lexserve/web --filter=@lexserve/api`);
    run(`${pm} --filter @lexserve/api start`, {
      NODE_ENV: process.env.NODE_ENV ?? 'production',
      ...demoWebhookTargets(),
    });
    break;
  case 'dev':
    run(`${pm} turbo run dev`);
    break;
  case 'test':
    run(`${pm} turbo run typecheck lint test --continue --concurrency=1`);
    run(`${pm} exec prettier --check .`);
    run(`${pm} exec knip`);
    ensureChromium();
    run(`${pm} turbo run build --filter=@lexserve/web --filter=@lexserve/api`);
    run(`${pm} --filter @lexserve/e2e run e2e`);
    break;
  case 'test:db':
    // The API's tests that open a database, on the database of DATABASE_URL (CI's PostgreSQL pass).
    run(`${pm} --filter @lexserve/api test`, { DATABASE_TESTS_ONLY: 'true' });
    break;
  case 'lint':
    run(`${pm} turbo run lint`);
    run(`${pm} exec prettier --check .`);
    run(`${pm} exec knip`);
    break;
  case 'backup':
  case 'restore': {
    // Folders are taken from where the command was typed, not from apps/api where it runs.
    const from = process.env.INIT_CWD ?? process.cwd();
    const args = process.argv.slice(3).map((a) => (a.startsWith('--') ? a : resolve(from, a)));
    if (task === 'backup' && !args.some((a) => !a.startsWith('--')))
      args.push(resolve(from, 'backups', `lexserve-${new Date().toISOString().replace(/[:.]/g, '-')}`));
    run(`${pm} --filter @lexserve/api ${task} ${args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ')}`);
    break;
  }
  case 'bench':
    run(`${pm} --filter @lexserve/api bench`);
    break;
  default:
    run(`${pm} turbo run ${task}`);
}
