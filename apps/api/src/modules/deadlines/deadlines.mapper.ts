import {
  DEADLINE_RULES,
  ruleDeadlinesOf,
  type Deadline,
  type DocumentDeadline,
} from '@lexserve/contracts/deadlines';
import { sastDate } from '../../lib/money';
import { wasServed } from '../documents/documents.service';
import type { DeadlineDocument, FirmDeadlineRow } from './deadlines.repository';

/** The document types that have rule deadlines. */
export const TYPES_WITH_RULES = Object.keys(DEADLINE_RULES);

/** The rule deadlines of a served, unrevoked document (none before service, whatever date a draft carries, or after revocation). */
export function ruleDeadlineDtos(doc: DeadlineDocument): Deadline[] {
  if (!doc.serviceDate || doc.revokedAt || !wasServed(doc)) return [];
  const serviceDate = sastDate(doc.serviceDate);
  return ruleDeadlinesOf({ documentType: doc.documentType, courtName: doc.courtName, serviceDate }).map(
    ({ rule, dueDate }) => ({
      key: `rule:${doc.id}:${rule.id}`,
      id: null,
      name: rule.name,
      due_date: dueDate,
      rule: rule.rule,
      source: 'rule' as const,
      court_days: rule.courtDays,
      service_date: serviceDate,
      note: rule.note ?? null,
      created_by_name: null,
    }),
  );
}

export const firmDeadlineDto = (
  row: Omit<FirmDeadlineRow, 'createdByName'> & { createdByName?: string | null },
): Deadline => ({
  key: `firm:${row.id}`,
  id: row.id,
  name: row.name,
  due_date: row.dueDate,
  rule: null,
  source: 'firm',
  court_days: null,
  service_date: null,
  note: null,
  created_by_name: row.createdByName ?? null,
});

export const withDocument = (
  d: Deadline,
  doc: Pick<DeadlineDocument, 'id' | 'title' | 'caseNumber'>,
): DocumentDeadline => ({
  ...d,
  document_id: doc.id,
  document_title: doc.title,
  case_number: doc.caseNumber,
});

/** Soonest first; on one day, the rules' before the firm's, then by name. */
export const byDueDate = <T extends Deadline>(a: T, b: T) =>
  a.due_date.localeCompare(b.due_date) ||
  a.source.localeCompare(b.source) * -1 ||
  a.name.localeCompare(b.name);

/** The key a reminder is recorded under: the deadline and its day (a day that changes is reminded again). */
export const reminderKeyOf = (d: Pick<Deadline, 'key' | 'due_date'>) => `${d.key}:${d.due_date}`;
