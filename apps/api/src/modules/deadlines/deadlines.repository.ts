import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { partyDisplayName } from '@lexserve/contracts/parties';
import type { ReminderKind } from '@lexserve/contracts/deadlines';
import type { DocumentStatus } from '@lexserve/contracts/documents';
import type { DbOrTx } from '../../db/client';
import {
  calendarFeeds,
  deadlineReminders,
  documents,
  firmDeadlines,
  firms,
  parties,
  serviceTargets,
  users,
} from '../../db/schema/index';
import { documentWasServed } from '../../lib/tenancy';

/** What a deadline needs to know of its document. */
const deadlineDocumentColumns = {
  id: documents.id,
  title: documents.title,
  caseNumber: documents.caseNumber,
  documentType: documents.documentType,
  courtName: documents.courtName,
  serviceDate: documents.serviceDate,
  servedAt: documents.servedAt,
  revokedAt: documents.revokedAt,
  status: documents.status,
  firmId: documents.firmId,
  branchId: documents.branchId,
  createdById: documents.createdById,
};
export type DeadlineDocument = {
  id: number;
  title: string;
  caseNumber: string | null;
  documentType: string | null;
  courtName: string | null;
  serviceDate: Date | null;
  servedAt: Date | null;
  revokedAt: Date | null;
  status: DocumentStatus;
  firmId: number;
  branchId: number | null;
  createdById: number;
};

/** A person to be served, as their deadlines need them: their date of service and name. */
export type DeadlineTarget = {
  id: number;
  documentId: number;
  serviceDate: string | null;
  partyName: string;
};

/** The people to be served on these documents, oldest first. */
export async function targetsOfDocuments(db: DbOrTx, documentIds: number[]): Promise<DeadlineTarget[]> {
  if (!documentIds.length) return [];
  const rows = await db
    .select({
      id: serviceTargets.id,
      documentId: serviceTargets.documentId,
      serviceDate: serviceTargets.serviceDate,
      party: {
        party_type: parties.partyType,
        title: parties.title,
        first_name: parties.firstName,
        middle_name: parties.middleName,
        last_name: parties.lastName,
        trading_name: parties.tradingName,
      },
    })
    .from(serviceTargets)
    .innerJoin(parties, eq(parties.id, serviceTargets.partyId))
    .where(inArray(serviceTargets.documentId, documentIds))
    .orderBy(asc(serviceTargets.id));
  return rows.map((r) => ({
    id: r.id,
    documentId: r.documentId,
    serviceDate: r.serviceDate,
    partyName: partyDisplayName(r.party),
  }));
}

export type FirmDeadlineRow = typeof firmDeadlines.$inferSelect & { createdByName: string | null };

const firmDeadlineColumns = {
  id: firmDeadlines.id,
  documentId: firmDeadlines.documentId,
  firmId: firmDeadlines.firmId,
  name: firmDeadlines.name,
  dueDate: firmDeadlines.dueDate,
  createdById: firmDeadlines.createdById,
  createdAt: firmDeadlines.createdAt,
  updatedAt: firmDeadlines.updatedAt,
  createdByName: users.fullName,
};

export async function insertFirmDeadline(
  db: DbOrTx,
  values: { documentId: number; firmId: number; name: string; dueDate: string; createdById: number },
) {
  const [row] = await db.insert(firmDeadlines).values(values).returning();
  return row!;
}

/** Deletes a firm deadline of that document and firm; answers the deleted row, or undefined. */
export async function deleteFirmDeadline(
  db: DbOrTx,
  key: { id: number; documentId: number; firmId: number },
) {
  const [row] = await db
    .delete(firmDeadlines)
    .where(
      and(
        eq(firmDeadlines.id, key.id),
        eq(firmDeadlines.documentId, key.documentId),
        eq(firmDeadlines.firmId, key.firmId),
      ),
    )
    .returning();
  return row;
}

export const listFirmDeadlinesOfDocument = (db: DbOrTx, documentId: number): Promise<FirmDeadlineRow[]> =>
  db
    .select(firmDeadlineColumns)
    .from(firmDeadlines)
    .leftJoin(users, eq(users.id, firmDeadlines.createdById))
    .where(eq(firmDeadlines.documentId, documentId))
    .orderBy(asc(firmDeadlines.dueDate), asc(firmDeadlines.id));

