import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BulkMarkReadInputSchema,
  BulkMarkReadResultSchema,
  MarkAllReadResultSchema,
  NotificationListQuerySchema,
  NotificationListSchema,
  NotificationRefParamsSchema,
  NotificationSchema,
  NotificationStatsSchema,
  NotificationUpdateResultSchema,
} from '@lexserve/contracts/notifications';
import { ctxOf } from '../../lib/context';
import * as service from './notifications.service';

// Own notifications stay reachable without a subscription: they tell a firm what to do about it.
const config = { allowWithoutSubscription: true };
const tags = ['notifications'];

export async function notificationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/notifications',
    {
      config,
      schema: { tags, querystring: NotificationListQuerySchema, response: { 200: NotificationListSchema } },
    },
    (req) => service.listNotifications(ctxOf(req), req.query),
  );
  r.get(
    '/notifications/stats',
    { config, schema: { tags, response: { 200: NotificationStatsSchema } } },
    (req) => service.getStats(ctxOf(req)),
  );
  r.post(
    '/notifications/mark-all-read',
    { config, schema: { tags, response: { 200: MarkAllReadResultSchema } } },
    (req) => service.markAllRead(ctxOf(req)),
  );
  r.post(
    '/notifications/bulk-mark-read',
    { config, schema: { tags, body: BulkMarkReadInputSchema, response: { 200: BulkMarkReadResultSchema } } },
    (req) => service.bulkMarkRead(ctxOf(req), req.body),
  );
  r.get(
    '/notifications/:notification_id',
    { config, schema: { tags, params: NotificationRefParamsSchema, response: { 200: NotificationSchema } } },
    (req) => service.getNotification(ctxOf(req), req.params.notification_id),
  );
  r.put(
    '/notifications/:notification_id/read',
    {
      config,
      schema: {
        tags,
        params: NotificationRefParamsSchema,
        response: { 200: NotificationUpdateResultSchema },
      },
    },
    (req) => service.markRead(ctxOf(req), req.params.notification_id),
  );
  r.put(
    '/notifications/:notification_id/unread',
    {
      config,
      schema: {
        tags,
        params: NotificationRefParamsSchema,
        response: { 200: NotificationUpdateResultSchema },
      },
    },
    (req) => service.markUnread(ctxOf(req), req.params.notification_id),
  );
}
