import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The API package's own directory, found from this module's location whether it runs from `src/` (tsx, vitest)
 * or from the bundle in `dist/`: the nearest folder upwards that holds a package.json.
 */
function packageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

const API_ROOT = packageRoot(import.meta.dirname);
/** The committed SQL migrations. */
export const MIGRATIONS_DIR = join(API_ROOT, 'drizzle');
/** The built web app (apps/web/dist), served by the API when present. */
export const WEB_DIST_DIR = join(API_ROOT, '..', 'web', 'dist');
