// The record of service that the proofs show and the recovery sweeps keep: deliveries and their events, the sheriff's
// attempts with their photos, returns. The service module writes these rows (modules/service); evidence reads them
// here, and records on a return which proof version shows it.
import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  parties,
  serviceTargets,
  serviceAttemptPhotos,
  serviceAttempts,
  serviceDeliveries,
  serviceDeliveryEvents,
  serviceReturns,
  users,
} from '../../db/schema/index';

type DeliveryRow = typeof serviceDeliveries.$inferSelect;
type AttemptRow = typeof serviceAttempts.$inferSelect;
export type PhotoRow = typeof serviceAttemptPhotos.$inferSelect;
export type ReturnRow = typeof serviceReturns.$inferSelect;
/** An attempt with the name and e-mail of the sheriff who recorded it. */
export type AttemptWithSheriff = { attempt: AttemptRow; fullName: string | null; email: string | null };

// ----- deliveries

/** The latest delivery of each document (the proof of service's). */
export async function latestDeliveries(db: DbOrTx, documentIds: number[]) {
  const out = new Map<number, DeliveryRow>();
  if (!documentIds.length) return out;
  const rows = await db
    .selectDistinctOn([serviceDeliveries.documentId])
    .from(serviceDeliveries)
    .where(inArray(serviceDeliveries.documentId, documentIds))
    .orderBy(serviceDeliveries.documentId, desc(serviceDeliveries.id));
  for (const r of rows) out.set(r.documentId, r);
  return out;
}

/** Every event of every link of the document, oldest first (the proof's delivery record). */
export const deliveryEventsOfDocument = (db: DbOrTx, documentId: number) =>
  db
    .select({ event: serviceDeliveryEvents })
    .from(serviceDeliveryEvents)
    .innerJoin(serviceDeliveries, eq(serviceDeliveries.id, serviceDeliveryEvents.deliveryId))
    .where(eq(serviceDeliveries.documentId, documentId))
    .orderBy(asc(serviceDeliveryEvents.id))
    .then((rows) => rows.map((r) => r.event));

// ----- attempts and photos

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

/** The photos of the given attempts, in the order they arrived. */
export const photosOfAttempts = (db: DbOrTx, attemptIds: number[]) =>
  attemptIds.length
    ? db
        .select()
        .from(serviceAttemptPhotos)
        .where(inArray(serviceAttemptPhotos.attemptId, attemptIds))
        .orderBy(asc(serviceAttemptPhotos.createdAt), asc(serviceAttemptPhotos.id))
    : Promise.resolve([] as PhotoRow[]);

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

/** A document's newest return (the one its proof of service shows). */
export const latestReturn = async (db: DbOrTx, documentId: number): Promise<ReturnRow | undefined> =>
  (
    await db
      .select()
      .from(serviceReturns)
      .where(eq(serviceReturns.documentId, documentId))
      .orderBy(desc(serviceReturns.issuedAt), desc(serviceReturns.id))
      .limit(1)
  )[0];

export const setReturnProofVersion = (db: DbOrTx, returnId: number, version: number) =>
  db.update(serviceReturns).set({ proofVersion: version }).where(eq(serviceReturns.id, returnId));

/** The person a return is for (service per person): the target's party and the address on the process. */
export const findTargetOfReturn = async (db: DbOrTx, targetId: number) =>
  (await db.select().from(serviceTargets).where(eq(serviceTargets.id, targetId)))[0];

/** A document's people to be served with their party and sheriff (the audit certificate's lines per person). */
export const targetsWithParties = (db: DbOrTx, documentId: number) =>
  db
    .select({
      status: serviceTargets.status,
      serviceDate: serviceTargets.serviceDate,
      sheriffName: users.fullName,
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
    .leftJoin(users, eq(users.id, serviceTargets.sheriffId))
    .where(eq(serviceTargets.documentId, documentId))
    .orderBy(asc(serviceTargets.id));
