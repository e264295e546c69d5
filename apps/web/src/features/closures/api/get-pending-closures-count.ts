import { useQuery } from '@tanstack/react-query';
import { PENDING_CLOSURES_LIMIT, PENDING_CLOSURES_REFRESH_MS } from '../../../config/constants';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-client';

type ClosureList = { closures?: unknown[]; total?: number };

/** Pending closure requests (spec 2.6): status=pending, limit 100. */
export const getPendingClosuresCount = async (): Promise<number> => {
  const answer = await api.get<ClosureList>('/case-closure/', { query: { status: 'pending', limit: PENDING_CLOSURES_LIMIT } });
  return typeof answer?.total === 'number' ? answer.total : (answer?.closures?.length ?? 0);
};

/** Refreshed every 30 seconds; failures stay quiet (the indicator hides itself). */
export const usePendingClosuresCount = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.pendingClosures,
    queryFn: getPendingClosuresCount,
    enabled,
    staleTime: PENDING_CLOSURES_REFRESH_MS,
    refetchInterval: PENDING_CLOSURES_REFRESH_MS,
    retry: false,
  });
