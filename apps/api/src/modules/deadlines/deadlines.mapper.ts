import {
  DEADLINE_RULES,
  ruleDeadlineEntries,
  type Deadline,
  type DocumentDeadline,
} from '@lexserve/contracts/deadlines';
import { sastDate } from '../../lib/money';
import { wasServed } from '../documents/documents.service';
import type { DeadlineDocument, DeadlineTarget, FirmDeadlineRow } from './deadlines.repository';

/** The document types that have rule deadlines. */
export const TYPES_WITH_RULES = Object.keys(DEADLINE_RULES);

/**
 * The rule deadlines of an unrevoked document: per person served, from each one's own date of service (service per
 * person); a document without people to be served counts from its own date of service once served. None before
 * service, whatever date a draft carries, or after revocation.
 */
export function ruleDeadlineDtos(doc: DeadlineDocument, targets: DeadlineTarget[] = []): Deadline[] {
  if (doc.revokedAt) return [];
  const facts = { documentId: doc.id, documentType: doc.documentType, courtName: doc.courtName };
  if (targets.length)
    return targets.flatMap((t) =>
      t.serviceDate
        ? ruleDeadlineEntries({
            ...facts,
            serviceDate: t.serviceDate,
            target: { id: t.id, partyName: t.partyName, several: targets.length > 1 },
          })
        : [],
    );
  if (!doc.serviceDate || !wasServed(doc)) return [];
  return ruleDeadlineEntries({ ...facts, serviceDate: sastDate(doc.serviceDate) });
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
  target_id: null,
  party_name: null,
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
