import { and, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { type ClosureCounts, type ClosureStatus } from '@lexserve/contracts/closures';
import { containsPattern, type DbOrTx } from '../../db/client';
import {
  caseClosures,
  caseFiles,
  documentEvents,
  documentParties,
  documents,
  firms,
  proofOfServiceFiles,
  proofsOfService,
  serviceDeliveries,
  serviceDeliveryEvents,
  users,
} from '../../db/schema/index';
import type { Actor } from '../../lib/access';
import { documentScope } from '../../lib/tenancy';

export type ClosureRow = typeof caseClosures.$inferSelect;
export type NewClosure = typeof caseClosures.$inferInsert;
/** A closure with the few document fields its answers show. */
export type ClosureWithDocument = {
  closure: ClosureRow;
  document: {
    id: number;
    title: string;
    caseNumber: string | null;
    status: string;
    firmId: number;
    branchId: number | null;
  };
  firmName: string | null;
};

/** The unique index that keeps one closure under way (or done) per document. */
export const ONE_ACTIVE_INDEX = 'case_closures_one_active';

const withDocument = {
  closure: caseClosures,
  document: {
    id: documents.id,
    title: documents.title,
    caseNumber: documents.caseNumber,
    status: documents.status,
    firmId: documents.firmId,
    branchId: documents.branchId,
  },
  firmName: firms.name,
};

/**
 * Closures whose document the actor may see: the tenant scope is the documents module's (firm, branch, own
 * documents), so a closure is visible exactly when its case is. Sheriffs have no closure rights (policy).
 */
const scoped = (actor: Actor) => documentScope(actor);

export const insertClosure = async (db: DbOrTx, values: NewClosure) =>
  (await db.insert(caseClosures).values(values).returning())[0]!;

/** One closure in the actor's scope; another firm's (or branch's) answers nothing, like a missing one. */
export async function findClosureInScope(
  db: DbOrTx,
  actor: Actor,
  id: number,
): Promise<ClosureWithDocument | undefined> {
  const rows = await db
    .select(withDocument)
    .from(caseClosures)
    .innerJoin(documents, eq(documents.id, caseClosures.documentId))
    .leftJoin(firms, eq(firms.id, documents.firmId))
    .where(and(eq(caseClosures.id, id), scoped(actor)));
  return rows[0];
}

/** The document's current closure: the open or completed one, else the latest rejected one. */
export async function findLatestClosureOfDocument(
  db: DbOrTx,
  documentId: number,
): Promise<ClosureWithDocument | undefined> {
  const rows = await db
    .select(withDocument)
    .from(caseClosures)
    .innerJoin(documents, eq(documents.id, caseClosures.documentId))
    .leftJoin(firms, eq(firms.id, documents.firmId))
    .where(eq(caseClosures.documentId, documentId))
    .orderBy(desc(caseClosures.id))
    .limit(1);
  return rows[0];
}

export const listClosuresOfDocument = (db: DbOrTx, documentId: number) =>
  db
    .select()
    .from(caseClosures)
    .where(eq(caseClosures.documentId, documentId))
    .orderBy(desc(caseClosures.id));

/**
 * Moves a closure from one status to another only if it is still in the first: the conditional UPDATE is the
 * concurrency guard (two approvers at once: the second finds no row in 'pending' and gets nothing back).
 */
export const transitionClosure = async (
  db: DbOrTx,
  id: number,
  from: ClosureStatus,
  values: Partial<NewClosure>,
) =>
  (
    await db
      .update(caseClosures)
      .set(values)
      .where(and(eq(caseClosures.id, id), eq(caseClosures.closureStatus, from)))
      .returning()
  )[0];

export const updateChecklist = async (
  db: DbOrTx,
  id: number,
  from: ClosureStatus,
  checklist: ClosureRow['checklist'],
) => transitionClosure(db, id, from, { checklist });

export type ListFilters = {
  status?: ClosureStatus;
  skip: number;
  limit: number;
  search?: string;
  documentId?: number;
};

export async function listClosures(db: DbOrTx, actor: Actor, f: ListFilters) {
  const base: (SQL | undefined)[] = [scoped(actor)];
  if (f.documentId) base.push(eq(caseClosures.documentId, f.documentId));
  if (f.search) {
    const pattern = containsPattern(f.search);
    base.push(
      or(
        ilike(documents.title, pattern),
        ilike(documents.caseNumber, pattern),
        ilike(caseClosures.closureReason, pattern),
      ),
    );
  }
  const filter = and(...base, f.status ? eq(caseClosures.closureStatus, f.status) : undefined);
  const [rows, perStatus] = await Promise.all([
    db
      .select(withDocument)
      .from(caseClosures)
      .innerJoin(documents, eq(documents.id, caseClosures.documentId))
      .leftJoin(firms, eq(firms.id, documents.firmId))
      .where(filter)
      .orderBy(desc(caseClosures.requestedAt), desc(caseClosures.id))
      .offset(f.skip)
      .limit(f.limit),
    db
      .select({ status: caseClosures.closureStatus, n: sql<number>`count(*)::int` })
      .from(caseClosures)
      .innerJoin(documents, eq(documents.id, caseClosures.documentId))
      .where(and(...base))
      .groupBy(caseClosures.closureStatus),
  ]);
  const counts: ClosureCounts = { all: 0, pending: 0, approved: 0, rejected: 0, completed: 0 };
  for (const r of perStatus) {
    counts[r.status] = Number(r.n);
    counts.all += Number(r.n);
  }
  return { rows, counts, total: f.status ? counts[f.status] : counts.all };
}

export async function countPending(db: DbOrTx, actor: Actor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(caseClosures)
    .innerJoin(documents, eq(documents.id, caseClosures.documentId))
    .where(and(scoped(actor), eq(caseClosures.closureStatus, 'pending')));
  return Number(row?.n ?? 0);
}

export type ClosurePerson = { id: number; fullName: string; username: string | null; email: string };

export async function peopleByIds(db: DbOrTx, ids: (number | null)[]): Promise<Map<number, ClosurePerson>> {
  const unique = [...new Set(ids.filter((id): id is number => id != null))];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: users.id, fullName: users.fullName, username: users.username, email: users.email })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

