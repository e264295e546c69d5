import { and, asc, count, desc, eq, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  serviceAttemptPhotos,
  serviceAttempts,
  serviceReturns,
  sheriffProfiles,
  users,
} from '../../db/schema/index';

type AttemptRow = typeof serviceAttempts.$inferSelect;
export type PhotoRow = typeof serviceAttemptPhotos.$inferSelect;
export type ReturnRow = typeof serviceReturns.$inferSelect;
/** An attempt with the name and e-mail of the sheriff who recorded it. */
export type AttemptWithSheriff = { attempt: AttemptRow; fullName: string | null; email: string | null };

// ----- attempts

export const insertAttempt = async (db: DbOrTx, values: typeof serviceAttempts.$inferInsert) =>
  (await db.insert(serviceAttempts).values(values).returning())[0]!;

export const setAttemptTimelineEvent = (db: DbOrTx, attemptId: number, eventId: number) =>
  db.update(serviceAttempts).set({ timelineEventId: eventId }).where(eq(serviceAttempts.id, attemptId));

const attemptQuery = (db: DbOrTx) =>
  db
    .select({ attempt: serviceAttempts, fullName: users.fullName, email: users.email })
    .from(serviceAttempts)
    .leftJoin(users, eq(users.id, serviceAttempts.sheriffId));

/** A document's attempts, oldest first; `until`: only those that had arrived by then. */
export const listAttempts = (db: DbOrTx, documentId: number, until?: Date): Promise<AttemptWithSheriff[]> =>
  attemptQuery(db)
    .where(
      and(
        eq(serviceAttempts.documentId, documentId),
        until ? lte(serviceAttempts.serverTime, until) : undefined,
      ),
    )
    .orderBy(asc(serviceAttempts.serverTime), asc(serviceAttempts.id));

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

/** The photos of the given attempts, in the order they arrived. */
export const photosOfAttempts = (db: DbOrTx, attemptIds: number[]) =>
  attemptIds.length
    ? db
        .select()
        .from(serviceAttemptPhotos)
        .where(inArray(serviceAttemptPhotos.attemptId, attemptIds))
        .orderBy(asc(serviceAttemptPhotos.createdAt), asc(serviceAttemptPhotos.id))
    : Promise.resolve([] as PhotoRow[]);

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

/** Of the given storage keys, those a photo uses (the orphan sweep keeps them). */
export const photoKeysAmong = async (db: DbOrTx, keys: string[]): Promise<string[]> =>
  keys.length
    ? (
        await db
          .select({ key: serviceAttemptPhotos.storageKey })
          .from(serviceAttemptPhotos)
          .where(inArray(serviceAttemptPhotos.storageKey, keys))
      ).map((r) => r.key)
    : [];

// ----- returns

export const insertReturn = async (db: DbOrTx, values: typeof serviceReturns.$inferInsert) =>
  (await db.insert(serviceReturns).values(values).returning())[0]!;

export const setReturnProofVersion = (db: DbOrTx, returnId: number, version: number) =>
  db.update(serviceReturns).set({ proofVersion: version }).where(eq(serviceReturns.id, returnId));

/** A document's returns, newest first. */
export const listReturns = (db: DbOrTx, documentId: number) =>
  db
    .select()
    .from(serviceReturns)
    .where(eq(serviceReturns.documentId, documentId))
    .orderBy(desc(serviceReturns.issuedAt), desc(serviceReturns.id));

export const findReturn = async (db: DbOrTx, returnId: number) =>
  (await db.select().from(serviceReturns).where(eq(serviceReturns.id, returnId)))[0];

export const latestReturn = async (db: DbOrTx, documentId: number) =>
  (await listReturns(db, documentId).limit(1))[0];

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
