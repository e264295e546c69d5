import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type {
  ReturnFee,
  ReturnKind,
  ReturnOutcome,
  ServiceManner,
  ServiceOutcome,
} from '@lexserve/contracts/returns';
import { timestamps } from './common';
import type { ServiceTargetChannel, ServiceTargetStatus } from '@lexserve/contracts/service-targets';
import { documentEvents, documents, parties } from './documents';
import { firms, users } from './foundation';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * A person to be served on a document (migration 0023): a party on the receiving side of the citation, or one the
 * firm marked to be served, with its own channel, address, sheriff, status and date of service.
 */
export const serviceTargets = pgTable(
  'service_targets',
  {
    id: serial().primaryKey(),
    documentId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    firmId: integer()
      .notNull()
      .references(() => firms.id),
    partyId: integer()
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    channel: text().$type<ServiceTargetChannel>().notNull(),
    address: text(),
    sheriffId: integer().references(() => users.id),
    areaConfirmed: boolean().notNull().default(false),
    status: text().$type<ServiceTargetStatus>().notNull().default('pending'),
    servedAt: at(),
    serviceDate: date({ mode: 'string' }),
    servedReturnId: integer().references((): AnyPgColumn => serviceReturns.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('service_targets_document_party').on(t.documentId, t.partyId),
    index('service_targets_sheriff')
      .on(t.sheriffId, t.documentId)
      .where(sql`sheriff_id IS NOT NULL`),
  ],
);

/** One visit of the sheriff (migration 0010): the phone's and the server's clocks, the address, the GPS position. */
export const serviceAttempts = pgTable(
  'service_attempts',
  {
    id: serial().primaryKey(),
    documentId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    firmId: integer()
      .notNull()
      .references(() => firms.id),
    sheriffId: integer().references(() => users.id),
    deviceTime: at().notNull(),
    serverTime: at().notNull().defaultNow(),
    address: text().notNull(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    accuracyM: doublePrecision(),
    outcome: text().$type<ServiceOutcome>().notNull(),
    notes: text(),
    timelineEventId: bigint({ mode: 'number' }).references(() => documentEvents.id, { onDelete: 'set null' }),
    /** The person the attempt was made to serve (migration 0023). */
    targetId: integer().references(() => serviceTargets.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('service_attempts_document').on(t.documentId, t.serverTime),
    index('service_attempts_target')
      .on(t.targetId)
      .where(sql`target_id IS NOT NULL`),
  ],
);

/** A photo of an attempt: its stored bytes, their type by content and SHA-256. */
export const serviceAttemptPhotos = pgTable(
  'service_attempt_photos',
  {
    id: serial().primaryKey(),
    attemptId: integer()
      .notNull()
      .references(() => serviceAttempts.id, { onDelete: 'cascade' }),
    documentId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    firmId: integer()
      .notNull()
      .references(() => firms.id),
    storageKey: text().notNull().unique(),
    contentType: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    uploadedById: integer().references(() => users.id),
    ...timestamps,
  },
  (t) => [index('service_attempt_photos_attempt').on(t.attemptId)],
);

/** A return of service or non-service, with the sheriff and the court as they were on the day it was issued. */
export const serviceReturns = pgTable(
  'service_returns',
  {
    id: serial().primaryKey(),
    documentId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    firmId: integer()
      .notNull()
      .references(() => firms.id),
    sheriffId: integer()
      .notNull()
      .references(() => users.id),
    kind: text().$type<ReturnKind>().notNull(),
    outcome: text().$type<ReturnOutcome>().notNull(),
    manner: text().$type<ServiceManner>(),
    rule: text(),
    courtName: text(),
    servedAt: at(),
    address: text(),
    personServedName: text(),
    personServedCapacity: text(),
    natureExplained: boolean(),
    nonServiceReason: text(),
    diligentSearch: text(),
    fees: jsonb().$type<ReturnFee[]>().notNull().default([]),
    vatRegistered: boolean().notNull().default(true),
    subtotalCents: bigint({ mode: 'number' }).notNull(),
    vatCents: bigint({ mode: 'number' }).notNull(),
    totalCents: bigint({ mode: 'number' }).notNull(),
    sheriffFullName: text().notNull(),
    sheriffOfficeName: text(),
    sheriffAppointmentNumber: text(),
    sheriffServiceAreas: text().array().notNull().default([]),
    issuedAt: at().notNull().defaultNow(),
    proofVersion: integer(),
    /** The person the return is for (migration 0023): one return of service per target. */
    targetId: integer().references((): AnyPgColumn => serviceTargets.id, { onDelete: 'set null' }),
    /** The address lay in the sheriff's own area (false: no known area matched it, "area not confirmed"). */
    areaConfirmed: boolean().notNull().default(false),
    /** The attorney's written instruction to serve at an address other than the one on the process. */
    otherAddressInstruction: text(),
    ...timestamps,
  },
  (t) => [
    index('service_returns_document').on(t.documentId, t.issuedAt),
    index('service_returns_target')
      .on(t.targetId)
      .where(sql`target_id IS NOT NULL`),
    uniqueIndex('service_returns_one_served')
      .on(t.targetId)
      .where(sql`outcome = 'served'`),
  ],
);
