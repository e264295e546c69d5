import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from '../../db/schema/index';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookDeliveryAttempts.$inferSelect;

export const insertEndpoint = async (db: DbOrTx, values: typeof webhookEndpoints.$inferInsert) =>
  (await db.insert(webhookEndpoints).values(values).returning())[0]!;

/** The firm's endpoints, newest first, with their creators' names. */
export const listEndpoints = (db: DbOrTx, firmId: number) =>
  db
    .select({ endpoint: webhookEndpoints, creatorName: users.fullName })
    .from(webhookEndpoints)
    .leftJoin(users, eq(users.id, webhookEndpoints.createdById))
    .where(eq(webhookEndpoints.firmId, firmId))
    .orderBy(desc(webhookEndpoints.id));

export const findEndpoint = async (
  db: DbOrTx,
  firmId: number,
  id: number,
): Promise<EndpointRow | undefined> =>
  (
    await db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.firmId, firmId)))
  )[0];

export const countEndpoints = async (db: DbOrTx, firmId: number): Promise<number> =>
  Number(
    (await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.firmId, firmId)))[0]
      ?.n ?? 0,
  );

/** Deletes one of the firm's endpoints (its deliveries go with it); answers false when there is none. */
export const deleteEndpoint = async (db: DbOrTx, firmId: number, id: number): Promise<boolean> =>
  (
    await db
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.firmId, firmId)))
      .returning({ id: webhookEndpoints.id })
  ).length === 1;

/** The firm's endpoints that subscribe to an event. */
export const findSubscribedEndpoints = (db: DbOrTx, firmId: number, event: string) =>
  db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(eq(webhookEndpoints.firmId, firmId), sql`${webhookEndpoints.events} @> ARRAY[${event}]::text[]`),
    );

export const insertDelivery = async (db: DbOrTx, values: typeof webhookDeliveries.$inferInsert) =>
  (await db.insert(webhookDeliveries).values(values).returning())[0]!;

/** A delivery with its endpoint (none when the endpoint was deleted). */
export async function findDeliveryWithEndpoint(
  db: DbOrTx,
  id: number,
): Promise<{ delivery: DeliveryRow; endpoint: EndpointRow } | undefined> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id));
  return row;
}

export const insertAttempt = (db: DbOrTx, values: typeof webhookDeliveryAttempts.$inferInsert) =>
  db.insert(webhookDeliveryAttempts).values(values);

export const updateDelivery = (
  db: DbOrTx,
  id: number,
  values: Partial<Pick<DeliveryRow, 'status' | 'attemptCount' | 'nextAttemptAt'>>,
) => db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));

/** An endpoint's latest deliveries with all their attempts. */
export async function listDeliveries(
  db: DbOrTx,
  endpointId: number,
  limit: number,
): Promise<{ delivery: DeliveryRow; attempts: AttemptRow[] }[]> {
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
  if (!deliveries.length) return [];
  const attempts = await db
    .select()
    .from(webhookDeliveryAttempts)
    .where(
      inArray(
        webhookDeliveryAttempts.deliveryId,
        deliveries.map((d) => d.id),
      ),
    )
    .orderBy(asc(webhookDeliveryAttempts.attempt));
  return deliveries.map((delivery) => ({
    delivery,
    attempts: attempts.filter((a) => a.deliveryId === delivery.id),
  }));
}
