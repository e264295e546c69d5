import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { scheduleJob } from '../../lib/jobs';
import type { SeedStep } from '../../lib/module';
import { addDays, sastDate } from '../../lib/money';
import { backfillTrail, chainOf, documentsWithUnhashedEvents, trailHeadOf } from './timeline.repository';
import { checkChain, type ChainCheck, type HashedEvent } from './trail-hash';
import { anchorsOf, headsToAnchor, insertAnchor, type AnchorRow } from './trail.repository';

/**
 * The tamper-evident trail of a document (docs/evidence.md): its hash chain (written by `addTimelineEvent`), the
 * check of the chain against the stored rows and the time-stamp anchors, and the daily job that anchors the heads
 * of the trails that changed.
 */

type TrailCtx = { db: DbOrTx; deps: Pick<Deps, 'seal'>; log: FastifyBaseLogger };

/** The head of a document's trail now: what a proof or return prints as "Timeline head hash at issue". */
export async function trailHead(
  db: DbOrTx,
  documentId: number,
): Promise<{ head_hash: string | null; events: number }> {
  const head = await trailHeadOf(db, documentId);
  return { head_hash: head?.headHash ?? null, events: head?.events ?? 0 };
}

/** A successful anchor, its token checked again (signature, and that it time-stamps the head hash it names). */
type CheckedAnchor = {
  row: AnchorRow;
  valid: boolean;
  at: Date;
  authority: string | null;
  problem: string | null;
};

export type TrailCheck = ChainCheck & { anchors: CheckedAnchor[]; chain: HashedEvent[] };

/** The 32 bytes an anchor time-stamps: the head hash itself (the authority is sent their SHA-256). */
const anchoredBytes = (headHash: string) => Buffer.from(headHash, 'hex');

/**
 * Recomputes a document's chain from its rows and holds it against the anchors: an anchored head that is no longer
 * in the chain as it was time-stamped (removed, or the chain rewritten up to it) breaks the trail at that event too.
 * The first break in chain order is reported.
 */
export async function checkTrail(
  ctx: Pick<TrailCtx, 'db' | 'deps'>,
  documentId: number,
): Promise<TrailCheck> {
  const [events, anchorRows] = await Promise.all([
    chainOf(ctx.db, documentId),
    anchorsOf(ctx.db, documentId),
  ]);
  const chain = checkChain(events);
  const byId = new Map(events.map((e) => [e.id, e]));
  const breaks: { id: number; problem: string }[] = chain.firstBrokenEventId
    ? [{ id: chain.firstBrokenEventId, problem: chain.problem! }]
    : [];
  const anchors = anchorRows.map((row): CheckedAnchor => {
    const check = ctx.deps.seal.checkTimestamp(
      Buffer.from(row.token!, 'base64'),
      anchoredBytes(row.headHash),
    );
    const at = check.time ?? row.genTime!;
    const anchored = byId.get(row.headEventId);
    if (!anchored)
      breaks.push({
        id: row.headEventId,
        problem: `Event #${row.headEventId}, time-stamped as a head of this trail, was removed.`,
      });
    else if (anchored.chainHash !== row.headHash)
      breaks.push({
        id: row.headEventId,
        problem: `The trail up to event #${row.headEventId} is not the one that was time-stamped.`,
      });
    return {
      row,
      valid: check.valid,
      at,
      authority: check.authority ?? row.authority,
      problem: check.valid ? null : check.problem,
    };
  });
  const first = breaks.sort((a, b) => a.id - b.id)[0];
  return {
    ...chain,
    intact: !first,
    firstBrokenEventId: first?.id ?? null,
    problem: first?.problem ?? null,
    anchors,
    chain: events,
  };
}

/** The latest anchor whose token checks out, as the verify answer shows it. */
export function latestAnchor(
  check: TrailCheck,
): { head_hash: string; at: string; authority: string | null } | null {
  const valid = check.anchors.filter((a) => a.valid);
  const last = valid.at(-1);
  return last ? { head_hash: last.row.headHash, at: last.at.toISOString(), authority: last.authority } : null;
}

// ---------------------------------------------------------------------------------------------------------
// Backfill of events written before the trail existed
// ---------------------------------------------------------------------------------------------------------

/**
 * Hashes the events written before migration 0012, document by document, in chain order (idempotent: documents
 * already hashed are not touched, and several instances starting at once wait on each document's trail lock).
 * Answers how many events it hashed.
 */
