import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ReminderKind } from '@lexserve/contracts/deadlines';
import { timestamps } from './common';
import { documents } from './documents';
import { firms, users } from './foundation';

/** A firm's own deadline on one of its documents (migration 0014); the rules' deadlines are computed, not stored. */
export const firmDeadlines = pgTable(
  'firm_deadlines',
  {
    id: serial().primaryKey(),
    documentId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    firmId: integer()
      .notNull()
      .references(() => firms.id),
    name: text().notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('firm_deadlines_document_idx').on(t.documentId),
    index('firm_deadlines_firm_due_idx').on(t.firmId, t.dueDate),
  ],
);

/** A reminder sent: unique on (deadline_key, kind), so each goes once. */
export const deadlineReminders = pgTable('deadline_reminders', {
  id: serial().primaryKey(),
  deadlineKey: text().notNull(),
  kind: text().$type<ReminderKind>().notNull(),
  documentId: integer().references(() => documents.id, { onDelete: 'cascade' }),
  dueDate: date({ mode: 'string' }).notNull(),
  recipientCount: integer().notNull().default(0),
  ...timestamps,
});

/** A user's secret calendar address, stored as its SHA-256. */
export const calendarFeeds = pgTable('calendar_feeds', {
  id: serial().primaryKey(),
  userId: integer()
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull().unique(),
  lastFetchedAt: timestamp({ withTimezone: true, mode: 'date' }),
  ...timestamps,
});
