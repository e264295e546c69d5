import { asc, eq, sql } from 'drizzle-orm';
import { SheriffAreaErrors } from '@lexserve/contracts/sheriff-areas';
import type { DbOrTx } from '../../db/client';
import { sheriffAreas } from '../../db/schema/index';
import { AppError, isUniqueViolation } from '../../lib/app-error';

export type SheriffAreaRow = typeof sheriffAreas.$inferSelect;
type AreaValues = Pick<
  typeof sheriffAreas.$inferInsert,
  'name' | 'magisterialDistricts' | 'suburbs' | 'postalCodes'
>;

const NAME_UNIQUE = 'sheriff_areas_name_unique';

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, NAME_UNIQUE))
      throw new AppError(SheriffAreaErrors.AREA_NAME_TAKEN, { cause: err });
    throw err;
  }
}

export const insertArea = (db: DbOrTx, values: AreaValues) =>
  guarded(async () => (await db.insert(sheriffAreas).values(values).returning())[0]!);

export const updateArea = (db: DbOrTx, id: number, values: AreaValues) =>
  guarded(
    async () => (await db.update(sheriffAreas).set(values).where(eq(sheriffAreas.id, id)).returning())[0],
  );

export const findArea = async (db: DbOrTx, id: number) =>
  (await db.select().from(sheriffAreas).where(eq(sheriffAreas.id, id)))[0];

/** The area of this name, case ignored (another than `exceptId`). */
export const findAreaByName = async (db: DbOrTx, name: string, exceptId?: number) =>
  (
    await db
      .select()
      .from(sheriffAreas)
      .where(
        sql`lower(${sheriffAreas.name}) = lower(${name})${exceptId ? sql` AND ${sheriffAreas.id} <> ${exceptId}` : sql``}`,
      )
  )[0];

/** Every area, by name (the matcher tries them in this order). */
export const listAreas = (db: DbOrTx) =>
  db
    .select()
    .from(sheriffAreas)
    .orderBy(asc(sql`lower(${sheriffAreas.name})`), asc(sheriffAreas.id));
