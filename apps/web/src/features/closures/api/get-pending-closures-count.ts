import { useQuery } from '@tanstack/react-query';
import { PENDING_CLOSURES_REFRESH_MS } from '../../../config/constants';
import { api } from '../../../lib/api-client';
import { closureKeys } from '../keys';

/**
 * The number of pending closures in the caller's scope (spec 2.14). The server counts them
 * (GET /case-closure/pending-count) instead of the list of status pending with limit 100, so the
 * number is right beyond 100 too.
 */
const getPendingClosuresCount = async (): Promise<number> =>
  (await api.get<{ count: number }>('/case-closure/pending-count')).count;

/** Refreshed every 30 seconds, and at once on a closure notification; failures stay quiet (the indicator hides itself). */
export const usePendingClosuresCount = (enabled: boolean) =>
  useQuery({
    queryKey: closureKeys.pending,
    queryFn: getPendingClosuresCount,
    enabled,
    staleTime: PENDING_CLOSURES_REFRESH_MS,
    refetchInterval: PENDING_CLOSURES_REFRESH_MS,
    retry: false,
  });