export async function backfillTrails(db: DbOrTx, log: FastifyBaseLogger): Promise<number> {
  let total = 0;
  const done = new Set<number>();
  for (;;) {
    const ids = (await documentsWithUnhashedEvents(db, 100)).filter((id) => !done.has(id));
    if (!ids.length) break;
    for (const id of ids) {
      total += await backfillTrail(db, id);
      done.add(id);
    }
  }
  if (total)
    log.info(
      { events: total, documents: done.size },
      'timeline: hashed the events written before the tamper-evident trail',
    );
  return total;
}

// ---------------------------------------------------------------------------------------------------------
// Daily anchors
// ---------------------------------------------------------------------------------------------------------

export const ANCHOR_JOB = 'documents.trail-anchors';

/** After this many failures in a row the authority is taken to be down for this run: the rest are recorded as failed. */
const MAX_FAILURES_IN_A_ROW = 3;

/** Midnight in South Africa (UTC+2, no daylight saving) at the start of a SAST calendar day. */
const sastDayStart = (day: string) => new Date(`${day}T00:00:00.000+02:00`);

/** Schedules the anchoring of the trails changed on `day` (SAST), due at 00:10 SAST the next day; once per day. */
async function scheduleAnchorJob(db: DbOrTx, day: string): Promise<void> {
  await scheduleJob(db, {
    name: ANCHOR_JOB,
    runAt: new Date(addDays(sastDayStart(day), 1).getTime() + 10 * 60_000),
    payload: { day },
    dedupeKey: `documents:trail-anchors:${day}`,
  });
}

/**
 * Time-stamps (RFC 3161, the configured authority) the head of every trail changed since `since`, and of every trail
 * whose last attempt failed, unless that head is already anchored. A failure is recorded with its reason and the
 * trail comes back on the next run. Answers the counts.
 */
export async function anchorTrailHeads(
  ctx: TrailCtx,
  opts: { since: Date },
): Promise<{ anchored: number; failed: number }> {
  const result = { anchored: 0, failed: 0 };
  let after = 0;
  let inARow = 0;
  let lastProblem = '';
  for (;;) {
    const heads = await headsToAnchor(ctx.db, { since: opts.since, afterDocumentId: after, limit: 100 });
    if (!heads.length) break;
    for (const head of heads) {
      after = head.documentId;
      if (inARow < MAX_FAILURES_IN_A_ROW) {
        try {
          const stamp = await ctx.deps.seal.timestamp(anchoredBytes(head.headHash));
          await insertAnchor(ctx.db, {
            ...head,
            token: stamp.token.toString('base64'),
            genTime: stamp.time,
            authority: stamp.authority,
          });
          result.anchored++;
          inARow = 0;
          continue;
        } catch (err) {
          lastProblem = err instanceof Error ? err.message : String(err);
          inARow++;
        }
      }
      await insertAnchor(ctx.db, {
        ...head,
        error: lastProblem.slice(0, 1000) || 'The time-stamping authority did not answer',
      });
      result.failed++;
    }
  }
  if (result.failed)
    ctx.log.warn(
      { ...result, problem: lastProblem },
      'trail anchors: some trail heads could not be time-stamped; the next run tries again',
    );
  else if (result.anchored) ctx.log.info(result, 'trail anchors: trail heads time-stamped');
  return result;
}

/** The anchor job, and the backfill of older events (at every start, before the app serves). */
export async function trailSetup(app: FastifyInstance): Promise<void> {
  const { jobs, database } = app.deps;
  jobs.register(ANCHOR_JOB, async (payload, { log }) => {
    const day = String(payload.day);
    await anchorTrailHeads({ db: database.db, deps: app.deps, log }, { since: sastDayStart(day) });
    await scheduleAnchorJob(database.db, sastDate(addDays(sastDayStart(day), 1.5)));
  });
  try {
    await backfillTrails(database.db, app.log);
  } catch (err) {
    // A database without the trail's migration (some tests build the app on an empty one): appends backfill lazily.
    app.log.error(
      { err },
      'timeline: the backfill of older events failed; each trail is backfilled on its next event',
    );
  }
}

/** Today's anchor job (each start schedules it; the job schedules the next day's). */
export const seedAnchorJob: SeedStep = async (db) => {
  await scheduleAnchorJob(db, sastDate(new Date()));
};

// What the other modules use of the trail: every change writes its timeline event here; the audit certificate reads
// who acted and the latest service attempt.
export { addTimelineEvent, listTimeline } from './timeline.repository';
export { latestAttemptOf, performersOf } from './trail.repository';
