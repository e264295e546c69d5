import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminCancelInputSchema,
  AdminChangePlanInputSchema,
  AdminFirmListQuerySchema,
  AdminFirmListSchema,
  AdminUserListQuerySchema,
  AdminUserListSchema,
  AnalyticsOverviewSchema,
  CancellationReportQuerySchema,
  CancellationReportSchema,
  CleanupResultSchema,
  CreatePlanInputSchema,
  ExpiringSoonQuerySchema,
  ExpiringSoonSchema,
  FirmSubscriptionDetailSchema,
  FirmSubscriptionListQuerySchema,
  FirmSubscriptionListSchema,
  HealthSchema,
  MailMessageSchema,
  MailOutboxListSchema,
  MailOutboxQuerySchema,
  MonthlySummaryQuerySchema,
  MonthlySummarySchema,
  SalesContactListSchema,
  SalesContactSchema,
  SubscriptionHistorySchema,
  TrendsQuerySchema,
  TrendsSchema,
  UpdatePlanInputSchema,
  UpdateSalesContactInputSchema,
  UsageLimitsQuerySchema,
  UsageLimitsSchema,
} from '@lexserve/contracts/admin';
import { IdParamsSchema, IdSchema, MessageSchema, envelope } from '@lexserve/contracts/common';
import { CommonErrors } from '@lexserve/contracts/errors';
import { PlanListSchema, PlanSchema } from '@lexserve/contracts/subscriptions';
import { ctxOf } from '../../lib/context';
import { requireRole } from '../../plugins/auth';
import * as plans from '../subscriptions/plans.service';
import * as analytics from './admin.analytics';
import * as directory from './admin.directory';
import * as admin from './admin.service';

const BASE = '/admin/subscriptions';

