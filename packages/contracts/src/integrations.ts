import { z } from 'zod';
import { defineErrors } from './errors';
import { IdSchema } from './common';

/*
 * The firm's own systems (issue 20): API keys and signed webhooks. docs/integrations.md is the integrator's page.
 */

// ---------------------------------------------------------------------------------------------------------
// API keys
// ---------------------------------------------------------------------------------------------------------

/** Every key starts with this, so it is recognisable in code, logs and secret scanners. */
export const API_KEY_PREFIX = 'lxs_';
/** How much of a key is kept in clear and shown in lists ("lxs_3fK9aQ2m"): enough to tell keys apart, not to use one. */
export const API_KEY_SHOWN_CHARS = 12;

export const API_KEY_SCOPES = ['read', 'read_write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'Read only',
  read_write: 'Read and write',
};

/** A firm may hold this many keys that are not revoked. */
export const MAX_API_KEYS_PER_FIRM = 25;

const trimmedName = z
  .string({ error: 'Please enter a name for the key' })
  .trim()
  .min(1, 'Please enter a name for the key')
  .max(80, 'The name can be at most 80 characters');

export const CreateApiKeyInputSchema = z.object({
  name: trimmedName,
  scope: z.enum(API_KEY_SCOPES, { error: "Scope must be 'read' or 'read_write'" }),
});
export type CreateApiKeyInput = z.infer<typeof CreateApiKeyInputSchema>;

/** The answer of POST /api-keys: the only time the whole key is shown. */
export const CreatedApiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  key: z.string(),
  prefix: z.string(),
  created_at: z.string(),
});
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

export const ApiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  /** The first characters of the key ("lxs_3fK9aQ2m"), never the key. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  created_by: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;
export const ApiKeyListSchema = z.object({ api_keys: z.array(ApiKeySchema) });
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;

// ---------------------------------------------------------------------------------------------------------
// Webhooks
// ---------------------------------------------------------------------------------------------------------

/** The events an endpoint may subscribe to. */
export const WEBHOOK_EVENTS = [
  'document.served',
  'return.issued',
  'delivery.opened',
  'delivery.downloaded',
  'closure.completed',
  'deadline.due',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The event of "Send test event": sent to the one endpoint asked, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'document.served': 'Document served',
  'return.issued': 'Return of service issued',
  'delivery.opened': 'Electronic delivery opened',
  'delivery.downloaded': 'Electronic delivery downloaded',
  'closure.completed': 'Case closure completed',
  'deadline.due': 'Deadline due',
};

/** A firm may register this many endpoints. */
export const MAX_WEBHOOKS_PER_FIRM = 10;
/** Attempts of one delivery before it is given up (the first and five retries). */
export const WEBHOOK_MAX_ATTEMPTS = 6;

export const CreateWebhookInputSchema = z.object({
  url: z
    .string({ error: 'Please enter the endpoint URL' })
    .trim()
    .max(2000, 'The URL can be at most 2000 characters')
    .url('Please enter a valid URL, e.g. https://practice.example.co.za/lexserve/webhooks'),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `Events must be among: ${WEBHOOK_EVENTS.join(', ')}` }))
    .min(1, 'Choose at least one event')
    .transform((events) => [...new Set(events)]),
});
export type CreateWebhookInput = z.input<typeof CreateWebhookInputSchema>;

export const WebhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  created_at: z.string(),
  created_by: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
});
export type Webhook = z.infer<typeof WebhookSchema>;
/** The answer of POST /webhooks: the only time the signing secret is shown. */
export const CreatedWebhookSchema = WebhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof CreatedWebhookSchema>;
export const WebhookListSchema = z.object({ webhooks: z.array(WebhookSchema) });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WebhookAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  /** The endpoint's HTTP status; null when no answer came (refused address, timeout, connection error). */
  status_code: z.number().int().nullable(),
  /** The first characters of the endpoint's answer. */
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
});
export const WebhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The `webhook-id` header: the same on every retry of the delivery, so receivers can drop duplicates. */
  message_id: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  created_at: z.string(),
  next_retry_at: z.string().nullable(),
  attempts: z.array(WebhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
export const WebhookDeliveryListSchema = z.object({ deliveries: z.array(WebhookDeliverySchema) });
export const WebhookDeliveryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const WebhookIdParamsSchema = z.object({ id: IdSchema });

// ---------------------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------------------

export const IntegrationErrors = defineErrors({
  /** A key, an endpoint or the management of keys and webhooks by anyone but a firm administrator. */
  INTEGRATIONS_ADMIN_REQUIRED: {
    status: 403,
    message: 'Only a firm administrator can manage API keys and webhooks.',
  },
  /** A read-only key was used for a call that changes something. */
  API_KEY_READ_ONLY: {
    status: 403,
    message:
      "This API key is read-only: it cannot change anything. Create a key with the 'read_write' scope.",
  },
  /** An API key was used on a call keys cannot make (keys, webhooks, users, the firm, billing, the session). */
  API_KEY_NOT_ALLOWED: {
    status: 403,
    message:
      'API keys cannot make this call; it is open to signed-in users only (see docs/integrations.md for what keys can do).',
  },
  /** Unknown, malformed or revoked key. */
  API_KEY_INVALID: { status: 401, message: 'Invalid or revoked API key.' },
  API_KEY_NOT_FOUND: { status: 404, message: 'API key not found.' },
  API_KEY_LIMIT_REACHED: {
    status: 409,
    message: `Your firm already has ${MAX_API_KEYS_PER_FIRM} API keys. Revoke one you no longer use first.`,
  },
  WEBHOOK_NOT_FOUND: { status: 404, message: 'Webhook endpoint not found.' },
  WEBHOOK_LIMIT_REACHED: {
    status: 409,
    message: `Your firm already has ${MAX_WEBHOOKS_PER_FIRM} webhook endpoints. Delete one first.`,
  },
  /** The URL is not https (outside the demo) or carries a user name or password. */
  WEBHOOK_URL_INVALID: {
    status: 422,
    message: 'The endpoint URL must be an https:// address without a user name or password.',
  },
  /** The URL's host is, or resolves to, a private, loopback, link-local or otherwise internal address (SSRF). */
  WEBHOOK_URL_NOT_PUBLIC: {
    status: 422,
    message:
      'The endpoint URL must point to a public internet address, not a private, loopback, link-local or cloud-metadata address.',
  },
  /** The URL's host name does not resolve. */
  WEBHOOK_URL_UNRESOLVABLE: {
    status: 422,
    message: "The endpoint URL's host name could not be found. Check the address.",
  },
});
