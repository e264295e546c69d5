import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, MessageSchema } from '@lexserve/contracts/common';
import {
  CalendarFeedSchema,
  CalendarFeedStatusSchema,
  CreateDeadlineInputSchema,
  DeadlineListSchema,
  DeadlineParamsSchema,
  DeadlineSchema,
  DeadlineWindowQuerySchema,
  DocumentDeadlineListSchema,
} from '@lexserve/contracts/deadlines';
import { CommonErrors } from '@lexserve/contracts/errors';
import { ctxOf, publicCtxOf } from '../../lib/context';
import * as calendar from './calendar.service';
import * as deadlines from './deadlines.service';

/** Deadlines of a document (the rules' and the firm's own), the deadlines of all visible cases, the calendar address. */
export async function deadlinesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['deadlines'];

  r.get(
    '/documents/:id/deadlines',
    {
      schema: {
        tags,
        description:
          'The deadlines that run from the service of the document: the rules’ (computed in court days from the date of service and the document type, with the rule cited) and the firm’s own. Sheriffs see the rules’ only.',
        params: IdParamsSchema,
        response: { 200: DeadlineListSchema },
      },
    },
    (req) => deadlines.listDocumentDeadlines(ctxOf(req), req.params.id),
  );
  r.post(
    '/documents/:id/deadlines',
    {
      schema: {
        tags,
        description: 'Adds one of the firm’s own deadlines to its document (firm roles of the owning firm).',
        params: IdParamsSchema,
        body: CreateDeadlineInputSchema,
        response: { 201: DeadlineSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await deadlines.addFirmDeadline(ctxOf(req), req.params.id, req.body)),
  );
  r.delete(
    '/documents/:id/deadlines/:deadline_id',
    {
      schema: {
        tags,
        description: 'Removes one of the firm’s own deadlines.',
        params: DeadlineParamsSchema,
        response: { 200: MessageSchema },
      },
    },
    async (req) => {
      await deadlines.deleteFirmDeadline(ctxOf(req), req.params.id, req.params.deadline_id);
      return { message: 'Deadline removed' };
    },
  );
  r.get(
    '/deadlines',
    {
      schema: {
        tags,
        description:
          'Deadlines due in a window (default: today and the next 60 days; at most 366 days) on every document the caller can see.',
        querystring: DeadlineWindowQuerySchema,
        response: { 200: DocumentDeadlineListSchema },
      },
    },
    (req) => deadlines.listDeadlines(ctxOf(req), req.query),
  );

  const calendarTags = ['calendar'];
  r.get(
    '/calendar/feed',
    { schema: { tags: calendarTags, response: { 200: CalendarFeedStatusSchema } } },
    (req) => calendar.getFeedStatus(ctxOf(req)),
  );
  r.post(
    '/calendar/feed',
    {
      schema: {
        tags: calendarTags,
        description:
          'Makes the caller’s secret calendar address (iCalendar), replacing any earlier one; the address is shown this once.',
        response: { 201: CalendarFeedSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await calendar.rotateFeed(ctxOf(req))),
  );
  r.delete(
    '/calendar/feed',
    { schema: { tags: calendarTags, response: { 200: MessageSchema } } },
    async (req) => {
      await calendar.deleteFeed(ctxOf(req));
      return { message: 'Calendar address turned off' };
    },
  );
}

/** The calendar feed itself: no login (the secret in the address is the key), rate-limited. */
export async function calendarPublicRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = {
    max: app.deps.env.VERIFY_RATE_LIMIT,
    timeWindow: '1 minute',
    errorResponseBuilder: () => ({
      statusCode: 429,
      code: CommonErrors.RATE_LIMITED.code,
      message: CommonErrors.RATE_LIMITED.message,
    }),
  };
  r.get(
    '/calendar/:feed',
    {
      config: { rateLimit },
      schema: {
        tags: ['calendar'],
        security: [],
        description:
          'The iCalendar (RFC 5545, text/calendar) feed of a secret calendar address: `{secret}.ics`. All-day events, one per deadline, with stable UIDs.',
        params: z.object({ feed: z.string().max(200) }),
      },
    },
    async (req, reply) => {
      const text = await calendar.renderFeed(publicCtxOf(req), req.params.feed.replace(/\.ics$/, ''));
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline; filename="lexserve-deadlines.ics"')
        .send(text);
    },
  );
}
