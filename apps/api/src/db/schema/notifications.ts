import { bigserial, boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { NotificationType } from '@lexserve/contracts/notifications';
import { timestamps } from './common';
import { users } from './foundation';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/** One row per recipient; `notificationId` (UUID) is what paths and clients use. */
export const notifications = pgTable('notifications', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  notificationId: uuid().notNull().defaultRandom(),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  title: text().notNull(),
  message: text().notNull(),
  notificationType: text().$type<NotificationType>().notNull(),
  isRead: boolean().notNull().default(false),
  readAt: at(),
  caseId: text(),
  documentId: integer(),
  notificationCreatedAt: at().notNull().defaultNow(),
  ...timestamps,
});
