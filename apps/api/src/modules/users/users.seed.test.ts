import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env';
import { createDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { verifyPassword } from '../../lib/passwords';
import { seedAccounts } from './users.seed';
import { userByEmail } from './users.service';

/** Seeds a fresh database with the given variables; answers what was logged and a password check. */
async function seedWith(vars: Record<string, string>) {
  const database = await createDatabase({ memory: true });
  await migrate(database.raw);
  const env = loadEnv({
    BCRYPT_COST: '4',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'lexserve-seed-')),
    JWT_SECRET: 'x'.repeat(40),
    ...vars,
  });
  const lines: string[] = [];
  const record = (...args: unknown[]) =>
    void lines.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
  const log = { info: record, warn: record, error: record, debug: record } as unknown as FastifyBaseLogger;
  await seedAccounts(database.db, env, log);
  const admin = (await userByEmail(database.db, env.ADMIN_EMAIL))!;
  const passwordIs = (password: string) => verifyPassword(password, admin.passwordHash);
  await database.raw.close();
  return { logged: lines.join('\n'), passwordIs };
}

describe('seed: passwords in the log', () => {
  it('never logs ADMIN_PASSWORD', async () => {
    const { logged, passwordIs } = await seedWith({
      ADMIN_PASSWORD: 'Secret-admin-2025',
      SEED_DEMO: 'false',
    });
    expect(await passwordIs('Secret-admin-2025')).toBe(true);
    expect(logged).not.toContain('Secret-admin-2025');
    expect(logged).toContain('ADMIN_PASSWORD');
  });

  it('never logs the demo password (DEMO_PASSWORD may be a private one)', async () => {
    const { logged, passwordIs } = await seedWith({ DEMO_PASSWORD: 'Private-demo-77' });
    expect(await passwordIs('Private-demo-77')).toBe(true);
    expect(logged).not.toContain('Private-demo-77');
    expect(logged).toContain('demo firm created');
  });

  it('logs a password only when it generated it', async () => {
    const { logged, passwordIs } = await seedWith({ SEED_DEMO: 'false' });
    const generated = /admin@lexserve\.co\.za \/ (\S+) \(generated/.exec(logged)?.[1];
    expect(generated).toBeTruthy();
    expect(await passwordIs(generated!)).toBe(true);
  });
});
