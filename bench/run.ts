// Runs every benchmark in bench/ one after another (each is a standalone tsx script printing its figures).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
// big-firm.ts seeds a million rows: run on its own (pnpm bench:big-firm), or by name (pnpm bench big-firm).
const files = readdirSync(dir).filter(
  (f) => f.endsWith('.ts') && f !== 'run.ts' && (only ? f.includes(only) : f !== 'big-firm.ts'),
);
let failed = 0;
for (const file of files) {
  console.log(`\n### ${file}`);
  const res = spawnSync('npx', ['tsx', join(dir, file)], {
    stdio: 'inherit',
    cwd: join(dir, '..', 'apps', 'api'),
  });
  if (res.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
