import { resolve } from 'node:path';
import { loadEnv } from './config/env';
import { backup, OpsError, restore } from './lib/backup';

/**
 * `pnpm backup [FOLDER]` and `pnpm restore FOLDER [--force]`, with the server's own variables (DATABASE_URL, DATA_DIR,
 * S3_*). Stop the server first when it runs on the embedded database (PGlite is one process's).
 */
const [command, ...args] = process.argv.slice(2);
const force = args.includes('--force');
const folder = args.find((a) => !a.startsWith('--'));
const env = loadEnv();

try {
  if (command === 'backup') {
    const out = resolve(folder ?? `backups/lexserve-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    const manifest = await backup(env, out);
    process.stdout.write(
      `Backup written to ${out}: database (${manifest.database.kind}), ${manifest.file_store.count} stored files ` +
        `(${manifest.file_store.bytes} bytes) from the ${manifest.file_store.kind} store; manifest.json lists ${manifest.entries.length} files with their SHA-256.\n`,
    );
  } else if (command === 'restore') {
    if (!folder) throw new OpsError('say which backup to restore: pnpm restore FOLDER [--force]');
    const manifest = await restore(env, resolve(folder), { force });
    process.stdout.write(
      `Restored ${resolve(folder)} (made ${manifest.created_at}): database (${manifest.database.kind}) and ${manifest.file_store.count} stored files, every checksum verified.\n`,
    );
  } else {
    throw new OpsError('usage: backup [FOLDER] | restore FOLDER [--force]');
  }
  process.exit(0);
} catch (err) {
  process.stderr.write(`${err instanceof OpsError ? err.message : (err as Error).stack}\n`);
  process.exit(1);
}
