import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, IdSchema, MessageSchema, envelope } from '@lexserve/contracts/common';
import {
  CancelSubscriptionInputSchema,
  GenerateSignatureInputSchema,
  PaymentCancelFeedbackInputSchema,
  PaymentInitSchema,
  PaymentSchema,
  PaymentVerificationSchema,
  SubscriptionSummarySchema,
  UpdateCardInputSchema,
  UpdateCardResultSchema,
} from '@lexserve/contracts/payments';
import { SubscriptionMessages, SubscriptionSchema } from '@lexserve/contracts/subscriptions';
import { ctxOf } from '../../lib/context';
import { cancelMySubscription } from '../subscriptions/subscriptions.service';
import * as payments from './payments.service';

/** Payment calls stay open to firms without a subscription: they are how a firm gets one. */
const open = { allowWithoutSubscription: true };
const tags = ['payments'];

export async function paymentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/payments/generate-signature',
    {
      config: open,
      schema: { tags, body: GenerateSignatureInputSchema, response: { 200: PaymentInitSchema } },
    },
    (req) => payments.generateSignature(ctxOf(req), req.body.subscription_id),
  );
  r.get(
    '/payments/payment/by-signature/:signature',
    {
      config: open,
      schema: {
        tags,
        params: z.object({ signature: z.string().min(1).max(64) }),
        response: { 200: PaymentSchema },
      },
    },
    (req) => payments.getPaymentBySignature(ctxOf(req), req.params.signature),
  );
  r.get(
    '/payments/verify/:id',
    { config: open, schema: { tags, params: IdParamsSchema, response: { 200: PaymentVerificationSchema } } },
    (req) => payments.verifyPayment(ctxOf(req), req.params.id),
  );
  r.get(
    '/payments/subscription-summary/:subscriptionId',
    {
      config: open,
      schema: {
        tags,
        params: z.object({ subscriptionId: IdSchema }),
        response: { 200: SubscriptionSummarySchema },
      },
    },
    (req) => payments.getSubscriptionSummary(ctxOf(req), req.params.subscriptionId),
  );
  r.post(
    '/payments/cancel-subscription/:subscriptionId',
    {
      config: open,
      schema: {
        tags,
        params: z.object({ subscriptionId: IdSchema }),
        body: CancelSubscriptionInputSchema,
        response: { 200: envelope(SubscriptionSchema) },
      },
    },
    async (req) => ({
      status: 'success' as const,
      data: await cancelMySubscription(ctxOf(req), req.params.subscriptionId, req.body),
      message: SubscriptionMessages.cancelled,
    }),
  );
  r.post(
    '/payments/update-card',
    {
      config: open,
      schema: { tags, body: UpdateCardInputSchema, response: { 200: UpdateCardResultSchema } },
    },
    (req) => payments.getCardUpdateUrl(ctxOf(req), req.body.subscription_id),
  );
  r.post(
    '/payments/cancel-feedback',
    {
      config: open,
      schema: { tags, body: PaymentCancelFeedbackInputSchema, response: { 201: MessageSchema } },
    },
    async (req, reply) =>
      reply.status(201).send(await payments.recordPaymentCancelFeedback(ctxOf(req), req.body)),
  );
}
