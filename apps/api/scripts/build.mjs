// Bundles the API into dist/server.mjs for production: our TypeScript (this package and @lexserve/contracts)
// compiled into one ES module, every npm dependency left external and loaded from node_modules at run time.
// Running compiled code instead of transpiling on start keeps the server's memory and start time down
// (see docs/decisions.md, "Running the API"). The PDF worker (src/lib/pdf-merge.worker.ts) is a second entry,
// dist/pdf-merge.worker.mjs: the server starts it as a worker thread from beside server.mjs. dist/ops.mjs is
// `backup`/`restore` for an installation without the sources (the Docker image: `node dist/ops.mjs backup …`).
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const packageDir = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => !name.startsWith('@lexserve/'),
);

await build({
  absWorkingDir: packageDir,
  entryPoints: {
    server: 'src/server.ts',
    'pdf-merge.worker': 'src/lib/pdf-merge.worker.ts',
    ops: 'src/ops.ts',
  },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
});
