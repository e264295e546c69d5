import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { NotificationPreferences } from '@lexserve/contracts/users';
import type { Role } from '@lexserve/contracts/common';
import { timestamps } from './common';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

export const firms = pgTable(
  'firms',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    contactEmail: text().notNull(),
    phone: text(),
    address: text(),
    maxBranches: integer().notNull().default(1),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  () => [uniqueIndex('firms_name_unique').on(sql`lower(name)`)],
);

export const branches = pgTable(
  'branches',
  {
    id: serial().primaryKey(),
    firmId: integer()
      .notNull()
      .references(() => firms.id),
    name: text().notNull(),
    practiceNumber: text().notNull(),
    address: text(),
    contactEmail: text(),
    contactPhone: text(),
    digitalServiceAddress: text(),
    isMain: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index('branches_firm_idx').on(t.firmId),
    uniqueIndex('branches_practice_number_unique').on(sql`lower(practice_number)`),
    uniqueIndex('branches_service_address_unique')
      .on(sql`lower(digital_service_address)`)
      .where(sql`digital_service_address IS NOT NULL`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    passwordHash: text(),
    fullName: text().notNull(),
    username: text().notNull(),
    role: text().$type<Role>().notNull(),
    phoneNumber: text(),
    address: text(),
    firmId: integer().references(() => firms.id),
    branchId: integer().references(() => branches.id),
    isActive: boolean().notNull().default(true),
    isSystem: boolean().notNull().default(false),
    notificationPreferences: jsonb().$type<NotificationPreferences>(),
    lastLogin: at(),
    mustChangePassword: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(email)`),
    index('users_firm_idx').on(t.firmId),
    index('users_branch_idx').on(t.branchId),
  ],
);

/**
 * A sheriff's area of appointment (migration 0022): magisterial districts, suburbs and postal codes, the index LexServe
 * matches an address against. Names are unique whatever their case.
 */
export const sheriffAreas = pgTable(
  'sheriff_areas',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    magisterialDistricts: text().array().notNull().default([]),
    suburbs: text().array().notNull().default([]),
    postalCodes: text().array().notNull().default([]),
    ...timestamps,
  },
  () => [uniqueIndex('sheriff_areas_name_unique').on(sql`lower(name)`)],
);

/**
 * A sheriff's office, appointment and area; the account is the users row. A deputy (`kind` 'deputy') serves in the
 * office of `officeSheriffId` and has no area of their own. `serviceAreas` is kept for older clients (derived from the
 * area's name when a sheriff is given an area without them).
 */
export const sheriffProfiles = pgTable(
  'sheriff_profiles',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    officeName: text().notNull(),
    appointmentNumber: text().notNull(),
    serviceAreas: text().array().notNull().default([]),
    areaId: integer().references(() => sheriffAreas.id),
    officeSheriffId: integer().references(() => users.id),
    kind: text().$type<'sheriff' | 'deputy'>().notNull().default('sheriff'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('sheriff_profiles_appointment_unique').on(sql`lower(appointment_number)`),
    index('sheriff_profiles_area_idx').on(t.areaId),
    index('sheriff_profiles_office_idx').on(t.officeSheriffId),
  ],
);

/** One per login: access tokens carry its id (`sid`); it ends when revoked or at `expiresAt` (never extended). */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    expiresAt: at().notNull(),
    revokedAt: at(),
    ...timestamps,
  },
  (t) => [
    index('sessions_user_live_idx')
      .on(t.userId)
      .where(sql`revoked_at IS NULL`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** The session (one family of rotated tokens per login). */
    familyId: uuid()
      .notNull()
      .references(() => sessions.id),
    tokenHash: text().notNull().unique(),
    expiresAt: at().notNull(),
    rotatedAt: at(),
    revokedAt: at(),
    ...timestamps,
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: serial().primaryKey(),
  userId: integer()
    .notNull()
    .references(() => users.id),
  tokenHash: text().notNull().unique(),
  expiresAt: at().notNull(),
  usedAt: at(),
  ...timestamps,
});

export const userAuditLog = pgTable(
  'user_audit_log',
  {
    id: serial().primaryKey(),
    /** The user the entry is about: a plain id, so the entry outlives a deleted user. */
    userId: integer().notNull(),
    performedById: integer().references(() => users.id),
    action: text().notNull(),
    reason: text(),
    details: jsonb().$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [index('user_audit_log_user_idx').on(t.userId)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial().primaryKey(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    status: text().$type<'kept' | 'sent' | 'failed'>().notNull().default('kept'),
    error: text(),
    sentAt: at(),
    ...timestamps,
  },
  (t) => [
    index('mail_outbox_unsent_idx')
      .on(t.status)
      .where(sql`status IN ('kept', 'failed')`),
    // Only where the server has pg_trgm (0019); the embedded PGlite has none.
    index('mail_outbox_to_address_trgm_idx').using('gin', t.toAddress.op('gin_trgm_ops')),
    index('mail_outbox_subject_trgm_idx').using('gin', t.subject.op('gin_trgm_ops')),
  ],
);

export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    processedAt: at(),
    ...timestamps,
  },
  (t) => [
    index('domain_events_pending_idx')
      .on(t.id)
      .where(sql`processed_at IS NULL`),
  ],
);

export const jobs = pgTable(
  'jobs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    name: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    runAt: at().notNull().defaultNow(),
    lockedUntil: at(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    doneAt: at(),
    dedupeKey: text().unique(),
    ...timestamps,
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`done_at IS NULL`),
  ],
);

/** Rate-limit and login-throttle counts shared by every process (lib/shared-counters.ts); expired rows are swept. */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    expiresAt: at().notNull(),
  },
  (t) => [index('rate_counters_expires_at_idx').on(t.expiresAt)],
);
