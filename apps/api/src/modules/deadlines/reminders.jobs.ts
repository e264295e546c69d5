import type { FastifyInstance } from 'fastify';
import { CLOSED_STATUSES } from '@lexserve/contracts/documents';
import { addCalendarDays } from '@lexserve/contracts/court-days';
import { reminderDateOf, type ReminderKind } from '@lexserve/contracts/deadlines';
import type { Db, DbOrTx } from '../../db/client';
import type { DeadlineEventPayload } from '../../lib/domain-events';
import { recordEvent } from '../../lib/events';
import { scheduleJob } from '../../lib/jobs';
import type { SeedStep } from '../../lib/module';
import { sastDate } from '../../lib/money';
import { reminderKeyOf } from './deadlines.mapper';
import { deadlinesDue } from './deadlines.service';
import { claimReminder } from './deadlines.repository';

const REMINDER_JOB = 'deadlines.reminders';
/** The reminders go out at 06:00 in South Africa (04:00 UTC), before the working day. */
const RUN_AT_UTC = 'T04:00:00.000Z';
/** A reminder two court days before may lie a week before its day (Easter); look that far ahead. */
const LOOKAHEAD_DAYS = 14;
/** The system account performs what the job records. */
const SYSTEM_USER_ID = 1;

/** Schedules the reminder run of a South African day; once per day, however many instances ask. */
const scheduleReminderRun = (db: DbOrTx, day: string) =>
  scheduleJob(db, {
    name: REMINDER_JOB,
    runAt: new Date(`${day}${RUN_AT_UTC}`),
    payload: { day },
    dedupeKey: `deadlines:reminders:${day}`,
  });

/**
 * Sends the reminders of `today` (YYYY-MM-DD, South Africa): `deadline.approaching` from two court days before a
 * deadline until the day before it, `deadline.due` on the day. Each reminder is claimed in the deadline_reminders
 * table in the transaction that records its event, so it goes once, however often or on however many instances this
 * runs. Closed documents are not reminded. Answers how many events were recorded.
 */
export async function sendDeadlineReminders(
  db: Db,
  today: string,
): Promise<{ approaching: number; due: number }> {
  const rows = await deadlinesDue(db, {
    scope: undefined,
    from: today,
    to: addCalendarDays(today, LOOKAHEAD_DAYS),
    withFirmDeadlines: true,
  });
  const sent = { approaching: 0, due: 0 };
  for (const { deadline: d, document: doc, addedById } of rows) {
    if ((CLOSED_STATUSES as readonly string[]).includes(doc.status)) continue;
    const kind: ReminderKind | null =
      d.due_date === today
        ? 'due_today'
        : reminderDateOf(d.due_date) <= today
          ? 'two_court_days_before'
          : null;
    if (!kind) continue;
    const payload: DeadlineEventPayload = {
      documentId: doc.id,
      firmId: doc.firmId,
      branchId: doc.branchId,
      actorId: SYSTEM_USER_ID,
      createdById: doc.createdById,
      assignedSheriffId: null,
      title: doc.title,
      case_number: doc.caseNumber,
      status: doc.status,
      deadlineKey: reminderKeyOf(d),
      name: d.name,
      dueDate: d.due_date,
      rule: d.rule,
      source: d.source,
      addedById,
    };
    const recorded = await db.transaction(async (tx) => {
      if (
        !(await claimReminder(tx, {
          deadlineKey: payload.deadlineKey,
          kind,
          documentId: doc.id,
          dueDate: d.due_date,
        }))
      )
        return false;
      await recordEvent(tx, kind === 'due_today' ? 'deadline.due' : 'deadline.approaching', payload);
      return true;
    });
    if (recorded) sent[kind === 'due_today' ? 'due' : 'approaching'] += 1;
  }
  return sent;
}

/** The daily run: today's reminders, then tomorrow's run scheduled. */
export function reminderJobsSetup(app: FastifyInstance) {
  app.deps.jobs.register(REMINDER_JOB, async (_payload, { database, log }) => {
    const today = sastDate(app.deps.clock.now());
    const sent = await sendDeadlineReminders(database.db, today);
    if (sent.approaching || sent.due) log.info({ ...sent, day: today }, 'deadline reminders sent');
    app.deps.events.kick();
    await scheduleReminderRun(database.db, addCalendarDays(today, 1));
  });
}

/** Today's reminder run (each start schedules it; each run schedules the next day's). */
export const seedReminderJob: SeedStep = async (db) => {
  await scheduleReminderRun(db, sastDate(new Date()));
};
