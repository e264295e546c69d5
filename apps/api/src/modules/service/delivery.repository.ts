import { and, asc, count, desc, eq, gte, inArray, isNull, min, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documents, serviceDeliveries, serviceDeliveryEvents } from '../../db/schema/index';

export type DeliveryRow = typeof serviceDeliveries.$inferSelect;
export type DeliveryEventRow = typeof serviceDeliveryEvents.$inferSelect;

export const insertDelivery = async (db: DbOrTx, values: typeof serviceDeliveries.$inferInsert) =>
  (await db.insert(serviceDeliveries).values(values).returning())[0]!;

export const updateDelivery = async (
  db: DbOrTx,
  id: number,
  values: Partial<typeof serviceDeliveries.$inferInsert>,
) => (await db.update(serviceDeliveries).set(values).where(eq(serviceDeliveries.id, id)).returning())[0];

export const findDeliveryById = async (db: DbOrTx, id: number) =>
  (await db.select().from(serviceDeliveries).where(eq(serviceDeliveries.id, id)))[0];

export const findDeliveryByTokenHash = async (
  db: DbOrTx,
  tokenHash: string,
  opts: { forUpdate?: boolean } = {},
) => {
  const q = db.select().from(serviceDeliveries).where(eq(serviceDeliveries.tokenHash, tokenHash));
  return (await (opts.forUpdate ? q.for('update') : q))[0];
};

/** Marks the document's earlier links superseded (a new link was sent). */
export const supersedeDeliveries = (db: DbOrTx, documentId: number, exceptId: number, at: Date) =>
  db
    .update(serviceDeliveries)
    .set({ supersededAt: at })
    .where(
      and(
        eq(serviceDeliveries.documentId, documentId),
        isNull(serviceDeliveries.supersededAt),
        ne(serviceDeliveries.id, exceptId),
      ),
    );

export const addDeliveryEvent = async (db: DbOrTx, values: typeof serviceDeliveryEvents.$inferInsert) =>
  (await db.insert(serviceDeliveryEvents).values(values).returning())[0]!;

/** The recorded opening whose session hashes to this (any delivery: the caller checks it is the link's). */
export const findOpeningBySession = async (db: DbOrTx, sessionHash: string) =>
  (
    await db
      .select()
      .from(serviceDeliveryEvents)
      .where(
        and(eq(serviceDeliveryEvents.sessionHash, sessionHash), eq(serviceDeliveryEvents.kind, 'opened')),
      )
  )[0];

/** Locks the document's row: fresh-link requests of one document (from any of its links) queue here. */
export const lockDocument = (db: DbOrTx, documentId: number) =>
  db.select({ id: documents.id }).from(documents).where(eq(documents.id, documentId)).for('update');

/** Fresh links the recipient asked for on any link of the document since `since`: how many, and the first's time. */
export async function freshLinkRequestsSince(db: DbOrTx, documentId: number, since: Date) {
  const [row] = await db
    .select({ n: count(), first: min(serviceDeliveryEvents.createdAt) })
    .from(serviceDeliveryEvents)
    .innerJoin(serviceDeliveries, eq(serviceDeliveries.id, serviceDeliveryEvents.deliveryId))
    .where(
      and(
        eq(serviceDeliveries.documentId, documentId),
        eq(serviceDeliveryEvents.kind, 'fresh_link_requested'),
        gte(serviceDeliveryEvents.createdAt, since),
      ),
    );
  return { count: Number(row?.n ?? 0), first: row?.first ? new Date(row.first) : null };
}

export const listDeliveries = (db: DbOrTx, documentId: number) =>
  db
    .select()
    .from(serviceDeliveries)
    .where(eq(serviceDeliveries.documentId, documentId))
    .orderBy(desc(serviceDeliveries.id));

export async function eventsOfDeliveries(db: DbOrTx, ids: number[]) {
  const out = new Map<number, DeliveryEventRow[]>();
  if (!ids.length) return out;
  const rows = await db
    .select()
    .from(serviceDeliveryEvents)
    .where(inArray(serviceDeliveryEvents.deliveryId, ids))
    .orderBy(asc(serviceDeliveryEvents.id));
  for (const r of rows) out.set(r.deliveryId, [...(out.get(r.deliveryId) ?? []), r]);
  return out;
}
