import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IfNoneQuerySchema } from '@lexserve/contracts/common';
import {
  ChangePlanInputSchema,
  PlanChangeConfirmationSchema,
  PlanChangePreviewSchema,
  PlanListSchema,
  SalesContactInputSchema,
  SalesContactResultSchema,
  SelectPlanInputSchema,
  SelectPlanResultSchema,
  SubscriptionErrors,
  SubscriptionSchema,
  UpgradeInputSchema,
  UsageSchema,
} from '@lexserve/contracts/subscriptions';
import { orNone } from '../../lib/app-error';
import { ctxOf, publicCtxOf } from '../../lib/context';
import { bearerToken, resolveActor } from '../../plugins/auth';
import { listPublicPlans } from './plans.service';
import { submitSalesContact } from './sales-contact.service';
import * as subscriptions from './subscriptions.service';

const tags = ['subscriptions'];
/** Subscription calls stay open to firms without a subscription: they are how a firm gets one. */
const open = { allowWithoutSubscription: true };

/** Plans are public (the visitors' 'See Our Plans' page); so is the sales-contact form of 'Contact Us' plans. */
export async function subscriptionsPublicRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/subscriptions/plans', { schema: { tags, security: [], response: { 200: PlanListSchema } } }, () =>
    listPublicPlans(app.deps.database.db),
  );
  r.get(
    '/subscriptions/plans/featured',
    { schema: { tags, security: [], response: { 200: PlanListSchema } } },
    () => listPublicPlans(app.deps.database.db, { featuredOnly: true }),
  );
  r.post(
    '/subscriptions/sales-contact',
    {
      schema: {
        tags,
        security: [],
        body: SalesContactInputSchema,
        response: { 201: SalesContactResultSchema },
      },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (req, reply) => {
      // Signed-in callers are linked to their firm; a bad or expired token just makes it anonymous.
      const token = bearerToken(req);
      const actor = token ? await resolveActor(app, token).catch(() => undefined) : undefined;
      const result = await submitSalesContact(publicCtxOf(req), req.body, actor);
      return reply.status(201).send(result);
    },
  );
}

export async function subscriptionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/subscriptions/my-subscription',
    {
      config: open,
      schema: { tags, querystring: IfNoneQuerySchema, response: { 200: SubscriptionSchema, 204: z.null() } },
    },
    async (req, reply) => {
      const sub = await orNone(
        () => subscriptions.getMySubscription(ctxOf(req)),
        SubscriptionErrors.NO_ACTIVE_SUBSCRIPTION,
        req.query.if_none === 'empty',
      );
      return sub ?? reply.status(204).send(null);
    },
  );
  r.get('/subscriptions/usage', { config: open, schema: { tags, response: { 200: UsageSchema } } }, (req) =>
    subscriptions.getUsage(ctxOf(req)),
  );
  r.post(
    '/subscriptions/select-plan',
    {
      config: open,
      schema: { tags, body: SelectPlanInputSchema, response: { 201: SelectPlanResultSchema } },
    },
    async (req, reply) => {
      const data = await subscriptions.selectPlan(ctxOf(req), req.body);
      return reply.status(201).send({
        status: 'success' as const,
        message: 'Plan selected successfully',
        subscription_id: data.subscription_id,
        data,
      });
    },
  );
  r.post(
    '/subscriptions/upgrade',
    {
      config: open,
      schema: { tags, body: UpgradeInputSchema, response: { 200: PlanChangeConfirmationSchema } },
    },
    (req) => subscriptions.upgrade(ctxOf(req), req.body),
  );
  r.post(
    '/subscriptions/change-plan/preview',
    {
      config: open,
      schema: { tags, body: ChangePlanInputSchema, response: { 200: PlanChangePreviewSchema } },
    },
    (req) => subscriptions.previewPlanChange(ctxOf(req), req.body),
  );
  r.post(
    '/subscriptions/change-plan',
    {
      config: open,
      schema: { tags, body: ChangePlanInputSchema, response: { 200: PlanChangeConfirmationSchema } },
    },
    (req) => subscriptions.changePlan(ctxOf(req), req.body),
  );
}