/**
 * Served (documentWasServed: a draft's service date is only what the wizard was told), unrevoked documents with a type that has rules, served between the given instants, within `scope` (a
 * documentScope condition; undefined for every firm's, as the reminder job needs).
 */
export const findServedDocuments = (
  db: DbOrTx,
  opts: { scope: SQL | undefined; types: string[]; servedFrom: Date; servedTo: Date },
): Promise<DeadlineDocument[]> =>
  opts.types.length === 0
    ? Promise.resolve([])
    : db
        .select(deadlineDocumentColumns)
        .from(documents)
        .where(
          and(
            opts.scope,
            isNull(documents.revokedAt),
            inArray(documents.documentType, opts.types),
            or(
              and(
                documentWasServed(),
                isNotNull(documents.serviceDate),
                gte(documents.serviceDate, opts.servedFrom),
                lte(documents.serviceDate, opts.servedTo),
              ),
              // A person served on their own day (service per person), the document perhaps not yet served on all.
              sql`EXISTS (SELECT 1 FROM ${serviceTargets} WHERE ${serviceTargets.documentId} = ${documents.id}
                AND ${serviceTargets.serviceDate} BETWEEN ${opts.servedFrom.toISOString().slice(0, 10)}::date
                AND ${opts.servedTo.toISOString().slice(0, 10)}::date)`,
            ),
          ),
        )
        .orderBy(asc(documents.id));

/** Firm deadlines due in [from, to] (YYYY-MM-DD) on documents within `scope`, with their documents. */
export const findFirmDeadlinesDue = (
  db: DbOrTx,
  opts: { scope: SQL | undefined; from: string; to: string },
) =>
  db
    .select({ deadline: firmDeadlineColumns, document: deadlineDocumentColumns })
    .from(firmDeadlines)
    .innerJoin(documents, eq(documents.id, firmDeadlines.documentId))
    .leftJoin(users, eq(users.id, firmDeadlines.createdById))
    .where(and(opts.scope, gte(firmDeadlines.dueDate, opts.from), lte(firmDeadlines.dueDate, opts.to)))
    .orderBy(asc(firmDeadlines.dueDate), asc(firmDeadlines.id));

/**
 * Records that a reminder goes out; answers false when it already went (the unique key): the caller then sends nothing.
 * Two instances racing on the same reminder wait on the unique index and one of them gets false.
 */
export async function claimReminder(
  db: DbOrTx,
  r: { deadlineKey: string; kind: ReminderKind; documentId: number; dueDate: string },
): Promise<boolean> {
  const rows = await db
    .insert(deadlineReminders)
    .values(r)
    .onConflictDoNothing()
    .returning({ id: deadlineReminders.id });
  return rows.length > 0;
}

// ----- calendar feeds

export async function upsertCalendarFeed(db: DbOrTx, userId: number, tokenHash: string) {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { tokenHash, createdAt: sql`now()`, updatedAt: sql`now()`, lastFetchedAt: null },
    })
    .returning();
  return row!;
}

export const findCalendarFeedOfUser = async (db: DbOrTx, userId: number) =>
  (await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)))[0];

export const deleteCalendarFeed = async (db: DbOrTx, userId: number) =>
  (await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).returning({ id: calendarFeeds.id }))
    .length > 0;

/** The feed of a secret's hash with its user (as an actor, to scope what the feed lists). */
export const findCalendarFeedByHash = async (db: DbOrTx, tokenHash: string) =>
  (
    await db
      .select({
        feedId: calendarFeeds.id,
        user: {
          id: users.id,
          role: users.role,
          email: users.email,
          fullName: users.fullName,
          firmId: users.firmId,
          branchId: users.branchId,
          isActive: users.isActive,
        },
        firmActive: firms.isActive,
      })
      .from(calendarFeeds)
      .innerJoin(users, eq(users.id, calendarFeeds.userId))
      .leftJoin(firms, eq(firms.id, users.firmId))
      .where(eq(calendarFeeds.tokenHash, tokenHash))
  )[0];

export const touchCalendarFeed = (db: DbOrTx, feedId: number) =>
  db
    .update(calendarFeeds)
    .set({ lastFetchedAt: sql`now()` })
    .where(eq(calendarFeeds.id, feedId));