/** The admin portal's calls (spec 3 §7 and the portal's reports and directories): system_admin only. */
export async function adminRoutes(app: FastifyInstance) {
  await app.register(async (scope) => {
    // Every route of this scope answers others 'Access denied. Admin privileges required.' (403). Checked on request,
    // before the body is validated, so that other roles learn nothing about these calls from validation errors.
    scope.addHook('onRequest', requireRole(['system_admin'], CommonErrors.ADMIN_REQUIRED));
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin'];
    const ok = <T>(data: T, message: string) => ({ status: 'success' as const, data, message });

    // Plans
    r.get(`${BASE}/plans`, { schema: { tags, response: { 200: PlanListSchema } } }, (req) =>
      plans.listAllPlans(ctxOf(req)),
    );
    r.post(
      `${BASE}/plans`,
      { schema: { tags, body: CreatePlanInputSchema, response: { 201: envelope(PlanSchema) } } },
      async (req, reply) =>
        reply
          .status(201)
          .send(ok(await plans.createPlan(ctxOf(req), req.body), 'Subscription plan created successfully')),
    );
    r.post(
      `${BASE}/plans/create-defaults`,
      {
        schema: {
          tags,
          response: { 200: envelope(z.object({ created: z.array(PlanSchema), plans: z.array(PlanSchema) })) },
        },
      },
      async (req) => {
        const { message, ...data } = await plans.createDefaultPlans(ctxOf(req));
        return ok(data, message);
      },
    );
    r.get(
      `${BASE}/plans/:id`,
      { schema: { tags, params: IdParamsSchema, response: { 200: PlanSchema } } },
      (req) => plans.getPlan(ctxOf(req), req.params.id),
    );
    r.put(
      `${BASE}/plans/:id`,
      {
        schema: {
          tags,
          params: IdParamsSchema,
          body: UpdatePlanInputSchema,
          response: { 200: envelope(PlanSchema) },
        },
      },
      async (req) =>
        ok(
          await plans.updatePlan(ctxOf(req), req.params.id, req.body),
          'Subscription plan updated successfully',
        ),
    );
    r.delete(
      `${BASE}/plans/:id`,
      { schema: { tags, params: IdParamsSchema, response: { 200: MessageSchema } } },
      async (req) => {
        await plans.deletePlan(ctxOf(req), req.params.id);
        return { message: 'Subscription plan deleted successfully' };
      },
    );

    // Firm subscriptions
    r.get(
      `${BASE}/firm-subscriptions`,
      {
        schema: {
          tags,
          querystring: FirmSubscriptionListQuerySchema,
          response: { 200: FirmSubscriptionListSchema },
        },
      },
      (req) => admin.listFirmSubscriptions(ctxOf(req), req.query),
    );
    r.get(
      `${BASE}/firm-subscriptions/:id`,
      { schema: { tags, params: IdParamsSchema, response: { 200: FirmSubscriptionDetailSchema } } },
      (req) => admin.getFirmSubscription(ctxOf(req), req.params.id),
    );
    r.post(
      `${BASE}/firm-subscriptions/:id/change-plan`,
      {
        schema: {
          tags,
          params: IdParamsSchema,
          body: AdminChangePlanInputSchema,
          response: { 200: envelope(FirmSubscriptionDetailSchema) },
        },
      },
      async (req) =>
        ok(
          await admin.changeFirmPlan(ctxOf(req), req.params.id, req.body),
          'Firm subscription updated successfully',
        ),
    );
    r.post(
      `${BASE}/firm-subscriptions/:id/cancel`,
      {
        schema: {
          tags,
          params: IdParamsSchema,
          body: AdminCancelInputSchema,
          response: { 200: envelope(FirmSubscriptionDetailSchema) },
        },
      },
      async (req) => {
        const { data, message } = await admin.cancelFirmSubscription(ctxOf(req), req.params.id, req.body);
        return ok(data, message);
      },
    );
    r.post(
      `${BASE}/firm-subscriptions/:id/reactivate`,
      { schema: { tags, params: IdParamsSchema, response: { 200: envelope(FirmSubscriptionDetailSchema) } } },
      async (req) => {
        const { data, message } = await admin.reactivateFirmSubscription(ctxOf(req), req.params.id);
        return ok(data, message);
      },
    );

    // Analytics, health, reports
    r.get(
      `${BASE}/analytics/overview`,
      { schema: { tags, response: { 200: AnalyticsOverviewSchema } } },
      (req) => analytics.overview(ctxOf(req)),
    );
    r.get(
      `${BASE}/analytics/trends`,
      { schema: { tags, querystring: TrendsQuerySchema, response: { 200: TrendsSchema } } },
      (req) => analytics.trends(ctxOf(req), req.query.months),
    );
    r.get(
      `${BASE}/analytics/expiring-soon`,
      { schema: { tags, querystring: ExpiringSoonQuerySchema, response: { 200: ExpiringSoonSchema } } },
      (req) => analytics.expiringSoon(ctxOf(req), req.query.days),
    );
    r.get(
      `${BASE}/analytics/usage-limits`,
      { schema: { tags, querystring: UsageLimitsQuerySchema, response: { 200: UsageLimitsSchema } } },
      (req) => analytics.usageLimits(ctxOf(req), req.query.threshold, req.query.all ?? false),
    );
    r.get(`${BASE}/health`, { schema: { tags, response: { 200: HealthSchema } } }, (req) =>
      analytics.health(ctxOf(req)),
    );
    r.get(
      `${BASE}/reports/monthly-summary`,
      { schema: { tags, querystring: MonthlySummaryQuerySchema, response: { 200: MonthlySummarySchema } } },
      (req) => analytics.monthlySummary(ctxOf(req), req.query),
    );
    r.get(
      `${BASE}/reports/cancellation-reasons`,
      {
        schema: {
          tags,
          querystring: CancellationReportQuerySchema,
          response: { 200: CancellationReportSchema },
        },
      },
      (req) => analytics.cancellationReport(ctxOf(req), req.query),
    );
    r.get(
      `${BASE}/firms/:firmId/subscription-history`,
      {
        schema: {
          tags,
          params: z.object({ firmId: IdSchema }),
          response: { 200: SubscriptionHistorySchema },
        },
      },
      (req) => admin.firmSubscriptionHistory(ctxOf(req), req.params.firmId),
    );
    r.post(
      `${BASE}/system/cleanup-expired-trials`,
      { schema: { tags, response: { 200: CleanupResultSchema } } },
      (req) => admin.cleanupExpiredTrials(ctxOf(req)),
    );

    // Sales contacts, mail outbox, users and firms
    r.get(
      `${BASE}/sales-contacts`,
      {
        schema: {
          tags,
          querystring: z.object({
            skip: z.coerce.number().int().min(0).default(0),
            limit: z.coerce.number().int().min(1).max(500).default(100),
            status: z.enum(['new', 'contacted', 'closed']).optional(),
          }),
          response: { 200: SalesContactListSchema },
        },
      },
      (req) => directory.listSalesContactRequests(ctxOf(req), req.query),
    );
    r.put(
      `${BASE}/sales-contacts/:id`,
      {
        schema: {
          tags,
          params: IdParamsSchema,
          body: UpdateSalesContactInputSchema,
          response: { 200: envelope(SalesContactSchema) },
        },
      },
      async (req) =>
        ok(
          await directory.updateSalesContactRequest(ctxOf(req), req.params.id, req.body.status),
          'Sales contact updated',
        ),
    );
    r.get(
      '/admin/mail-outbox',
      { schema: { tags, querystring: MailOutboxQuerySchema, response: { 200: MailOutboxListSchema } } },
      (req) => directory.listMail(ctxOf(req), req.query),
    );
    r.get(
      '/admin/mail-outbox/:id',
      { schema: { tags, params: IdParamsSchema, response: { 200: MailMessageSchema } } },
      (req) => directory.getMail(ctxOf(req), req.params.id),
    );
    r.get(
      '/admin/users',
      { schema: { tags, querystring: AdminUserListQuerySchema, response: { 200: AdminUserListSchema } } },
      (req) => directory.listUsers(ctxOf(req), req.query),
    );
    r.get(
      '/admin/firms',
      { schema: { tags, querystring: AdminFirmListQuerySchema, response: { 200: AdminFirmListSchema } } },
      (req) => directory.listFirms(ctxOf(req), req.query),
    );
  });
}
