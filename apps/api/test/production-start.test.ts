import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, lstatSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv, productionProblems } from '../src/config/env';

const apiRoot = join(import.meta.dirname, '..');
const tsx = join(apiRoot, 'node_modules', '.bin', 'tsx');

const production = {
  JWT_SECRET: 'x'.repeat(40),
  SEED_DEMO: 'false',
  PAYMENT_PROVIDER: 'payfast',
  PAYFAST_MERCHANT_ID: '10000100',
  PAYFAST_MERCHANT_KEY: 'merchant-key',
  PAYFAST_PASSPHRASE: 'a-passphrase',
  ADMIN_PASSWORD: 'a-long-admin-password',
  PUBLIC_URL: 'https://app.lexserve.co.za',
};
const problemsOf = (vars: Record<string, string | undefined>) =>
  productionProblems(loadEnv(vars as NodeJS.ProcessEnv));
const variables = (problems: string[]) => problems.map((p) => p.split(':')[0]);

/** Runs `tsx src/server.ts` with the given variables (no DATABASE_URL: the embedded database in DATA_DIR). */
function startServer(vars: Record<string, string>) {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LOG_LEVEL: 'info',
    BCRYPT_COST: '4',
    HOST: '127.0.0.1',
    PORT: '0',
    ...vars,
  };
  const child = spawn(tsx, ['src/server.ts'], { cwd: apiRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

const until = async (check: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('production start (SEED_DEMO=false)', () => {
  it('a demo start has nothing to refuse', () => {
    expect(problemsOf({ JWT_SECRET: 'x'.repeat(40) })).toEqual([]);
  });

  it('refuses the payment simulator, a missing ADMIN_PASSWORD and a PUBLIC_URL that is not https, naming each variable', () => {
    const problems = problemsOf({ JWT_SECRET: 'x'.repeat(40), SEED_DEMO: 'false' });
    expect(variables(problems)).toEqual(['PAYMENT_PROVIDER', 'ADMIN_PASSWORD', 'PUBLIC_URL']);
    expect(problems[0]).toContain('set PAYMENT_PROVIDER=payfast');
    expect(variables(problemsOf({ ...production, PUBLIC_URL: 'http://app.lexserve.co.za' }))).toEqual([
      'PUBLIC_URL',
    ]);
    expect(variables(problemsOf({ ...production, ADMIN_PASSWORD: undefined }))).toEqual(['ADMIN_PASSWORD']);
    expect(variables(problemsOf({ ...production, ADMIN_PASSWORD: 'Demo@12345' }))).toEqual([
      'ADMIN_PASSWORD',
    ]);
    expect(variables(problemsOf({ ...production, PAYMENT_PROVIDER: 'simulator' }))).toEqual([
      'PAYMENT_PROVIDER',
    ]);
    expect(variables(problemsOf({ ...production, PAYFAST_PASSPHRASE: undefined }))).toEqual([
      'PAYFAST_PASSPHRASE',
    ]);
    expect(problemsOf(production)).toEqual([]);
  });

  it('the server entry exits at once, before listening, and says which variables to set', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lexserve-prod-'));
    const server = startServer({
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      PUBLIC_URL: 'http://lexserve.example',
    });
    const code = await Promise.race([
      server.exited,
      new Promise<'running'>((r) => setTimeout(() => r('running'), 20_000)),
    ]);
    if (code === 'running') server.child.kill('SIGKILL');
    expect(code).toBe(1);
    expect(server.err()).toMatch(/Refusing a production start/);
    for (const name of ['PAYMENT_PROVIDER', 'ADMIN_PASSWORD', 'PUBLIC_URL'])
      expect(server.err()).toContain(`${name}: set ${name}`);
    expect(server.out()).not.toMatch(/listening|running on/i);
    // Nothing was opened: no embedded database was created.
    expect(readdirSync(dataDir)).not.toContain('pglite');
  }, 30_000);
});

/** Folders that are not 0700 and files that are not 0600 under a directory. */
function openEntries(dir: string): string[] {
  const open: string[] = [];
  const walk = (path: string) => {
    const info = lstatSync(path);
    const mode = info.mode & 0o777;
    if (info.isDirectory()) {
      if (mode !== 0o700) open.push(`${path} ${mode.toString(8)}`);
      for (const name of readdirSync(path)) walk(join(path, name));
    } else if (info.isFile() && mode !== 0o600) open.push(`${path} ${mode.toString(8)}`);
  };
  walk(dir);
  return open;
}

describe('demo start', () => {
  it('starts as a demo, says so on /meta.json, and keeps DATA_DIR private (folders 0700, files 0600)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lexserve-demo-'));
    // What an earlier start without the umask left behind: open to everyone.
    mkdirSync(join(dataDir, 'files', 'proofs'), { recursive: true });
    writeFileSync(join(dataDir, 'files', 'proofs', 'old.pdf'), 'x');
    chmodSync(join(dataDir, 'files', 'proofs', 'old.pdf'), 0o666);
    chmodSync(join(dataDir, 'files'), 0o777);
    chmodSync(dataDir, 0o777);
    const server = startServer({ DATA_DIR: dataDir });
    try {
      await until(() => /Server listening at http:\/\/127\.0\.0\.1:\d+/.test(server.out()), 60_000);
      const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(server.out())![1];
      const meta = await (await fetch(`http://127.0.0.1:${port}/meta.json`)).json();
      expect(meta).toMatchObject({ demo: true });
      await until(() => /Demo installation/.test(server.out()), 5_000);
      // The log never shows the demo password (only a password the seed generated).
      expect(server.out()).not.toContain('Demo@12345');
      expect(openEntries(dataDir)).toEqual([]);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    expect(readdirSync(dataDir)).toContain('pglite');
    expect(openEntries(dataDir)).toEqual([]);
  }, 90_000);
});
