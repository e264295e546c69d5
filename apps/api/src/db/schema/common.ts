import { timestamp } from 'drizzle-orm/pg-core';

/** created_at / updated_at on every table; updated_at is set on every update through `$onUpdate`. */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
