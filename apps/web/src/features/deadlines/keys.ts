import { sharedKeys } from '../../lib/query-keys';

/**
 * A document's deadlines sit below its document read (['documents', 'detail', id]), so a change to the document
 * (its service, a revocation) refreshes them; the upcoming list of My Cases and the calendar address sit apart.
 */
export const deadlineKeys = {
  ofDocument: (id: number) => [...sharedKeys.documents, 'detail', id, 'deadlines'] as const,
  upcoming: ['deadlines', 'upcoming'] as const,
  calendarFeed: ['deadlines', 'calendar-feed'] as const,
};
