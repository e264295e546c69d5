import type { ApiKey, Webhook, WebhookDelivery } from '@lexserve/contracts/integrations';
import type { apiKeys } from '../../db/schema/index';
import type { AttemptRow, DeliveryRow, EndpointRow } from './webhooks.repository';

type ApiKeyRow = typeof apiKeys.$inferSelect;

export const toApiKey = (k: ApiKeyRow, creatorName: string | null): ApiKey => ({
  id: k.id,
  name: k.name,
  scope: k.scope,
  prefix: k.prefix,
  created_at: k.createdAt.toISOString(),
  last_used_at: k.lastUsedAt?.toISOString() ?? null,
  created_by: creatorName !== null ? { id: k.createdById, full_name: creatorName } : null,
});

export const toWebhook = (e: EndpointRow, creatorName: string | null): Webhook => ({
  id: e.id,
  url: e.url,
  events: e.events,
  created_at: e.createdAt.toISOString(),
  created_by:
    e.createdById !== null && creatorName !== null ? { id: e.createdById, full_name: creatorName } : null,
});

export const toDelivery = (d: DeliveryRow, attempts: AttemptRow[]): WebhookDelivery => ({
  id: d.id,
  message_id: d.messageId,
  event: d.eventType,
  status: d.status,
  created_at: d.createdAt.toISOString(),
  next_retry_at: d.status === 'pending' ? (d.nextAttemptAt?.toISOString() ?? null) : null,
  attempts: attempts.map((a) => ({
    attempt: a.attempt,
    at: a.createdAt.toISOString(),
    status_code: a.statusCode,
    response_excerpt: a.responseExcerpt,
    error: a.error,
    duration_ms: a.durationMs,
  })),
});
