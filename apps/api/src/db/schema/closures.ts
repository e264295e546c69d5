import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Checklist, ClosureStatus, ClosureType } from '@lexserve/contracts/closures';
import { timestamps } from './common';
import { documents } from './documents';
import { branches, firms, users } from './foundation';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/** A case closure (migration 0005): a request through approval, or a direct close born completed. */
export const caseClosures = pgTable(
  'case_closures',
  {
    id: serial().primaryKey(),
    documentId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    firmId: integer()
      .notNull()
      .references(() => firms.id),
    branchId: integer().references(() => branches.id),
    closureType: text().$type<ClosureType>().notNull().default('request'),
    closureStatus: text().$type<ClosureStatus>().notNull().default('pending'),
    closureReason: text().notNull(),
    closureNotes: text(),
    checklist: jsonb()
      .$type<Checklist>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    requestedById: integer().references(() => users.id),
    requestedAt: at().notNull().defaultNow(),
    decidedById: integer().references(() => users.id),
    decidedAt: at(),
    approvalNotes: text(),
    completedById: integer().references(() => users.id),
    completedAt: at(),
    completionNotes: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('case_closures_one_active')
      .on(t.documentId)
      .where(sql`closure_status IN ('pending', 'approved', 'completed')`),
    index('case_closures_document_idx').on(t.documentId, t.id.desc().nullsFirst()),
    index('case_closures_firm_status_idx').on(t.firmId, t.closureStatus, t.requestedAt.desc().nullsFirst()),
    index('case_closures_status_idx').on(t.closureStatus, t.requestedAt.desc().nullsFirst()),
  ],
);
