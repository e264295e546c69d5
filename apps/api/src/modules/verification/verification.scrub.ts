import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { rowsOf } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { FileMissingError, type FileStore } from '../../lib/storage';

/**
 * The integrity of stored proof PDFs, re-proven in the background instead of on every check (a check answers from
 * memory, verification.cache.ts). Every SCRUB_MS the scrub re-hashes the SCRUB_BATCH files checked longest ago (never
 * checked first) against the SHA-256 recorded at generation and records the finding on the file's row: a file found
 * altered gets `integrity_failed_at`, which this process forgets at once (Deps.verification) and NOTIFYs the other
 * processes (migration 0017), so that its checks answer "invalid" at once; a file found intact again (restored from a
 * backup) has it cleared the same way. A missing file is logged and
 * left as it is (its checks answer hash_verified null, as before). An answer is also re-hashed whenever it is
 * loaded, that is after every change of its proof.
 */
const SCRUB_MS = 60_000;
const SCRUB_BATCH = 200;

/** SHA-256 of a stored file, streamed; null when there is nothing stored to hash. */
export async function hashStoredFile(
  files: FileStore,
  key: string,
  log: FastifyBaseLogger,
): Promise<string | null> {
  try {
    const hash = createHash('sha256');
    for await (const chunk of await files.get(key)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  } catch (err) {
    if (!(err instanceof FileMissingError))
      log.error({ err, key }, 'a stored proof could not be read to check its integrity');
    return null;
  }
}

type ScrubRow = {
  id: number;
  storage_key: string;
  sha256: string;
  failed: boolean;
  document_id: number;
};
type ScrubReport = { checked: number; altered: number[]; missing: number[] };

/** Re-hashes up to `limit` stored proof PDFs, least recently checked first, and records what it found. */
export async function scrubStoredProofs(
  { database, files, verification }: Pick<Deps, 'database' | 'files' | 'verification'>,
  log: FastifyBaseLogger,
  limit = SCRUB_BATCH,
): Promise<ScrubReport> {
  const { db } = database;
  const rows = rowsOf<ScrubRow>(
    await db.execute(sql`
      SELECT f.id, f.storage_key, f.sha256, f.integrity_failed_at IS NOT NULL AS failed, p.document_id
      FROM proof_of_service_files f JOIN proofs_of_service p ON p.id = f.proof_id
      ORDER BY f.integrity_checked_at ASC NULLS FIRST, f.id LIMIT ${limit}`),
  );
  const report: ScrubReport = { checked: rows.length, altered: [], missing: [] };
  for (const row of rows) {
    const actual = await hashStoredFile(files, row.storage_key, log);
    if (actual === null) report.missing.push(Number(row.id));
    else if (actual !== row.sha256) report.altered.push(Number(row.id));
    const altered = actual !== null && actual !== row.sha256;
    await db.execute(sql`
      UPDATE proof_of_service_files
      SET integrity_checked_at = now(),
          integrity_failed_at = CASE WHEN ${altered} THEN coalesce(integrity_failed_at, now())
                                     WHEN ${actual === null} THEN integrity_failed_at ELSE NULL END
      WHERE id = ${row.id}`);
    // A finding made or cleared changes the answer (a missing file changes nothing).
    if (actual !== null && altered !== (row.failed === true || String(row.failed) === 't'))
      verification.changed({ documentId: Number(row.document_id) });
  }
  if (report.altered.length)
    log.error(
      { fileIds: report.altered },
      'integrity scrub: stored proofs of service no longer match their SHA-256',
    );
  if (report.missing.length)
    log.error({ fileIds: report.missing }, 'integrity scrub: stored proofs of service are missing');
  return report;
}

export function registerIntegrityScrub(app: FastifyInstance) {
  app.deps.jobs.every('verification.integrity-scrub', SCRUB_MS, async () => {
    await scrubStoredProofs(app.deps, app.log);
  });
}