// ----- what the precheck reads about the case

export type PrecheckFacts = {
  /** A proof of service file exists (its current version's row), not merely a proof begun. */
  hasProof: boolean;
  fileCount: number;
  partyCount: number;
  /** The latest electronic delivery, if any: whether the recipient opened or downloaded it. */
  delivery: { opened: boolean } | null;
  serviceAttempts: number;
  lastRejection: { notes: string | null } | null;
};

export async function readPrecheckFacts(db: DbOrTx, documentId: number): Promise<PrecheckFacts> {
  const count = (n: { n: number }[]) => Number(n[0]?.n ?? 0);
  const [proof, files, parties, attempts, delivery, rejected] = await Promise.all([
    // What exists, not what was begun: a proof counts once the file of its current version is recorded (a proof's
    // security ID is allocated before its PDF is drawn, so the identity alone proves nothing).
    db
      .select({ id: proofsOfService.id })
      .from(proofsOfService)
      .innerJoin(
        proofOfServiceFiles,
        and(
          eq(proofOfServiceFiles.proofId, proofsOfService.id),
          eq(proofOfServiceFiles.version, proofsOfService.currentVersion),
        ),
      )
      .where(eq(proofsOfService.documentId, documentId)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(caseFiles)
      .where(eq(caseFiles.documentId, documentId)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(documentParties)
      .where(eq(documentParties.documentId, documentId)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(documentEvents)
      .where(and(eq(documentEvents.documentId, documentId), eq(documentEvents.eventType, 'service_attempt'))),
    db
      .select({ id: serviceDeliveries.id })
      .from(serviceDeliveries)
      .where(and(eq(serviceDeliveries.documentId, documentId), isNull(serviceDeliveries.supersededAt)))
      .orderBy(desc(serviceDeliveries.id))
      .limit(1),
    db
      .select({ notes: caseClosures.approvalNotes })
      .from(caseClosures)
      .where(and(eq(caseClosures.documentId, documentId), eq(caseClosures.closureStatus, 'rejected')))
      .orderBy(desc(caseClosures.id))
      .limit(1),
  ]);
  let opened = false;
  if (delivery[0]) {
    const seen = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(serviceDeliveryEvents)
      .where(
        and(
          eq(serviceDeliveryEvents.deliveryId, delivery[0].id),
          inArray(serviceDeliveryEvents.kind, ['opened', 'downloaded']),
        ),
      );
    opened = count(seen) > 0;
  }
  return {
    hasProof: proof.length > 0,
    fileCount: count(files),
    partyCount: count(parties),
    delivery: delivery[0] ? { opened } : null,
    serviceAttempts: count(attempts),
    lastRejection: rejected[0] ? { notes: rejected[0].notes } : null,
  };
}

// ----- who hears about a closure

/** The firm's administrators and the branch's (branch administrators without a branch act firm-wide). */
export async function findApproverIds(
  db: DbOrTx,
  firmId: number,
  branchId: number | null,
): Promise<number[]> {
  const branchAdmins = branchId
    ? and(eq(users.role, 'branch_admin'), or(eq(users.branchId, branchId), isNull(users.branchId)))
    : eq(users.role, 'branch_admin');
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.firmId, firmId), eq(users.isActive, true), or(eq(users.role, 'firm_admin'), branchAdmins)),
    );
  return rows.map((r) => r.id);
}

export const findSystemAdminIds = async (db: DbOrTx): Promise<number[]> =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'system_admin'), eq(users.isActive, true), eq(users.isSystem, false)))
  ).map((r) => r.id);
