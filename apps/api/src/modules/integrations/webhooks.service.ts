import {
  IntegrationErrors,
  MAX_WEBHOOKS_PER_FIRM,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_TEST_EVENT,
  type CreatedWebhook,
  type CreateWebhookInput,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '@lexserve/contracts/integrations';
import type { Env } from '../../config/env';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { inTransaction, type Ctx } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { scheduleJob } from '../../lib/jobs';
import { toDelivery, toWebhook } from './integrations.mapper';
import { assertManagesIntegrations } from './integrations.policy';
import { isDelivered, sendWebhook } from './webhook-sender';
import { newMessageId, newWebhookSecret, webhookHeaders } from './webhook-signature';
import { assertPublicTarget, TargetRefused, type TargetPolicy } from './webhook-targets';
import * as repo from './webhooks.repository';

/** The job that makes one attempt of one delivery. */
export const DELIVER_JOB = 'webhooks.deliver';

/** Waits before the retries after a failed attempt: 30 s, 2 min, 10 min, 1 h, 6 h (then the delivery is given up). */
const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 21_600_000] as const;

const targetPolicyOf = (env: Pick<Env, 'WEBHOOK_ALLOW_PRIVATE_TARGETS'>): TargetPolicy => ({
  allowPrivate: env.WEBHOOK_ALLOW_PRIVATE_TARGETS === 'true',
});

/** Registers an endpoint of the administrator's firm; the answer is the only time its signing secret is shown. */
export async function createWebhook(ctx: Ctx, input: CreateWebhookInput): Promise<CreatedWebhook> {
  const firmId = assertManagesIntegrations(ctx.actor);
  const url = new URL(input.url);
  try {
    await assertPublicTarget(url, targetPolicyOf(ctx.deps.env));
  } catch (err) {
    if (err instanceof TargetRefused) throw new AppError(err.error);
    throw err;
  }
  const secret = newWebhookSecret();
  const events = [...new Set(input.events)];
  const row = await inTransaction(ctx, async (tx) => {
    if ((await repo.countEndpoints(tx, firmId)) >= MAX_WEBHOOKS_PER_FIRM)
      throw new AppError(IntegrationErrors.WEBHOOK_LIMIT_REACHED);
    return repo.insertEndpoint(tx, {
      firmId,
      url: url.toString(),
      events,
      secret,
      createdById: ctx.actor.id,
    });
  });
  ctx.log.info({ webhookId: row.id, firmId }, 'webhook endpoint registered');
  return { ...toWebhook(row, ctx.actor.fullName), secret };
}

export async function listWebhooks(ctx: Ctx): Promise<{ webhooks: Webhook[] }> {
  const firmId = assertManagesIntegrations(ctx.actor);
  return {
    webhooks: (await repo.listEndpoints(ctx.db, firmId)).map((r) => toWebhook(r.endpoint, r.creatorName)),
  };
}

/** Deletes an endpoint of the firm with its deliveries; retries still scheduled find nothing to send. */
export async function deleteWebhook(ctx: Ctx, id: number): Promise<void> {
  const firmId = assertManagesIntegrations(ctx.actor);
  if (!(await repo.deleteEndpoint(ctx.db, firmId, id)))
    throw new AppError(IntegrationErrors.WEBHOOK_NOT_FOUND);
}

const getEndpoint = async (ctx: Ctx, id: number) => {
  const firmId = assertManagesIntegrations(ctx.actor);
  const endpoint = await repo.findEndpoint(ctx.db, firmId, id);
  if (!endpoint) throw new AppError(IntegrationErrors.WEBHOOK_NOT_FOUND);
  return endpoint;
};

/** An endpoint's latest deliveries, each with its attempts (status, answer excerpt, duration) and next retry. */
export async function listDeliveries(
  ctx: Ctx,
  id: number,
  limit: number,
): Promise<{ deliveries: WebhookDelivery[] }> {
  const endpoint = await getEndpoint(ctx, id);
  return {
    deliveries: (await repo.listDeliveries(ctx.db, endpoint.id, limit)).map((d) =>
      toDelivery(d.delivery, d.attempts),
    ),
  };
}

/** The JSON body of a message (Standard Webhooks' suggested shape): `{type, timestamp, data}`. */
const messageBody = (type: string, at: Date, data: Record<string, unknown>) =>
  JSON.stringify({ type, timestamp: at.toISOString(), data });

