import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;
const testFiles = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );

/**
 * DATABASE_TESTS_ONLY=true (CI's PostgreSQL pass, `npm run test:db`): only the test files that open a database
 * (through the test app or the database client); the others were run once already.
 */
const touchesDatabase = (file: string) =>
  /build-app'|db\/client'/.test(readFileSync(join(root, file), 'utf8'));
const include =
  process.env.DATABASE_TESTS_ONLY === 'true'
    ? [...testFiles('src'), ...testFiles('test')]
        .filter(touchesDatabase)
        .map((f) => relative(root, join(root, f)))
    : ['src/**/*.test.ts', 'test/**/*.test.ts'];

export default defineConfig({
  test: {
    include,
    globalSetup: ['test/global-setup.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
