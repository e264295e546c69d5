import type {
  CalendarFeed,
  CalendarFeedStatus,
  CreateDeadlineInput,
  Deadline,
  DeadlineList,
  DocumentDeadline,
} from '@lexserve/contracts/deadlines';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';
import { deadlineKeys } from '../keys';

export const useDocumentDeadlines = (documentId: number) =>
  useQuery({
    queryKey: deadlineKeys.ofDocument(documentId),
    queryFn: async () => (await api.get<DeadlineList>(`/documents/${documentId}/deadlines`)).deadlines,
    staleTime: 60_000,
  });

/** GET /deadlines: what falls due from today for 60 days on every case the user can see (one request for My Cases). */
export const useUpcomingDeadlines = () =>
  useQuery({
    queryKey: deadlineKeys.upcoming,
    queryFn: async () => (await api.get<{ deadlines: DocumentDeadline[] }>('/deadlines')).deadlines,
    staleTime: 5 * 60_000,
  });

/** Adding or removing a deadline changes the document (its timeline) and the upcoming list. */
const useDeadlineWrite = <TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedKeys.documents }),
        queryClient.invalidateQueries({ queryKey: deadlineKeys.upcoming }),
      ]),
  });
};

export const useAddDeadline = (documentId: number) =>
  useDeadlineWrite((input: CreateDeadlineInput) =>
    api.post<Deadline>(`/documents/${documentId}/deadlines`, input),
  );

export const useDeleteDeadline = (documentId: number) =>
  useDeadlineWrite((deadlineId: number) =>
    api.delete<{ message: string }>(`/documents/${documentId}/deadlines/${deadlineId}`),
  );

export const useCalendarFeedStatus = () =>
  useQuery({
    queryKey: deadlineKeys.calendarFeed,
    queryFn: () => api.get<CalendarFeedStatus>('/calendar/feed'),
  });

const useCalendarFeedWrite = <TOutput>(mutationFn: () => Promise<TOutput>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deadlineKeys.calendarFeed }),
  });
};

/** POST /calendar/feed: a new secret address (the old one stops working); shown this once. */
export const useRotateCalendarFeed = () =>
  useCalendarFeedWrite(() => api.post<CalendarFeed>('/calendar/feed'));
export const useDeleteCalendarFeed = () =>
  useCalendarFeedWrite(() => api.delete<{ message: string }>('/calendar/feed'));
