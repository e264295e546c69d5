import { createHmac, randomBytes } from 'node:crypto';

/*
 * Standard Webhooks signing (https://www.standardwebhooks.com, spec/standard-webhooks.md): the secret is "whsec_" and
 * the base64 of random bytes; the signature of a message is base64(HMAC-SHA256(secret bytes, "{id}.{timestamp}.{body}"))
 * sent as "v1,<signature>" in `webhook-signature`, beside `webhook-id` and `webhook-timestamp` (Unix seconds).
 */

const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A new signing secret: "whsec_" + base64 of 32 random bytes. */
export const newWebhookSecret = (): string => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** A new message id (the `webhook-id` header): "msg_" + 24 random bytes, base64url. */
export const newMessageId = (): string => `msg_${randomBytes(24).toString('base64url')}`;

/** The key bytes of a secret: the base64 after "whsec_". */
const keyOf = (secret: string): Buffer =>
  Buffer.from(
    secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret,
    'base64',
  );

/** The `webhook-signature` header value for one message. */
function signWebhook(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret))
    .update(`${messageId}.${timestampSeconds}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}

/** The three headers of a delivery attempt (the timestamp is the attempt's; the id is the message's, on every retry). */
export function webhookHeaders(
  secret: string,
  messageId: string,
  at: Date,
  body: string,
): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, messageId, timestamp, body),
  };
}
