import type { PlanSummary, Subscription, SubscriptionStatus } from '@lexserve/contracts/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiRequestError } from '../../../lib/api-client';
import { STALE_TIMES } from '../../../lib/query-client';
import { subscriptionKeys } from '../keys';

/**
 * The firm's subscription as the server reports it (spec 3 "Subscription (firm's own)"). Every
 * field but id and status is optional so that a partial answer still renders.
 */
export type MySubscription = Omit<Partial<Subscription>, 'id' | 'status' | 'plan'> & {
  id: number;
  status: SubscriptionStatus | (string & {});
  plan?: Partial<PlanSummary> | null;
};

/**
 * GET /subscriptions/my-subscription?if_none=empty: no subscription answers 204 (null), so that an expected "none" is
 * not a failed request in the browser's console; a 404 (an older server) means the same.
 */
const getMySubscription = async (): Promise<MySubscription | null> => {
  try {
    return (
      (await api.get<MySubscription | undefined>('/subscriptions/my-subscription', {
        query: { if_none: 'empty' },
      })) ?? null
    );
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) return null;
    throw error;
  }
};

const mySubscriptionQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.mine,
    queryFn: getMySubscription,
    staleTime: STALE_TIMES.mySubscription,
  });

export const useMySubscription = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...mySubscriptionQueryOptions(), enabled: options.enabled ?? true });
