import { and, desc, eq } from 'drizzle-orm';
import { SubscriptionErrors } from '@lexserve/contracts/subscriptions';
import type { PlanLimits } from '../../lib/deps';
import type { DbOrTx } from '../../db/client';
import { firmSubscriptions } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { addMonths } from '../../lib/money';
import type { PlanRow } from './plans.mapper';
import { givesAccess, planOf, type SubscriptionRow } from './subscriptions.repository';
import {
  countActiveBranches,
  countActiveUsers,
  countServedDocuments,
  sumStorageBytes,
} from './usage.repository';

export const BYTES_PER_GB = 1024 ** 3;
export const BYTES_PER_MB = 1024 ** 2;

/**
 * The plan that limits the firm now: that of the subscription giving access. The subscription row is locked
 * (FOR UPDATE) in the caller's transaction, so two concurrent additions in one firm are counted one after the other.
 */
async function limitingPlan(
  tx: DbOrTx,
  firmId: number,
  now: Date,
): Promise<{ sub: SubscriptionRow; plan: PlanRow } | undefined> {
  const [sub] = await tx
    .select()
    .from(firmSubscriptions)
    .where(and(eq(firmSubscriptions.firmId, firmId), givesAccess(now)))
    .orderBy(desc(firmSubscriptions.id))
    .limit(1)
    .for('update');
  if (!sub) return undefined;
  const plan = await planOf(tx, sub.planId);
  return plan ? { sub, plan } : undefined;
}

/**
 * The month in which digital services are counted: the billing period for monthly billing, otherwise the month
 * (anchored on the period start) that contains `now`; without a period, the calendar month in South Africa. A trial
 * is its own period, from its start to its end (the first charge), so the period shown agrees with the trial's end.
 */
export function meteringWindow(
  sub:
    | (Pick<SubscriptionRow, 'currentPeriodStart' | 'startDate'> &
        Partial<Pick<SubscriptionRow, 'status' | 'trialEndDate'>>)
    | undefined,
  now: Date,
) {
  const anchor = sub?.currentPeriodStart ?? sub?.startDate ?? null;
  if (anchor && anchor <= now) {
    if (
      sub?.status === 'trial' &&
      sub.trialEndDate &&
      sub.trialEndDate > now &&
      sub.trialEndDate <= addMonths(anchor, 1)
    )
      return { start: anchor, end: sub.trialEndDate };
    let start = anchor;
    for (let i = 0; i < 1200; i++) {
      const next = addMonths(anchor, i + 1);
      if (next > now) return { start, end: next };
      start = next;
    }
  }
  const sast = new Date(now.getTime() + 2 * 3_600_000);
  const start = new Date(Date.UTC(sast.getUTCFullYear(), sast.getUTCMonth(), 1) - 2 * 3_600_000);
  return { start, end: addMonths(start, 1) };
}

const limitError = (message: string) =>
  new AppError(SubscriptionErrors.SUBSCRIPTION_LIMIT_REACHED, { message });
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Refuses a new active user when the firm's plan has as many as it allows. */
async function assertCanAddUser(tx: DbOrTx, firmId: number, now = new Date()): Promise<void> {
  const found = await limitingPlan(tx, firmId, now);
  const max = found?.plan.maxUsers;
  if (!max) return;
  if ((await countActiveUsers(tx, firmId)) >= max)
    throw limitError(
      `Your plan allows up to ${plural(max, 'user', 'users')}. Upgrade your plan to add more.`,
    );
}

/** Refuses a new branch when the firm's plan has as many active branches as it allows. */
async function assertCanAddBranch(tx: DbOrTx, firmId: number, now = new Date()): Promise<void> {
  const found = await limitingPlan(tx, firmId, now);
  if (!found) return;
  const max = found.plan.maxBranches;
  if ((await countActiveBranches(tx, firmId)) >= max)
    throw limitError(
      `Your plan allows up to ${plural(max, 'branch', 'branches')}. Upgrade your plan to add more.`,
    );
}

/**
 * For the documents module: refuses serving one more document when the firm has used its plan's digital services
 * for the month (documents served, counted by served_at). Call it in the transaction that marks the document served.
 */
export async function assertCanServeDocument(tx: DbOrTx, firmId: number, now = new Date()): Promise<void> {
  const found = await limitingPlan(tx, firmId, now);
  const max = found?.plan.maxDigitalServices;
  if (!found || !max) return;
  const { start, end } = meteringWindow(found.sub, now);
  if ((await countServedDocuments(tx, firmId, start, end)) >= max)
    throw limitError(
      `Your plan allows up to ${plural(max, 'digital service', 'digital services')} per month. Upgrade your plan to serve more documents.`,
    );
}

/** For the documents module: refuses an upload of `extraBytes` that would take the firm's files past its plan's storage. */
export async function assertStorageAvailable(
  tx: DbOrTx,
  firmId: number,
  extraBytes: number,
  now = new Date(),
): Promise<void> {
  const found = await limitingPlan(tx, firmId, now);
  if (!found) return;
  const maxBytes = found.plan.maxStorageGb * BYTES_PER_GB;
  if ((await sumStorageBytes(tx, firmId)) + Math.max(0, extraBytes) > maxBytes)
    throw limitError(
      `Your plan allows up to ${found.plan.maxStorageGb} GB of storage. Upgrade your plan or remove files to upload more.`,
    );
}

/** What `deps.limits` answers, for the modules that add users, branches, documents served and stored bytes. */
export const planLimits: PlanLimits = {
  assertCanAddUser: (tx, firmId) => assertCanAddUser(tx, firmId),
  assertCanAddBranch: (tx, firmId) => assertCanAddBranch(tx, firmId),
  assertCanServeDocument: (tx, firmId) => assertCanServeDocument(tx, firmId),
  assertStorageAvailable: (tx, firmId, extraBytes) => assertStorageAvailable(tx, firmId, extraBytes),
};
