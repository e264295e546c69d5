import { addCalendarDays } from '@lexserve/contracts/court-days';
import { DeadlineErrors, type CalendarFeed, type CalendarFeedStatus } from '@lexserve/contracts/deadlines';
import { AppError } from '../../lib/app-error';
import type { Ctx, PublicCtx } from '../../lib/context';
import { sastDate } from '../../lib/money';
import { documentScope } from '../../lib/tenancy';
import { newOpaqueToken, sha256 } from '../../lib/tokens';
import { deadlinesDue, seesFirmDeadlines } from './deadlines.service';
import * as repo from './deadlines.repository';
import { renderCalendar } from './ical';

/** The feed lists deadlines from this many days ago to this many days ahead. */
const FEED_PAST_DAYS = 90;
const FEED_FUTURE_DAYS = 366;
/** A feed secret: 32 random bytes, base64url (43 characters). */
const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const feedUrl = (ctx: Pick<Ctx, 'deps'>, token: string) =>
  `${ctx.deps.env.PUBLIC_URL.replace(/\/+$/, '')}/api/v1/calendar/${token}.ics`;

/** GET /calendar/feed: whether the user has a calendar address (the address itself is shown only when made). */
export async function getFeedStatus(ctx: Ctx): Promise<CalendarFeedStatus> {
  const feed = await repo.findCalendarFeedOfUser(ctx.db, ctx.actor.id);
  return { active: !!feed, created_at: feed?.createdAt.toISOString() ?? null };
}

/** POST /calendar/feed: makes the user's secret calendar address, replacing any earlier one (which stops working). */
export async function rotateFeed(ctx: Ctx): Promise<CalendarFeed> {
  const token = newOpaqueToken();
  const row = await repo.upsertCalendarFeed(ctx.db, ctx.actor.id, sha256(token));
  return { url: feedUrl(ctx, token), created_at: row.createdAt.toISOString() };
}

/** DELETE /calendar/feed: turns the address off. */
export async function deleteFeed(ctx: Ctx): Promise<void> {
  if (!(await repo.deleteCalendarFeed(ctx.db, ctx.actor.id)))
    throw new AppError(DeadlineErrors.CALENDAR_FEED_NOT_FOUND);
}

/**
 * GET /calendar/{secret}.ics (no login: the secret is the key): the deadlines of every document the feed's user can
 * see now, as all-day events. A replaced secret, a deactivated user or firm answers 404.
 */
export async function renderFeed(ctx: PublicCtx, token: string): Promise<string> {
  if (!FEED_TOKEN_PATTERN.test(token)) throw new AppError(DeadlineErrors.CALENDAR_FEED_NOT_FOUND);
  const found = await repo.findCalendarFeedByHash(ctx.db, sha256(token));
  if (!found || !found.user.isActive || found.firmActive === false)
    throw new AppError(DeadlineErrors.CALENDAR_FEED_NOT_FOUND);
  const actor = found.user;
  const now = ctx.deps.clock.now();
  const today = sastDate(now);
  const rows = await deadlinesDue(ctx.db, {
    scope: documentScope(actor),
    from: addCalendarDays(today, -FEED_PAST_DAYS),
    to: addCalendarDays(today, FEED_FUTURE_DAYS),
    withFirmDeadlines: seesFirmDeadlines(actor),
  });
  await repo.touchCalendarFeed(ctx.db, found.feedId);
  const base = ctx.deps.env.PUBLIC_URL.replace(/\/+$/, '');
  const host = new URL(base).hostname;
  return renderCalendar({
    name: 'LexServe deadlines',
    description: `Deadlines of the cases ${actor.fullName} can see on LexServe`,
    stamp: now,
    events: rows.map(({ deadline: d }) => {
      const matter = d.case_number ? `${d.document_title} (case ${d.case_number})` : d.document_title;
      const description = [
        d.rule
          ? `${d.rule}: ${d.court_days} court days from service on ${d.service_date}.`
          : 'Added by the firm.',
        d.note,
        `Case: ${matter}`,
      ]
        .filter(Boolean)
        .join('\n');
      return {
        uid: `${d.key}@${host}`,
        date: d.due_date,
        summary: `${d.name} due: ${matter}`,
        description,
        url: `${base}/app/dashboard/active-case/${d.document_id}`,
        categories: [d.source === 'rule' ? 'Rule deadline' : 'Firm deadline'],
      };
    }),
  });
}