/**
 * Sends a `webhook.test` message to one endpoint now and answers the delivery with that first attempt (retried like
 * any other if it failed).
 */
export async function sendTestEvent(ctx: Ctx, id: number): Promise<{ delivery: WebhookDelivery }> {
  const endpoint = await getEndpoint(ctx, id);
  const now = ctx.deps.clock.now();
  const delivery = await repo.insertDelivery(ctx.db, {
    endpointId: endpoint.id,
    firmId: endpoint.firmId,
    messageId: newMessageId(),
    eventType: WEBHOOK_TEST_EVENT,
    body: messageBody(WEBHOOK_TEST_EVENT, now, {
      webhook_id: endpoint.id,
      message: 'A test event from LexServe.',
    }),
    nextAttemptAt: now,
  });
  await attemptDelivery(ctx.deps, delivery.id, 1);
  const [listed] = (await repo.listDeliveries(ctx.db, endpoint.id, 1)).filter(
    (d) => d.delivery.id === delivery.id,
  );
  return { delivery: toDelivery(listed!.delivery, listed!.attempts) };
}

/**
 * Queues a message about an event of a firm to each of its endpoints that subscribe to it, in the caller's
 * transaction (the domain event's handler), so a message exists exactly when the event was handled. The first
 * attempt is a job due at once.
 */
export async function enqueueWebhookEvent(
  tx: DbOrTx,
  opts: { firmId: number; event: WebhookEvent; at: Date; data: Record<string, unknown> },
) {
  const endpoints = await repo.findSubscribedEndpoints(tx, opts.firmId, opts.event);
  for (const endpoint of endpoints) {
    const delivery = await repo.insertDelivery(tx, {
      endpointId: endpoint.id,
      firmId: opts.firmId,
      messageId: newMessageId(),
      eventType: opts.event,
      body: messageBody(opts.event, opts.at, opts.data),
      nextAttemptAt: opts.at,
    });
    await scheduleAttempt(tx, delivery.id, 1, opts.at);
  }
}

const scheduleAttempt = (db: DbOrTx, deliveryId: number, attempt: number, runAt: Date) =>
  scheduleJob(db, {
    name: DELIVER_JOB,
    runAt,
    payload: { deliveryId, attempt },
    dedupeKey: `webhook:${deliveryId}:${attempt}`,
  });

/**
 * Makes attempt number `attempt` of a delivery: signs the body afresh (a new timestamp; the same message id), sends it,
 * records the answer, and on failure schedules the next attempt after its back-off, or gives the delivery up after
 * WEBHOOK_MAX_ATTEMPTS. An attempt already made, a delivery already settled or an endpoint deleted meanwhile is a no-op,
 * so a job that runs twice sends once. No transaction is held while the endpoint answers.
 */
export async function attemptDelivery(
  deps: Pick<Deps, 'database' | 'env' | 'clock'>,
  deliveryId: number,
  attempt: number,
): Promise<void> {
  const db = deps.database.db;
  const found = await repo.findDeliveryWithEndpoint(db, deliveryId);
  if (!found || found.delivery.status !== 'pending' || found.delivery.attemptCount >= attempt) return;
  const { delivery, endpoint } = found;
  const sentAt = deps.clock.now();
  const outcome = await sendWebhook(
    endpoint.url,
    delivery.body,
    webhookHeaders(endpoint.secret, delivery.messageId, sentAt, delivery.body),
    targetPolicyOf(deps.env),
  );
  const delivered = isDelivered(outcome);
  const last = attempt >= WEBHOOK_MAX_ATTEMPTS;
  const nextAt =
    delivered || last ? null : new Date(deps.clock.now().getTime() + RETRY_DELAYS_MS[attempt - 1]!);
  await db.transaction(async (tx) => {
    await repo.insertAttempt(tx, {
      deliveryId,
      attempt,
      statusCode: outcome.statusCode,
      responseExcerpt: outcome.responseExcerpt,
      error: outcome.error,
      durationMs: outcome.durationMs,
    });
    await repo.updateDelivery(tx, deliveryId, {
      attemptCount: attempt,
      status: delivered ? 'succeeded' : last ? 'failed' : 'pending',
      nextAttemptAt: nextAt,
    });
    if (nextAt) await scheduleAttempt(tx, deliveryId, attempt + 1, nextAt);
  });
}
