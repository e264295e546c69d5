import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ApiKeyScope, WebhookDeliveryStatus, WebhookEvent } from '@lexserve/contracts/integrations';
import { timestamps } from './common';
import { firms, users } from './foundation';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/** A firm's API keys (migration 0015): the key itself is never stored, only its SHA-256. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial().primaryKey(),
    firmId: integer()
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    scope: text().$type<ApiKeyScope>().notNull(),
    prefix: text().notNull(),
    keyHash: text().notNull().unique(),
    createdById: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    lastUsedAt: at(),
    revokedAt: at(),
    revokedById: integer().references(() => users.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [
    index('api_keys_firm_idx')
      .on(t.firmId)
      .where(sql`revoked_at IS NULL`),
  ],
);

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial().primaryKey(),
    firmId: integer()
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    events: text().array().$type<WebhookEvent[]>().notNull(),
    secret: text().notNull(),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('webhook_endpoints_firm_idx').on(t.firmId)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    endpointId: integer()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    firmId: integer()
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    messageId: text().notNull().unique(),
    eventType: text().notNull(),
    body: text().notNull(),
    status: text().$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attemptCount: integer().notNull().default(0),
    nextAttemptAt: at(),
    ...timestamps,
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id.desc().nullsFirst())],
);

export const webhookDeliveryAttempts = pgTable('webhook_delivery_attempts', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  deliveryId: bigint({ mode: 'number' })
    .notNull()
    .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
  attempt: integer().notNull(),
  statusCode: integer(),
  responseExcerpt: text(),
  error: text(),
  durationMs: integer().notNull(),
  ...timestamps,
});
