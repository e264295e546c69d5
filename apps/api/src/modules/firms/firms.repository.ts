import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { FirmErrors } from '@lexserve/contracts/errors';
import { containsPattern, hasChanges, type DbOrTx } from '../../db/client';
import { branches, firms } from '../../db/schema/index';
import { AppError, isUniqueViolation } from '../../lib/app-error';

export type NewFirm = typeof firms.$inferInsert;
export type NewBranch = typeof branches.$inferInsert;

const translate = (err: unknown): never => {
  if (isUniqueViolation(err, 'firms_name_unique'))
    throw new AppError(FirmErrors.FIRM_NAME_TAKEN, { cause: err });
  if (isUniqueViolation(err, 'branches_practice_number_unique'))
    throw new AppError(FirmErrors.PRACTICE_NUMBER_TAKEN, { cause: err });
  if (isUniqueViolation(err, 'branches_service_address_unique'))
    throw new AppError(FirmErrors.SERVICE_ADDRESS_TAKEN, { cause: err });
  throw err;
};

export const findFirmById = async (db: DbOrTx, id: number) =>
  (await db.select().from(firms).where(eq(firms.id, id)))[0];

export async function listFirms(
  db: DbOrTx,
  opts: { search?: string; skip: number; limit: number; activeOnly: boolean },
) {
  const where: SQL[] = [];
  if (opts.activeOnly) where.push(eq(firms.isActive, true));
  if (opts.search) {
    const term = containsPattern(opts.search);
    where.push(or(ilike(firms.name, term), ilike(firms.contactEmail, term), ilike(firms.address, term))!);
  }
  const filter = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(firms).where(filter).orderBy(asc(firms.name)).offset(opts.skip).limit(opts.limit),
    db.select({ n: count() }).from(firms).where(filter),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const insertFirm = (db: DbOrTx, values: NewFirm) =>
  db
    .insert(firms)
    .values(values)
    .returning()
    .then((r) => r[0]!, translate);

/** An update with nothing to set answers the row as it is. */
export const updateFirm = async (db: DbOrTx, id: number, values: Partial<NewFirm>) =>
  hasChanges(values)
    ? db
        .update(firms)
        .set(values)
        .where(eq(firms.id, id))
        .returning()
        .then((r) => r[0], translate)
    : findFirmById(db, id);

export const deleteFirmRow = (db: DbOrTx, id: number) => db.delete(firms).where(eq(firms.id, id));

export const findBranchById = async (db: DbOrTx, id: number) =>
  (await db.select().from(branches).where(eq(branches.id, id)))[0];

/** Whether a branch other than `exceptId` has this digital service address (case-insensitive). */
export const serviceAddressInUse = async (db: DbOrTx, address: string, exceptId?: number) =>
  (
    await db
      .select({ id: branches.id })
      .from(branches)
      .where(
        sql`lower(${branches.digitalServiceAddress}) = lower(${address}) AND ${branches.id} <> ${exceptId ?? -1}`,
      )
      .limit(1)
  ).length > 0;

export const findBranchByPracticeNumber = async (db: DbOrTx, practiceNumber: string) =>
  (
    await db
      .select()
      .from(branches)
      .where(sql`lower(${branches.practiceNumber}) = lower(${practiceNumber})`)
  )[0];

export async function listBranches(
  db: DbOrTx,
  opts: { firmId?: number; activeOnly?: boolean; skip?: number; limit?: number },
) {
  const where: SQL[] = [];
  if (opts.firmId !== undefined) where.push(eq(branches.firmId, opts.firmId));
  if (opts.activeOnly) where.push(eq(branches.isActive, true));
  const filter = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(branches)
      .where(filter)
      .orderBy(sql`${branches.isMain} DESC`, asc(branches.name))
      .offset(opts.skip ?? 0)
      .limit(opts.limit ?? 500),
    db.select({ n: count() }).from(branches).where(filter),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const countBranches = async (db: DbOrTx, firmId: number) =>
  (await db.select({ n: count() }).from(branches).where(eq(branches.firmId, firmId)))[0]?.n ?? 0;

export const insertBranch = (db: DbOrTx, values: NewBranch) =>
  db
    .insert(branches)
    .values(values)
    .returning()
    .then((r) => r[0]!, translate);

export const updateBranch = async (db: DbOrTx, id: number, values: Partial<NewBranch>) =>
  hasChanges(values)
    ? db
        .update(branches)
        .set(values)
        .where(eq(branches.id, id))
        .returning()
        .then((r) => r[0], translate)
    : findBranchById(db, id);

export const deleteBranchRow = (db: DbOrTx, id: number) => db.delete(branches).where(eq(branches.id, id));
