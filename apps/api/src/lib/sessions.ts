import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { passwordResetTokens, refreshTokens } from '../db/schema/index';

export const insertRefreshToken = (db: DbOrTx, values: typeof refreshTokens.$inferInsert) =>
  db.insert(refreshTokens).values(values);

export const findRefreshToken = async (db: DbOrTx, tokenHash: string) =>
  (await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)))[0];

/** Marks a token used, atomically: false when it was already rotated or revoked (a reuse). */
export async function claimRefreshToken(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: new Date() })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export const revokeFamily = (db: DbOrTx, familyId: string) =>
  db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));

export const revokeAllSessions = (db: DbOrTx, userId: number) =>
  db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));

export const insertResetToken = (db: DbOrTx, values: typeof passwordResetTokens.$inferInsert) =>
  db.insert(passwordResetTokens).values(values);

/** Consumes a reset token once; answers its user id, or undefined when unknown, used or expired. */
export async function consumeResetToken(db: DbOrTx, tokenHash: string): Promise<number | undefined> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        sql`${passwordResetTokens.expiresAt} > now()`,
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return rows[0]?.userId;
}
