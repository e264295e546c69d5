import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../config/paths';
import type { RawDb } from './client';

/**
 * Applies the committed SQL files of `apps/api/drizzle/` in name order, each once, each in a transaction.
 * The file's row in `_migrations` is inserted first: when several instances start at once, the others
 * wait on that row's unique index and then skip the file.
 */
export async function migrate(raw: RawDb, dir = MIGRATIONS_DIR): Promise<string[]> {
  await raw.exec(
    `CREATE TABLE IF NOT EXISTS _migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const done = new Set(
    (await raw.query<{ name: string }>('SELECT name FROM _migrations')).map((r) => r.name),
  );
  const applied: string[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    if (done.has(file)) continue;
    const sql = readFileSync(join(dir, file), 'utf8');
    try {
      await raw.execInTransaction(
        `INSERT INTO _migrations (name) VALUES ('${file.replace(/'/g, "''")}');\n${sql}`,
      );
      applied.push(file);
    } catch (err) {
      if ((err as { code?: string }).code === '23505') continue; // applied by another instance meanwhile
      throw new Error(`Migration ${file} failed: ${(err as Error).message}`, { cause: err });
    }
  }
  return applied;
}
