import { z } from 'zod';
import { IdSchema } from './common';
import { addCourtDays, isIsoDate, subtractCourtDays, type IsoDate } from './court-days';
import { isHighCourt, isMagistratesCourt } from './courts';
import { defineErrors } from './errors';

// ---------------------------------------------------------------------------------------------------------
// Dies induciae: what the other side must do after a document is served, and by when, in court days from the date of
// service (docs/deadlines.md quotes the rules read and says what is unclear). Only rules whose text was read are in
// the table; where the text could not be found, the firm adds its own deadline.
// ---------------------------------------------------------------------------------------------------------

export const COURT_KINDS = ['high_court', 'magistrates_court'] as const;
export type CourtKind = (typeof COURT_KINDS)[number];

export type DeadlineRule = {
  /** Stable id (part of the calendar UID and the reminder bookkeeping): never renamed. */
  id: string;
  /** What falls due, in the words shown to users. */
  name: string;
  /** The court the rule belongs to. */
  court: CourtKind;
  /** Court days after the date of service (the day of service not counted, the last day counted). */
  courtDays: number;
  /** The rule as lawyers cite it. */
  rule: string;
  /** 16 December–15 January are not counted (the rule's own proviso). */
  excludesDecemberRecess: boolean;
  /** What the date means where the rule leaves something to the papers or to the parties. */
  note?: string;
};

const SUMMONS_NOTE =
  'Against the State, a Minister or an officer of the State the time is at least 20 days (Uniform Rule 19(2); Magistrates’ Courts Rule 13(2)); the summons states the time it allows.';

const DEFEND_HIGH_COURT: DeadlineRule = {
  id: 'uniform_19_1',
  name: 'Notice of intention to defend',
  court: 'high_court',
  courtDays: 10,
  rule: 'Uniform Rule 19(1)',
  excludesDecemberRecess: true,
  note: SUMMONS_NOTE,
};
const DEFEND_MAGISTRATES: DeadlineRule = {
  id: 'mc_13_1',
  name: 'Notice of intention to defend',
  court: 'magistrates_court',
  courtDays: 10,
  rule: "Magistrates' Courts Rule 13(1)",
  excludesDecemberRecess: true,
  note: SUMMONS_NOTE,
};
const OPPOSE_HIGH_COURT: DeadlineRule = {
  id: 'uniform_6_5_b',
  name: 'Notice of intention to oppose',
  court: 'high_court',
  courtDays: 10,
  rule: 'Uniform Rule 6(5)(b)(iii)',
  excludesDecemberRecess: false,
  note: 'The notice of motion names the day; the rule sets the least time it may allow. The texts read differ on five or ten days (docs/deadlines.md, "Unclear"); the later day is shown.',
};

/** The rules that run from service, by `document_type` value. A type that is not listed gives no rule deadline. */
export const DEADLINE_RULES: Readonly<Record<string, readonly DeadlineRule[]>> = {
  summons_simple: [DEFEND_HIGH_COURT, DEFEND_MAGISTRATES],
  summons_combined: [DEFEND_HIGH_COURT, DEFEND_MAGISTRATES],
  divorce_summons: [DEFEND_HIGH_COURT, DEFEND_MAGISTRATES],
  notice_of_motion_on_notice: [OPPOSE_HIGH_COURT],
  liquidation_application_voluntary_or_compulsory: [OPPOSE_HIGH_COURT],
  sequestration_application: [OPPOSE_HIGH_COURT],
};

/** The kind of court of a court name; null when the court is not known (the rules of both kinds then apply). */
export function courtKindOf(courtName: string | null | undefined): CourtKind | null {
  if (isHighCourt(courtName)) return 'high_court';
  if (isMagistratesCourt(courtName)) return 'magistrates_court';
  return null;
}

export type RuleDeadline = { rule: DeadlineRule; dueDate: IsoDate };

/**
 * The rule deadlines of a served document: from its type, its court and its date of service. Where the court is not
 * known and both courts' rules give the same day, they are shown as one deadline citing both.
 */
export function ruleDeadlinesOf(facts: {
  documentType: string | null | undefined;
  courtName: string | null | undefined;
  serviceDate: IsoDate;
}): RuleDeadline[] {
  const rules = DEADLINE_RULES[facts.documentType ?? ''] ?? [];
  const kind = courtKindOf(facts.courtName);
  const applicable = kind ? rules.filter((r) => r.court === kind) : rules;
  const computed = applicable.map((rule) => ({
    rule,
    dueDate: addCourtDays(facts.serviceDate, rule.courtDays, {
      excludeDecemberRecess: rule.excludesDecemberRecess,
    }),
  }));
  const merged: RuleDeadline[] = [];
  for (const d of computed) {
    const same = merged.find((m) => m.rule.name === d.rule.name && m.dueDate === d.dueDate);
    if (same)
      same.rule = {
        ...same.rule,
        id: `${same.rule.id}+${d.rule.id}`,
        rule: `${same.rule.rule}; ${d.rule.rule}`,
      };
    else merged.push({ ...d });
  }
  return merged;
}

