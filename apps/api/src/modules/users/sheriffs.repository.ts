import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { SheriffErrors } from '@lexserve/contracts/users';
import { containsPattern, type DbOrTx } from '../../db/client';
import { sheriffAreas, sheriffProfiles, users } from '../../db/schema/index';
import { AppError, isUniqueViolation } from '../../lib/app-error';

export type SheriffProfileRow = typeof sheriffProfiles.$inferSelect;
type NewProfile = typeof sheriffProfiles.$inferInsert;

const APPOINTMENT_UNIQUE = 'sheriff_profiles_appointment_unique';

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, APPOINTMENT_UNIQUE))
      throw new AppError(SheriffErrors.APPOINTMENT_NUMBER_TAKEN, { cause: err });
    throw err;
  }
}

export const insertProfile = (db: DbOrTx, values: NewProfile) =>
  guarded(async () => (await db.insert(sheriffProfiles).values(values).returning())[0]!);

export const updateProfile = (db: DbOrTx, userId: number, values: Partial<Omit<NewProfile, 'userId'>>) =>
  guarded(
    async () =>
      (await db.update(sheriffProfiles).set(values).where(eq(sheriffProfiles.userId, userId)).returning())[0],
  );

export const findProfile = async (db: DbOrTx, userId: number) =>
  (await db.select().from(sheriffProfiles).where(eq(sheriffProfiles.userId, userId)))[0];

/** Whether another sheriff holds the appointment number (case ignored). */
export const appointmentNumberInUse = async (db: DbOrTx, appointmentNumber: string, exceptUserId?: number) =>
  (
    await db
      .select({ id: sheriffProfiles.userId })
      .from(sheriffProfiles)
      .where(
        and(
          sql`lower(${sheriffProfiles.appointmentNumber}) = lower(${appointmentNumber})`,
          exceptUserId ? sql`${sheriffProfiles.userId} <> ${exceptUserId}` : undefined,
        ),
      )
  ).length > 0;

/** A deputy's office: the profile of the sheriff they serve. */
const officeProfiles = alias(sheriffProfiles, 'office_profiles');
/** The area of appointment: a sheriff's own, a deputy's office's. */
const areaOfProfile = sql`coalesce(${sheriffProfiles.areaId}, ${officeProfiles.areaId})`;

/** The sheriff serves the district (case and surrounding spaces ignored), or it is the name of their area. */
const servesArea = (area: string) =>
  sql`(exists (select 1 from unnest(${sheriffProfiles.serviceAreas}) as a(name) where lower(trim(a.name)) = lower(trim(${area})))
    or lower(${sheriffAreas.name}) = lower(trim(${area})))`;

export type SheriffFilter = {
  search?: string;
  area?: string;
  isActive?: boolean;
  skip?: number;
  limit?: number;
  ids?: number[];
  /** Sheriffs (not deputies) appointed for these areas. */
  areaIds?: number[];
  kind?: 'sheriff' | 'deputy';
};

/** Sheriff accounts with their profiles (null for an account without one) and area, by name. */
export async function listSheriffs(db: DbOrTx, filter: SheriffFilter = {}) {
  const where: SQL[] = [eq(users.role, 'sheriff'), eq(users.isSystem, false)];
  if (filter.isActive !== undefined) where.push(eq(users.isActive, filter.isActive));
  if (filter.ids) where.push(inArray(users.id, filter.ids.length ? filter.ids : [-1]));
  if (filter.areaIds)
    where.push(inArray(sheriffProfiles.areaId, filter.areaIds.length ? filter.areaIds : [-1]));
  if (filter.kind === 'deputy') where.push(eq(sheriffProfiles.kind, 'deputy'));
  if (filter.kind === 'sheriff') where.push(sql`coalesce(${sheriffProfiles.kind}, 'sheriff') = 'sheriff'`);
  if (filter.area) where.push(servesArea(filter.area));
  if (filter.search) {
    const term = containsPattern(filter.search);
    where.push(
      or(
        ilike(users.fullName, term),
        ilike(users.email, term),
        ilike(sheriffProfiles.officeName, term),
        ilike(sheriffProfiles.appointmentNumber, term),
        ilike(sheriffAreas.name, term),
        sql`exists (select 1 from unnest(${sheriffProfiles.serviceAreas}) as a(name) where a.name ilike ${term})`,
      )!,
    );
  }
  const condition = and(...where);
  const rows = await db
    .select({ user: users, profile: sheriffProfiles, area: { id: sheriffAreas.id, name: sheriffAreas.name } })
    .from(users)
    .leftJoin(sheriffProfiles, eq(sheriffProfiles.userId, users.id))
    .leftJoin(officeProfiles, eq(officeProfiles.userId, sheriffProfiles.officeSheriffId))
    .leftJoin(sheriffAreas, eq(sheriffAreas.id, areaOfProfile))
    .where(condition)
    .orderBy(asc(sql`lower(${users.fullName})`), asc(users.id))
    .offset(filter.skip ?? 0)
    .limit(filter.limit ?? 1000);
  const [total] = await db
    .select({ n: count() })
    .from(users)
    .leftJoin(sheriffProfiles, eq(sheriffProfiles.userId, users.id))
    .leftJoin(officeProfiles, eq(officeProfiles.userId, sheriffProfiles.officeSheriffId))
    .leftJoin(sheriffAreas, eq(sheriffAreas.id, areaOfProfile))
    .where(condition);
  return { rows, total: total?.n ?? 0 };
}

export type SheriffListRow = Awaited<ReturnType<typeof listSheriffs>>['rows'][number];
