import type { TimelineEvent, TrailVerification } from '@lexserve/contracts/documents';
import { TIMELINE_DEFAULT_LIMIT } from '@lexserve/contracts/documents';
import { useQuery } from '@tanstack/react-query';
import { api, describeError } from '../../../lib/api-client';
import { STALE_TIMES } from '../../../lib/query-client';
import { documentKeys } from '../../../lib/documents-api/keys';

type TimelineFilters = {
  skip?: number;
  limit?: number;
  eventTypes?: string[];
  includeSystemEvents?: boolean;
  performedById?: number;
};

/** The query of spec 2 §7: skip only above 0, limit only when not 50, include_system_events only when false. */
const timelineQuery = ({
  skip = 0,
  limit = TIMELINE_DEFAULT_LIMIT,
  eventTypes,
  includeSystemEvents = true,
  performedById,
}: TimelineFilters) => {
  const query: Record<string, string | number | boolean> = {};
  if (skip > 0) query.skip = skip;
  if (limit !== TIMELINE_DEFAULT_LIMIT) query.limit = limit;
  if (eventTypes?.length) query.event_types = eventTypes.join(',');
  if (!includeSystemEvents) query.include_system_events = false;
  if (performedById) query.performed_by_id = performedById;
  return query;
};

const getTimeline = async (documentId: number, filters: TimelineFilters): Promise<TimelineEvent[]> => {
  const answer = await api.get<{ events: TimelineEvent[] }>(`/documents/${documentId}/timeline`, {
    query: timelineQuery(filters),
  });
  return answer.events ?? [];
};

/** The case page fetches 100 events. */
export const CASE_PAGE_TIMELINE_LIMIT = 100;

export const useTimeline = (documentId: number, filters: TimelineFilters) =>
  useQuery({
    queryKey: documentKeys.timeline(documentId, filters as Record<string, unknown>),
    queryFn: () => getTimeline(documentId, filters),
    staleTime: STALE_TIMES.documents,
  });

/** GET /documents/{id}/timeline/verify: whether the tamper-evident trail still checks out (docs/evidence.md). */
export const useTrailVerification = (documentId: number) =>
  useQuery({
    queryKey: documentKeys.trail(documentId),
    queryFn: () => api.get<TrailVerification>(`/documents/${documentId}/timeline/verify`),
    staleTime: STALE_TIMES.documents,
  });

/** GET /documents/{id}/audit-certificate: the sealed PDF of the whole trail. */
export const downloadAuditCertificate = (documentId: number): Promise<Blob> =>
  api.get<Blob>(`/documents/${documentId}/audit-certificate`, { responseType: 'blob' });

export const auditCertificateError = (error: unknown) =>
  describeError(error, {
    byStatus: { 404: 'Document not found. Please verify the document ID.' },
    fallback: 'Failed to download the audit certificate',
  });