/** Reminders: two court days before the day, and on the day. */
export const REMINDER_COURT_DAYS_BEFORE = 2;
export const REMINDER_KINDS = ['two_court_days_before', 'due_today'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
export const reminderDateOf = (dueDate: IsoDate): IsoDate =>
  subtractCourtDays(dueDate, REMINDER_COURT_DAYS_BEFORE);

// ----- API shapes

export const DEADLINE_SOURCES = ['rule', 'firm'] as const;
export type DeadlineSource = (typeof DEADLINE_SOURCES)[number];

export const DeadlineSchema = z.object({
  /** Stable key: 'rule:{document}:{rule}' or 'firm:{id}' (the calendar's UID). */
  key: z.string(),
  /** The firm's own deadline's id (for DELETE); null for a rule's. */
  id: z.number().int().nullable(),
  name: z.string(),
  /** YYYY-MM-DD, the South African calendar day. */
  due_date: z.string(),
  /** The rule cited; null for the firm's own deadline. */
  rule: z.string().nullable(),
  source: z.enum(DEADLINE_SOURCES),
  /** Court days counted from the date of service (rule deadlines). */
  court_days: z.number().int().nullable(),
  /** The date of service the count starts from (rule deadlines). */
  service_date: z.string().nullable(),
  note: z.string().nullable(),
  created_by_name: z.string().nullable(),
  /** The person served whose date of service the rule deadline runs from (service per person); null otherwise. */
  target_id: z.number().int().nullable(),
  party_name: z.string().nullable(),
});
export type Deadline = z.infer<typeof DeadlineSchema>;

/**
 * The rule deadlines of a date of service as the API lists them. With a person served (service per person) each
 * deadline names them; among several people to be served the name reads "Notice of intention to defend — Jane Doe"
 * and the key carries the target (`rule:{document}:{rule}:{target}`).
 */
export function ruleDeadlineEntries(facts: {
  documentId: number;
  documentType: string | null | undefined;
  courtName: string | null | undefined;
  serviceDate: IsoDate;
  target?: { id: number; partyName: string; several: boolean } | null;
}): Deadline[] {
  const target = facts.target ?? null;
  return ruleDeadlinesOf(facts).map(({ rule, dueDate }) => ({
    key: `rule:${facts.documentId}:${rule.id}${target?.several ? `:${target.id}` : ''}`,
    id: null,
    name: target?.several ? `${rule.name} — ${target.partyName}` : rule.name,
    due_date: dueDate,
    rule: rule.rule,
    source: 'rule' as const,
    court_days: rule.courtDays,
    service_date: facts.serviceDate,
    note: rule.note ?? null,
    created_by_name: null,
    target_id: target?.id ?? null,
    party_name: target?.partyName ?? null,
  }));
}
export const DeadlineListSchema = z.object({ deadlines: z.array(DeadlineSchema) });
export type DeadlineList = z.infer<typeof DeadlineListSchema>;

/** A deadline with its document, for My Cases and the calendar. */
export const DocumentDeadlineSchema = DeadlineSchema.extend({
  document_id: z.number().int(),
  document_title: z.string(),
  case_number: z.string().nullable(),
});
export type DocumentDeadline = z.infer<typeof DocumentDeadlineSchema>;
export const DocumentDeadlineListSchema = z.object({
  deadlines: z.array(DocumentDeadlineSchema),
  from: z.string(),
  to: z.string(),
});

export const DEADLINE_NAME_MAX = 200;
const DateSchema = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .refine(isIsoDate, `${field} must be a date written YYYY-MM-DD`)
    .refine((v) => v >= '2000-01-01' && v <= '2100-12-31', `${field} must be between 2000 and 2100`);

export const CreateDeadlineInputSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(DEADLINE_NAME_MAX, `Name must be at most ${DEADLINE_NAME_MAX} characters`)
    .refine((v) => !/\p{Cc}/u.test(v), 'Name may not contain control characters'),
  due_date: DateSchema('Due date'),
});
export type CreateDeadlineInput = z.infer<typeof CreateDeadlineInputSchema>;

export const DeadlineParamsSchema = z.object({ id: IdSchema, deadline_id: IdSchema });

/** The window of GET /deadlines: at most a year, dates YYYY-MM-DD. */
export const DEADLINE_WINDOW_MAX_DAYS = 366;
export const DeadlineWindowQuerySchema = z
  .object({ from: DateSchema('From').optional(), to: DateSchema('To').optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'From must not be after To', path: ['to'] });
export type DeadlineWindowQuery = z.infer<typeof DeadlineWindowQuerySchema>;

// ----- calendar feed

export const CalendarFeedStatusSchema = z.object({
  active: z.boolean(),
  created_at: z.string().nullable(),
});
export const CalendarFeedSchema = z.object({
  /** The secret address, shown once: a calendar app subscribes to it. */
  url: z.string(),
  created_at: z.string(),
});
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatusSchema>;

export const DeadlineErrors = defineErrors({
  /** DELETE of a firm deadline that is not on that document (or not in the actor's firm). */
  DEADLINE_NOT_FOUND: { status: 404, message: 'Deadline not found.' },
  /** Adding or removing a firm deadline by a role that may not change the document (a sheriff, the system administrator). */
  DEADLINE_FORBIDDEN: {
    status: 403,
    message: 'Only the firm that owns the case can add or remove its deadlines.',
  },
  /** A calendar feed address that does not exist (never issued, or replaced by a newer one). */
  CALENDAR_FEED_NOT_FOUND: {
    status: 404,
    message: 'This calendar address is not valid. Get a new one from Account Settings.',
  },
});
