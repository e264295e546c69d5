import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './common';
import { caseFiles, documents } from './documents';
import { firms } from './foundation';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/** The stamped, sealed copy of a served PDF (migration 0013; docs/evidence.md, "Stamped served copies"). */
export const servedCopies = pgTable(
  'served_copies',
  {
    id: serial().primaryKey(),
    caseFileId: integer()
      .notNull()
      .references(() => caseFiles.id, { onDelete: 'cascade' })
      .unique(),
    documentId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    firmId: integer()
      .notNull()
      .references(() => firms.id),
    securityId: text().notNull(),
    /** ready: stored; failed: the file could not be stamped (`problem`), its original is served. */
    status: text().$type<'ready' | 'failed'>().notNull(),
    storageKey: text(),
    sha256: text(),
    size: bigint({ mode: 'number' }),
    pageCount: integer(),
    problem: text(),
    /** The time of service printed on every page. */
    servedAt: at().notNull(),
    ...timestamps,
  },
  (t) => [index('served_copies_sha256').on(t.sha256), index('served_copies_document').on(t.documentId)],
);

export type LateTimestampKind = 'proof' | 'bundle' | 'served_copy';

/** A PDF sealed without a time-stamp (the authority could not be reached), until the job adds it (docs/evidence.md). */
export const lateTimestamps = pgTable(
  'late_timestamps',
  {
    id: serial().primaryKey(),
    kind: text().$type<LateTimestampKind>().notNull(),
    rowId: integer().notNull(),
    documentId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** The file as first sealed (without the time-stamp); it still verifies. */
    sealedSha256: text().notNull(),
    problem: text(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    timestampedSha256: text(),
    timestampTime: at(),
    doneAt: at(),
    ...timestamps,
  },
  (t) => [
    index('late_timestamps_pending')
      .on(t.id)
      .where(sql`done_at IS NULL`),
    index('late_timestamps_sealed_sha256').on(t.sealedSha256),
  ],
);

/** Every certificate LexServe has sealed with (current and past), so earlier seals stay recognised after a change. */
export const sealCertificates = pgTable('seal_certificates', {
  fingerprintSha256: text().primaryKey(),
  subject: text().notNull(),
  issuer: text().notNull(),
  notBefore: at(),
  notAfter: at(),
  pem: text().notNull(),
  firstUsedAt: at().notNull().defaultNow(),
  lastUsedAt: at().notNull().defaultNow(),
});
