import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  serviceAttemptPhotos,
  serviceAttempts,
  serviceReturns,
  sheriffProfiles,
  users,
} from '../../db/schema/index';

export type ReturnRow = typeof serviceReturns.$inferSelect;

// The reads that the proofs of service share (a document's attempts with their photos, its latest return) are in
// modules/evidence/service-record.repository.ts.

// ----- attempts

export const insertAttempt = async (db: DbOrTx, values: typeof serviceAttempts.$inferInsert) =>
  (await db.insert(serviceAttempts).values(values).returning())[0]!;

export const setAttemptTimelineEvent = (db: DbOrTx, attemptId: number, eventId: number) =>
  db.update(serviceAttempts).set({ timelineEventId: eventId }).where(eq(serviceAttempts.id, attemptId));

export const findAttempt = async (
  db: DbOrTx,
  documentId: number,
  attemptId: number,
  opts: { forUpdate?: boolean } = {},
) => {
  const query = db
    .select()
    .from(serviceAttempts)
    .where(and(eq(serviceAttempts.documentId, documentId), eq(serviceAttempts.id, attemptId)));
  return (await (opts.forUpdate ? query.for('update') : query))[0];
};

// ----- photos

export const insertPhotos = (db: DbOrTx, values: (typeof serviceAttemptPhotos.$inferInsert)[]) =>
  db.insert(serviceAttemptPhotos).values(values).returning();

export const countPhotos = async (db: DbOrTx, attemptId: number) =>
  Number(
    (
      await db
        .select({ n: count() })
        .from(serviceAttemptPhotos)
        .where(eq(serviceAttemptPhotos.attemptId, attemptId))
    )[0]?.n ?? 0,
  );

export const findPhoto = async (db: DbOrTx, documentId: number, attemptId: number, photoId: number) =>
  (
    await db
      .select()
      .from(serviceAttemptPhotos)
      .where(
        and(
          eq(serviceAttemptPhotos.documentId, documentId),
          eq(serviceAttemptPhotos.attemptId, attemptId),
          eq(serviceAttemptPhotos.id, photoId),
        ),
      )
  )[0];

// ----- returns

export const insertReturn = async (db: DbOrTx, values: typeof serviceReturns.$inferInsert) =>
  (await db.insert(serviceReturns).values(values).returning())[0]!;

/** A document's returns, newest first. */
export const listReturns = (db: DbOrTx, documentId: number) =>
  db
    .select()
    .from(serviceReturns)
    .where(eq(serviceReturns.documentId, documentId))
    .orderBy(desc(serviceReturns.issuedAt), desc(serviceReturns.id));

export const findReturn = async (db: DbOrTx, returnId: number) =>
  (await db.select().from(serviceReturns).where(eq(serviceReturns.id, returnId)))[0];

export const findServedReturn = async (db: DbOrTx, documentId: number) =>
  (
    await db
      .select()
      .from(serviceReturns)
      .where(and(eq(serviceReturns.documentId, documentId), eq(serviceReturns.outcome, 'served')))
  )[0];

/** The sheriff's account and profile (office, appointment, areas) as they are now. */
export const findSheriff = async (db: DbOrTx, userId: number) =>
  (
    await db
      .select({ id: users.id, fullName: users.fullName, email: users.email, profile: sheriffProfiles })
      .from(users)
      .leftJoin(sheriffProfiles, eq(sheriffProfiles.userId, users.id))
      .where(eq(users.id, userId))
  )[0];
