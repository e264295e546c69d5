import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apiKeys, users } from '../../db/schema/index';

export type NewApiKeyRow = typeof apiKeys.$inferInsert;

export const insertApiKey = async (db: DbOrTx, values: NewApiKeyRow) =>
  (await db.insert(apiKeys).values(values).returning())[0]!;

/** The firm's keys that are not revoked, newest first, with their creators' names. */
export const listActiveApiKeys = (db: DbOrTx, firmId: number) =>
  db
    .select({ key: apiKeys, creatorName: users.fullName })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdById))
    .where(and(eq(apiKeys.firmId, firmId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.id));

export const countActiveApiKeys = async (db: DbOrTx, firmId: number): Promise<number> =>
  Number(
    (
      await db
        .select({ n: count() })
        .from(apiKeys)
        .where(and(eq(apiKeys.firmId, firmId), isNull(apiKeys.revokedAt)))
    )[0]?.n ?? 0,
  );

/** Revokes one of the firm's keys; answers false when the firm has no such live key. */
export async function revokeApiKey(
  db: DbOrTx,
  opts: { firmId: number; id: number; byUserId: number; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: opts.at, revokedById: opts.byUserId })
    .where(and(eq(apiKeys.id, opts.id), eq(apiKeys.firmId, opts.firmId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length === 1;
}
