import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Db, DbOrTx } from '../../db/client';
import { firmSubscriptions } from '../../db/schema/index';
import { recordEvent } from '../../lib/events';
import { scheduleJob } from '../../lib/jobs';
import * as lifecycle from './lifecycle.service';
import { JOBS, RENEWAL_GRACE_DAYS, TRIAL_GRACE_DAYS } from './lifecycle.service';
import { addDays, sastDate } from '../../lib/money';
import { planOf, findSubscriptionById, insertChange, type SubscriptionRow } from './subscriptions.repository';
import { nextChargeCents } from './subscriptions.mapper';

/**
 * Scheduled subscription work. Jobs are claimed with SKIP LOCKED by whichever instance is free; each handler re-reads
 * the subscription under a row lock and acts only if it is still in the state the job was scheduled for (its payload
 * carries that date), so a job that runs twice, late, or after the subscription moved on changes nothing.
 */

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
const periodEndOf = (s: SubscriptionRow) =>
  s.status === 'trial' ? (s.trialEndDate ?? s.endDate) : s.endDate;

/** Runs `work` on the subscription under a row lock, in a transaction, if `stillDue` holds. */
async function withLocked(
  db: Db,
  id: number,
  stillDue: (s: SubscriptionRow) => boolean,
  work: (tx: DbOrTx, s: SubscriptionRow) => Promise<void>,
) {
  await db.transaction(async (tx) => {
    const sub = await findSubscriptionById(tx, id, { lock: true });
    if (sub && stillDue(sub)) await work(tx, sub);
  });
}

/**
 * Expires unpaid trials (trial ended more than a day ago) and active subscriptions whose renewal never came (period
 * ended more than three days ago). Used by the daily job and by the admin's clean-up call.
 */
export async function cleanupExpired(database: Database, now: Date): Promise<number[]> {
  const { db } = database;
  const candidates = await db
    .select({ id: firmSubscriptions.id })
    .from(firmSubscriptions)
    .where(
      or(
        and(
          eq(firmSubscriptions.status, 'trial'),
          sql`coalesce(${firmSubscriptions.trialEndDate}, ${firmSubscriptions.endDate}) < ${addDays(now, -TRIAL_GRACE_DAYS)}`,
        ),
        and(
          eq(firmSubscriptions.status, 'active'),
          sql`${firmSubscriptions.endDate} < ${addDays(now, -RENEWAL_GRACE_DAYS)}`,
        ),
      ),
    )
    .orderBy(asc(firmSubscriptions.id));
  const expired: number[] = [];
  for (const { id } of candidates) {
    await withLocked(
      db,
      id,
      (s) =>
        (s.status === 'trial' && !!periodEndOf(s) && periodEndOf(s)! < addDays(now, -TRIAL_GRACE_DAYS)) ||
        (s.status === 'active' && !!s.endDate && s.endDate < addDays(now, -RENEWAL_GRACE_DAYS)),
      async (tx, s) => {
        await lifecycle.expire(tx, s, {
          now,
          reason: s.status === 'trial' ? 'Trial ended without payment' : 'Renewal payment not received',
        });
        expired.push(s.id);
      },
    );
  }
  return expired;
}

/** The next daily clean-up, at 02:00 in South Africa. */
export async function scheduleNextCleanup(db: DbOrTx, after: Date): Promise<void> {
  const day = sastDate(addDays(after, 1));
  const runAt = new Date(`${day}T00:00:00.000Z`); // 02:00 SAST
  await scheduleJob(db, {
    name: JOBS.cleanup,
    runAt,
    payload: { day },
    dedupeKey: `subscriptions:cleanup:${day}`,
  });
}

export function subscriptionJobsSetup(app: FastifyInstance) {
  const { jobs } = app.deps;

  jobs.register(JOBS.periodEnd, async (payload, { database, log }) => {
    const id = Number(payload.subscriptionId);
    const due = (s: SubscriptionRow) =>
      (s.status === 'trial' || s.status === 'active') && iso(periodEndOf(s)) === payload.endsAt;
    const sub = await findSubscriptionById(database.db, id);
    if (!sub || !due(sub)) return;
    const provider = app.deps.payments;
    if (sub.provider === provider.name && sub.providerToken) {
      const plan = await planOf(database.db, sub.pendingPlanId ?? sub.planId);
      const outcome = await provider.collectRecurring({
        subscriptionId: id,
        token: sub.providerToken,
        amountCents: nextChargeCents(sub),
        periodEnd: new Date(String(payload.endsAt)),
        planName: plan?.displayName,
      });
      if (outcome === 'collected') return;
    }
    if (sub.provider === 'payfast') {
      // PayFast charges on the billing date; its ITN renews the subscription. Expire only if it never comes.
      const endsAt = new Date(String(payload.endsAt));
      await scheduleJob(database.db, {
        name: JOBS.renewalOverdue,
        runAt: addDays(endsAt, RENEWAL_GRACE_DAYS),
        payload,
        dedupeKey: `subscription:${id}:renewal-overdue:${String(payload.endsAt)}`,
      });
      return;
    }
    // Nothing charges a manual subscription: it lapses at the end of its period.
    await withLocked(database.db, id, due, async (tx, s) => {
      await lifecycle.expire(tx, s, { now: new Date(), reason: 'Billing period ended' });
    });
    log.info({ subscriptionId: id }, 'subscription expired at the end of its period');
  });

  jobs.register(JOBS.renewalOverdue, async (payload, { database }) => {
    const id = Number(payload.subscriptionId);
    await withLocked(
      database.db,
      id,
      (s) => (s.status === 'trial' || s.status === 'active') && iso(periodEndOf(s)) === payload.endsAt,
      async (tx, s) => {
        await lifecycle.expire(tx, s, { now: new Date(), reason: 'Renewal payment not received' });
      },
    );
  });

  jobs.register(JOBS.trialReminder, async (payload, { database }) => {
    await withLocked(
      database.db,
      Number(payload.subscriptionId),
      (s) => s.status === 'trial' && iso(s.trialEndDate) === payload.trialEnd,
      async (tx, s) => {
        await recordEvent(tx, 'subscription.trial_ending', { subscriptionId: s.id });
      },
    );
  });

  jobs.register(JOBS.accessEnd, async (payload, { database }) => {
    await withLocked(
      database.db,
      Number(payload.subscriptionId),
      (s) => s.status === 'cancelled' && iso(s.accessEndsAt) === payload.accessEndsAt,
      async (tx, s) => {
        await insertChange(tx, {
          subscriptionId: s.id,
          firmId: s.firmId,
          changeType: 'access_ended',
          fromStatus: 'cancelled',
          toStatus: 'cancelled',
          effectiveAt: s.accessEndsAt!,
        });
        await recordEvent(tx, 'subscription.access_ended', { subscriptionId: s.id });
      },
    );
  });

  jobs.register(JOBS.cleanup, async (payload, { database, log }) => {
    const now = new Date();
    const expired = await cleanupExpired(database, now);
    if (expired.length) log.info({ expired }, 'expired lapsed subscriptions');
    await scheduleNextCleanup(database.db, new Date(`${String(payload.day)}T12:00:00.000Z`));
  });
}
