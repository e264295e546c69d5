import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import {
  caseFiles,
  lateTimestamps,
  proofOfServiceFiles,
  servedCopies,
  type LateTimestampKind,
} from '../../db/schema/index';
import { inTransaction, type Ctx } from '../../lib/context';
import type { SealedPdf } from '../../lib/seal/seal-pdf';
import { streamToBuffer } from '../../lib/storage';
import { sha256 } from '../../lib/tokens';
import { findDocumentById } from './documents.repository';
import { newFileKey } from './files.service';
import { addTimelineEvent } from '../trail/trail.service';

/**
 * Time-stamps added later (docs/evidence.md). When the time-stamping authority cannot be reached, a PDF is sealed
 * without a time-stamp (PAdES B-B) and the fact is recorded here, in the transaction that records the file. A job
 * (every 15 minutes, and at start-up) asks the authority again and adds the signature time-stamp into the seal
 * itself (lib/seal/late-timestamp.ts: the signed bytes do not change), stores the file again and points its row at
 * it. The file as first sealed still verifies (its SHA-256 is kept here, and the file checks look it up); the
 * trail records the change. A served bundle is left as served: its SHA-256 was e-mailed to the recipient.
 */

type JobCtx = Pick<Ctx, 'db' | 'deps' | 'log'>;

const EVERY_MS = 15 * 60_000;
/** Rows per run; a row that fails waits for the next run (its attempts and last error are kept). */
const BATCH = 20;
const LATE_TIMESTAMP_TASK = 'documents.late-timestamps';

/** In the transaction that records a sealed file: when its seal has no time-stamp, the job is to add one. */
export async function recordMissingTimestamp(
  tx: DbOrTx,
  sealed: Pick<SealedPdf, 'timestamped' | 'timestampProblem'>,
  row: { kind: LateTimestampKind; rowId: number; documentId: number; sha256: string },
): Promise<void> {
  if (sealed.timestamped) return;
  await tx
    .insert(lateTimestamps)
    .values({
      kind: row.kind,
      rowId: row.rowId,
      documentId: row.documentId,
      sealedSha256: row.sha256,
      problem: sealed.timestampProblem,
    })
    .onConflictDoNothing();
}

type Owner = { storageKey: string | null; sha256: string | null; served?: boolean; label: string };

/** The stored file a row of late_timestamps stands for, as recorded now. */
async function ownerOf(db: DbOrTx, kind: LateTimestampKind, id: number): Promise<Owner | undefined> {
  switch (kind) {
    case 'proof': {
      const [r] = await db.select().from(proofOfServiceFiles).where(eq(proofOfServiceFiles.id, id));
      return (
        r && { storageKey: r.storageKey, sha256: r.sha256, label: `Proof of service version ${r.version}` }
      );
    }
    case 'bundle': {
      const [r] = await db.select().from(caseFiles).where(eq(caseFiles.id, id));
      return (
        r && { storageKey: r.storageKey, sha256: r.sha256, served: r.isServed, label: `Bundle ${r.filename}` }
      );
    }
    case 'served_copy': {
      const [r] = await db
        .select({ copy: servedCopies, file: caseFiles })
        .from(servedCopies)
        .innerJoin(caseFiles, eq(caseFiles.id, servedCopies.caseFileId))
        .where(eq(servedCopies.id, id));
      return (
        r && {
          storageKey: r.copy.storageKey,
          sha256: r.copy.sha256,
          label: `Served copy of ${r.file.filename}`,
        }
      );
    }
  }
}

/** Points the row at the time-stamped file (only if it still holds the file that was time-stamped). */
async function repoint(
  tx: DbOrTx,
  kind: LateTimestampKind,
  id: number,
  from: string,
  to: { storageKey: string; sha256: string; size: number },
) {
  const table = kind === 'proof' ? proofOfServiceFiles : kind === 'bundle' ? caseFiles : servedCopies;
  const updated = await tx
    .update(table)
    .set(to)
    .where(and(eq(table.id, id), eq(table.sha256, from)))
    .returning({ id: table.id });
  return updated.length === 1;
}

/** Where each kind's files are stored (see `newFileKey`). */
const KEY_KINDS = { proof: 'proofs', bundle: 'bundles', served_copy: 'served' } as const;

type Pending = typeof lateTimestamps.$inferSelect;

