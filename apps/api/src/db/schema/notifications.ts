import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { NotificationType } from '@lexserve/contracts/notifications';
import { timestamps } from './common';
import { users } from './foundation';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/** One row per recipient; `notificationId` (UUID) is what paths and clients use. */
export const notifications = pgTable(
  'notifications',
  {
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
  },
  (t) => [
    uniqueIndex('notifications_notification_id_unique').on(t.notificationId),
    index('notifications_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('notifications_user_unread_idx')
      .on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`NOT is_read`),
    index('notifications_user_type_idx').on(
      t.userId,
      t.notificationType,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** Per user and type: how many notifications, and how many unread. Kept by triggers on notifications (0017). */
export const notificationCounts = pgTable(
  'notification_counts',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationType: text().$type<NotificationType>().notNull(),
    total: integer().notNull().default(0),
    unread: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.notificationType] })],
);
