import type { Usage } from '@lexserve/contracts/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiRequestError } from '../../../lib/api-client';
import { STALE_TIMES } from '../../../lib/query-client';
import { subscriptionKeys } from '../keys';

/** GET /subscriptions/usage; null when the firm has no subscription to measure against. */
const getUsage = async (): Promise<Usage | null> => {
  try {
    return await api.get<Usage>('/subscriptions/usage');
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) return null;
    throw error;
  }
};

const usageQueryOptions = () =>
  queryOptions({ queryKey: subscriptionKeys.usage, queryFn: getUsage, staleTime: STALE_TIMES.usage });

export const useUsage = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...usageQueryOptions(), enabled: options.enabled ?? true });