const finish = (db: DbOrTx, id: number, values: Partial<typeof lateTimestamps.$inferInsert>) =>
  db.update(lateTimestamps).set(values).where(eq(lateTimestamps.id, id));

/** Adds the time-stamp to one file. Failures are recorded on the row, never thrown; 'unreachable': the authority is still down. */
async function addOne(ctx: JobCtx, row: Pending): Promise<'added' | 'not_added' | 'unreachable'> {
  const store = ctx.deps.files;
  const owner = await ownerOf(ctx.db, row.kind, row.rowId);
  if (!owner || !owner.storageKey || owner.sha256 !== row.sealedSha256) {
    // Removed, or no longer the file that was sealed without a time-stamp: nothing left to do.
    await finish(ctx.db, row.id, { doneAt: new Date(), lastError: 'the file is no longer stored as sealed' });
    return 'not_added';
  }
  if (owner.served) {
    await finish(ctx.db, row.id, {
      doneAt: new Date(),
      lastError: 'served before the time-stamp could be added: kept as served',
    });
    return 'not_added';
  }
  let added: Awaited<ReturnType<typeof ctx.deps.seal.addTimestamp>>;
  try {
    const pdf = await streamToBuffer(await store.get(owner.storageKey));
    if (sha256(pdf) !== row.sealedSha256)
      throw new Error('the stored file does not match its recorded SHA-256');
    added = await ctx.deps.seal.addTimestamp(pdf);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await finish(ctx.db, row.id, { attempts: row.attempts + 1, lastError: message });
    ctx.log.warn({ kind: row.kind, rowId: row.rowId, err: message }, 'late time-stamp not added yet');
    return err instanceof Error && err.name === 'TimestampUnavailableError' ? 'unreachable' : 'not_added';
  }
  const digest = sha256(added.pdf);
  const doc = (await findDocumentById(ctx.db, row.documentId))!;
  const key = `${newFileKey(doc.firmId, KEY_KINDS[row.kind])}.pdf`;
  await store.put(key, added.pdf, { contentType: 'application/pdf' });
  const kept = await inTransaction(ctx, async (tx) => {
    if (
      !(await repoint(tx, row.kind, row.rowId, row.sealedSha256, {
        storageKey: key,
        sha256: digest,
        size: added.pdf.length,
      }))
    )
      return false;
    await finish(tx, row.id, {
      attempts: row.attempts + 1,
      doneAt: new Date(),
      timestampedSha256: digest,
      timestampTime: added.time,
      lastError: null,
    });
    await addTimelineEvent(tx, {
      documentId: row.documentId,
      firmId: doc.firmId,
      type: 'seal_timestamped',
      description: `${owner.label}: the time-stamp its seal lacked was added (the time-stamping authority was unreachable when it was sealed)`,
      metadata: {
        kind: row.kind,
        row_id: row.rowId,
        sealed_sha256: row.sealedSha256,
        sha256: digest,
        timestamp_time: added.time.toISOString(),
        authority: added.authority,
      },
    });
    return true;
  });
  if (kept) ctx.deps.verification.changed({ documentId: row.documentId });
  // The file as first sealed is removed (its SHA-256 is kept, it still verifies); a lost race keeps it and drops ours.
  await store.delete(kept ? owner.storageKey : key).catch(() => undefined);
  return kept ? 'added' : 'not_added';
}

/**
 * One run of the job: the pending rows, those tried least first (a file that keeps failing does not hold up the
 * others); stops at the first the authority does not answer. Answers how many got their time-stamp.
 */
async function addLateTimestamps(ctx: JobCtx): Promise<number> {
  const due = await ctx.db
    .select()
    .from(lateTimestamps)
    .where(isNull(lateTimestamps.doneAt))
    .orderBy(asc(lateTimestamps.attempts), asc(lateTimestamps.id))
    .limit(BATCH);
  let added = 0;
  for (const row of due) {
    const outcome = await addOne(ctx, row);
    if (outcome === 'unreachable') break;
    if (outcome === 'added') added++;
  }
  if (added) ctx.log.info({ added }, 'late time-stamps added');
  return added;
}

export function lateTimestampSetup(app: FastifyInstance) {
  const ctx: JobCtx = { db: app.deps.database.db, deps: app.deps, log: app.log };
  app.deps.jobs.every(LATE_TIMESTAMP_TASK, EVERY_MS, async () => {
    await addLateTimestamps(ctx);
  });
}
