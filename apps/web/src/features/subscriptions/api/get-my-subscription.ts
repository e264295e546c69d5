import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiRequestError } from '../../../lib/api-client';
import { STALE_TIMES, queryKeys } from '../../../lib/query-client';

/** The firm's subscription as the server reports it (spec 3 "Subscription (firm's own)"). */
export type MySubscription = {
  id: number;
  status: string;
  plan_id?: number | null;
  plan?: { name?: string; display_name?: string; description?: string | null; monthly_price?: number | string | null } | null;
  billing_cycle?: string | null;
  start_date?: string | null;
  end_date?: string | null;
  trial_end_date?: string | null;
  access_ends_at?: string | null;
  [key: string]: unknown;
};

/** GET /subscriptions/my-subscription; a 404 means the firm has no subscription (null). */
export const getMySubscription = async (): Promise<MySubscription | null> => {
  try {
    return await api.get<MySubscription>('/subscriptions/my-subscription');
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) return null;
    throw error;
  }
};

export const mySubscriptionQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.mySubscription, queryFn: getMySubscription, staleTime: STALE_TIMES.mySubscription });

export const useMySubscription = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...mySubscriptionQueryOptions(), enabled: options.enabled ?? true });
