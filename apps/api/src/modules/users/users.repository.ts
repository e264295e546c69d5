import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { hasChanges, type DbOrTx } from '../../db/client';
import { branches, firms, userAuditLog, users } from '../../db/schema/index';
import { standingColumns, type AccountStanding } from '../../lib/account-standing';
import { AppError, isUniqueViolation } from '../../lib/app-error';
import { usersSeenBySheriff } from '../../lib/tenancy';
import type { ErrorDef } from '@lexserve/contracts/errors';

export type NewUser = typeof users.$inferInsert;

const emailIs = (email: string) => sql`lower(${users.email}) = lower(${email})`;

export const findUserById = async (db: DbOrTx, id: number) =>
  (
    await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.isSystem, false)))
  )[0];

export const findUserByEmail = async (db: DbOrTx, email: string) =>
  (await db.select().from(users).where(emailIs(email)))[0];

export const emailInUse = async (db: DbOrTx, email: string, exceptId?: number) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(exceptId ? and(emailIs(email), ne(users.id, exceptId)) : emailIs(email))
  ).length > 0;

export type UserScope = { firmId?: number; branchId?: number; role?: string };

/** Users visible in a scope (never the system account), oldest first. */
export const listUsers = async (db: DbOrTx, scope: UserScope = {}) => {
  const where: SQL[] = [eq(users.isSystem, false)];
  if (scope.firmId !== undefined) where.push(eq(users.firmId, scope.firmId));
  if (scope.branchId !== undefined) where.push(eq(users.branchId, scope.branchId));
  if (scope.role !== undefined) where.push(sql`${users.role} = ${scope.role}`);
  return db
    .select()
    .from(users)
    .where(and(...where))
    .orderBy(asc(users.id));
};

/** Inserts a user; a taken e-mail becomes the given catalogue error. */
export async function insertUser(db: DbOrTx, values: NewUser, emailTaken: ErrorDef) {
  try {
    const [row] = await db.insert(users).values(values).returning();
    return row!;
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_unique')) throw new AppError(emailTaken, { cause: err });
    throw err;
  }
}

export async function updateUser(db: DbOrTx, id: number, values: Partial<NewUser>, emailTaken?: ErrorDef) {
  if (!hasChanges(values)) return findUserById(db, id);
  try {
    const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
    return row;
  } catch (err) {
    if (emailTaken && isUniqueViolation(err, 'users_email_unique'))
      throw new AppError(emailTaken, { cause: err });
    throw err;
  }
}

/** Whether the user is among the people a sheriff may read (lib/tenancy.ts). */
export const isSeenBySheriff = async (db: DbOrTx, sheriffId: number, userId: number, officeId?: number) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), usersSeenBySheriff(sheriffId, officeId)))
  ).length > 0;

export const deleteUserRow = (db: DbOrTx, id: number) => db.delete(users).where(eq(users.id, id));

export const insertAuditEntry = (db: DbOrTx, entry: typeof userAuditLog.$inferInsert) =>
  db.insert(userAuditLog).values(entry);

/** A username derived from the e-mail's local part; unique enough for display, not an identifier. */
export const usernameFromEmail = (email: string) => email.split('@')[0]!.toLowerCase();

/** The standing of one user, in one query (login and refresh). */
export async function accountStanding(db: DbOrTx, userId: number): Promise<AccountStanding | undefined> {
  const [row] = await db
    .select({ role: users.role, isActive: users.isActive, ...standingColumns })
    .from(users)
    .leftJoin(firms, eq(firms.id, users.firmId))
    .leftJoin(branches, eq(branches.id, users.branchId))
    .where(eq(users.id, userId));
  return row;
}
