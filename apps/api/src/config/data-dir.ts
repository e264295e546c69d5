import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Makes the data directory private to the server's user: the folder and every folder in it 0700, every file 0600
 * (the embedded database, stored files, the generated JWT secret). Symbolic links are left alone and not followed.
 * New files are private through the process umask (0o077, set by `server.ts` before anything is written), so this
 * only mends what an earlier start or a copy left open. Answers how many entries changed and which could not be
 * changed (not ours, read-only mount).
 */
export function restrictDataDir(dir: string): { changed: number; failed: string[] } {
  let changed = 0;
  const failed: string[] = [];
  const visit = (path: string) => {
    let info;
    try {
      info = lstatSync(path);
    } catch {
      return;
    }
    if (info.isSymbolicLink()) return;
    const wanted = info.isDirectory() ? 0o700 : 0o600;
    if ((info.mode & 0o777) !== wanted) {
      try {
        chmodSync(path, wanted);
        changed++;
      } catch {
        failed.push(path);
      }
    }
    if (info.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  return { changed, failed };
}
