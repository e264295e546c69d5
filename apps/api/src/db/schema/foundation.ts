import {
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { NotificationPreferences } from '@lexserve/contracts/users';
import type { Role } from '@lexserve/contracts/common';
import { timestamps } from './common';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

export const firms = pgTable('firms', {
  id: serial().primaryKey(),
  name: text().notNull(),
  contactEmail: text().notNull(),
  phone: text(),
  address: text(),
  maxBranches: integer().notNull().default(1),
  isActive: boolean().notNull().default(true),
  ...timestamps,
});

export const branches = pgTable('branches', {
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
});

export const users = pgTable('users', {
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
});

/**
 * A sheriff's area of appointment (migration 0022): magisterial districts, suburbs and postal codes, the index LexServe
 * matches an address against. Names are unique whatever their case.
 */
export const sheriffAreas = pgTable('sheriff_areas', {
  id: serial().primaryKey(),
  name: text().notNull(),
  magisterialDistricts: text().array().notNull().default([]),
  suburbs: text().array().notNull().default([]),
  postalCodes: text().array().notNull().default([]),
  ...timestamps,
});

/**
 * A sheriff's office, appointment and area; the account is the users row. A deputy (`kind` 'deputy') serves in the
 * office of `officeSheriffId` and has no area of their own. `serviceAreas` is kept for older clients (derived from the
 * area's name when a sheriff is given an area without them).
 */
export const sheriffProfiles = pgTable('sheriff_profiles', {
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
});

/** One per login: access tokens carry its id (`sid`); it ends when revoked or at `expiresAt` (never extended). */
export const sessions = pgTable('sessions', {
  id: uuid().primaryKey(),
  userId: integer()
    .notNull()
    .references(() => users.id),
  expiresAt: at().notNull(),
  revokedAt: at(),
  ...timestamps,
});

export const refreshTokens = pgTable('refresh_tokens', {
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
});

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

export const userAuditLog = pgTable('user_audit_log', {
  id: serial().primaryKey(),
  /** The user the entry is about: a plain id, so the entry outlives a deleted user. */
  userId: integer().notNull(),
  performedById: integer().references(() => users.id),
  action: text().notNull(),
  reason: text(),
  details: jsonb().$type<Record<string, unknown>>(),
  ...timestamps,
});

export const mailOutbox = pgTable('mail_outbox', {
  id: serial().primaryKey(),
  toAddress: text().notNull(),
  subject: text().notNull(),
  textBody: text().notNull(),
  htmlBody: text(),
  status: text().$type<'kept' | 'sent' | 'failed'>().notNull().default('kept'),
  error: text(),
  sentAt: at(),
  ...timestamps,
});

export const domainEvents = pgTable('domain_events', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  type: text().notNull(),
  payload: jsonb().$type<Record<string, unknown>>().notNull(),
  attempts: integer().notNull().default(0),
  lastError: text(),
  processedAt: at(),
  ...timestamps,
});

export const jobs = pgTable('jobs', {
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
});

/** Rate-limit and login-throttle counts shared by every process (lib/shared-counters.ts); expired rows are swept. */
export const rateCounters = pgTable('rate_counters', {
  key: text().primaryKey(),
  count: integer().notNull(),
  expiresAt: at().notNull(),
});
