import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { passwordResetTokens, refreshTokens, sessions } from '../db/schema/index';
import { recordEvent } from './events';

/*
 * Sessions: one row per login, named by every access token (`sid`) and owning one family of rotated refresh
 * tokens. A session ends when revoked (logout, reuse of a rotated token, password change or reset,
 * deactivation) or at its absolute end (`expiresAt`, set at login and never extended).
 */

export type SessionRow = typeof sessions.$inferSelect;

export const openSession = async (db: DbOrTx, values: { id: string; userId: number; expiresAt: Date }) =>
  (await db.insert(sessions).values(values).returning())[0]!;

export const findSession = async (db: DbOrTx, id: string): Promise<SessionRow | undefined> =>
  (await db.select().from(sessions).where(eq(sessions.id, id)))[0];

/** Whether the session is neither revoked nor past its absolute end. */
export const isSessionLive = (
  s: Pick<SessionRow, 'revokedAt' | 'expiresAt'> | undefined,
  now: Date,
): s is SessionRow => !!s && !s.revokedAt && s.expiresAt.getTime() > now.getTime();

/**
 * Ends sessions and their refresh tokens, and records `session.revoked` so their open sockets close on every
 * instance (once the caller's transaction commits; the caller kicks the event dispatcher). Answers the ids ended.
 */
async function endSessions(
  db: DbOrTx,
  userId: number,
  where: SQL | undefined,
  announce = true,
): Promise<string[]> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), where))
    .returning({ id: sessions.id });
  const ids = ended.map((s) => s.id);
  if (!ids.length) return ids;
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(inArray(refreshTokens.familyId, ids), isNull(refreshTokens.revokedAt)));
  if (announce) await recordEvent(db, 'session.revoked', { userId, sessionIds: ids });
  return ids;
}

/** Ends one session of the user (logout, refresh-token reuse). */
export const revokeSession = (db: DbOrTx, userId: number, sessionId: string) =>
  endSessions(db, userId, eq(sessions.id, sessionId));

/**
 * Ends every session of the user, or every one but `except` (the device that changed the password).
 * `announce: false` when the caller closes every socket of the user itself (deactivation's user.deactivated).
 */
export const revokeAllSessions = (
  db: DbOrTx,
  userId: number,
  opts: { except?: string; announce?: boolean } = {},
) => endSessions(db, userId, opts.except ? ne(sessions.id, opts.except) : undefined, opts.announce ?? true);

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
