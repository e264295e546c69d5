import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Ctx } from '../../lib/context';
import { caseFileKeysAmong } from '../documents/document-records.service';
import {
  drawReturnProof,
  ensureProofOfService,
  PROOF_JOB,
  PROOF_REFRESH_JOB,
  refreshProof,
  RETURN_PROOF_JOB,
} from './proof-of-service.service';
import { photoKeysAmong } from './service-record.repository';
import { servedCopyKeysAmong } from './served-copies.repository';
import { proofFileKeysAmong, servedWithoutProof } from './proof-of-service.repository';

/**
 * Serving is recoverable: after any crash the server finishes what a submit started.
 * - The proof job (scheduled in the submit's transaction) generates a missing proof of service; the return proof job
 *   (scheduled with a sheriff's return) draws a return that its request did not get to draw.
 * - The refresh job (scheduled when the delivery record changes) draws a new version that shows the change.
 * - The proof sweep (at start-up, then every 10 minutes) finds served documents without a proof file, whatever the
 *   reason (a job that ran out of attempts, a document served before the job existed), and generates it.
 * - The orphan sweep (at start-up, then every 6 hours) removes stored files that no row uses: a proof PDF or upload
 *   or photo stored just before a crash, and temporary `.part` files of writes a crash cut short.
 */

type RecoveryCtx = Pick<Ctx, 'db' | 'deps' | 'log'>;

const PROOF_SWEEP_MS = 10 * 60_000;
const ORPHAN_SWEEP_MS = 6 * 3_600_000;
/** A document served this recently is its own request's and its job's business, not yet the sweep's. */
const PROOF_GRACE_MS = 5 * 60_000;
/** A stored file this old that no row uses is an orphan (no request or job holds one that long before its row). */
const ORPHAN_AGE_MS = 3_600_000;
/** Where the documents module stores files (see `newFileKey`); the sweep never looks elsewhere in a shared bucket. */
const PREFIXES = ['files/', 'bundles/', 'proofs/', 'served/', 'photos/'];

export function proofRecoverySetup(app: FastifyInstance) {
  const { jobs, database } = app.deps;
  const ctx: RecoveryCtx = { db: database.db, deps: app.deps, log: app.log };
  jobs.register(PROOF_JOB, async (payload) => {
    await ensureProofOfService(ctx, Number(payload.documentId), Number(payload.performedById) || undefined);
  });
  jobs.register(RETURN_PROOF_JOB, async (payload) => {
    await drawReturnProof(
      ctx,
      Number(payload.documentId),
      Number(payload.returnId),
      Number(payload.performedById),
    );
  });
  jobs.register(PROOF_REFRESH_JOB, async (payload) => {
    const reason =
      payload.reason === 'return_issued' || payload.reason === 'regenerated'
        ? payload.reason
        : 'delivery_updated';
    await refreshProof(ctx, Number(payload.documentId), reason);
  });
  jobs.every('documents.proof-sweep', PROOF_SWEEP_MS, async () => {
    await sweepMissingProofs(ctx, app.log);
  });
  jobs.every('documents.orphan-files', ORPHAN_SWEEP_MS, async () => {
    await removeOrphanFiles(ctx, app.log);
  });
}

/** Generates the proof of every served document still without one (at most 20 a round); answers their ids. */
async function sweepMissingProofs(
  ctx: RecoveryCtx,
  log: FastifyBaseLogger,
  now = ctx.deps.clock.now(),
): Promise<number[]> {
  const ids = await servedWithoutProof(ctx.db, new Date(now.getTime() - PROOF_GRACE_MS), 20);
  const generated: number[] = [];
  for (const id of ids) {
    try {
      if ((await ensureProofOfService(ctx, id)) === 'generated') generated.push(id);
    } catch (err) {
      log.error({ err, documentId: id }, 'recovery sweep: proof of service generation failed');
    }
  }
  if (generated.length)
    log.warn(
      { documentIds: generated },
      'recovery sweep: proofs of service generated for served documents without one',
    );
  return generated;
}

/** Removes stored files older than an hour that no case file or proof uses; answers how many. */
async function removeOrphanFiles(
  ctx: RecoveryCtx,
  log: FastifyBaseLogger,
  now = ctx.deps.clock.now(),
): Promise<number> {
  const store = ctx.deps.files;
  const cutoff = now.getTime() - ORPHAN_AGE_MS;
  let removed = 0;
  let batch: string[] = [];
  const remove = async (key: string) => {
    await store.delete(key);
    removed++;
  };
  const flush = async () => {
    const used = new Set([
      ...(await caseFileKeysAmong(ctx.db, batch)),
      ...(await proofFileKeysAmong(ctx.db, batch)),
      ...(await photoKeysAmong(ctx.db, batch)),
      ...(await servedCopyKeysAmong(ctx.db, batch)),
    ]);
    for (const key of batch) if (!used.has(key)) await remove(key);
    batch = [];
  };
  for (const prefix of PREFIXES) {
    for await (const { key, modifiedAt } of store.list(prefix)) {
      if (modifiedAt.getTime() > cutoff) continue;
      if (key.endsWith('.part')) await remove(key);
      else {
        batch.push(key);
        if (batch.length >= 500) await flush();
      }
    }
  }
  if (batch.length) await flush();
  if (removed) log.warn({ removed }, 'orphan sweep: stored files that no record uses were removed');
  const aborted = await store.abortStaleUploads(new Date(cutoff));
  if (aborted) log.warn({ aborted }, 'orphan sweep: uploads that never finished were aborted');
  return removed;
}
