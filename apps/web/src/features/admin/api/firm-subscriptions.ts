import {
  AdminMessages,
  type FIRM_SUBSCRIPTION_FILTERS,
  type FirmSubscription,
  type FirmSubscriptionDetailSchema,
  type FirmSubscriptionListSchema,
} from '@lexserve/contracts/admin';
import { SUBSCRIPTION_CONSTANTS } from '@lexserve/contracts/subscriptions';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, describeError } from '../../../lib/api-client';
import { adminKeys } from '../keys';

type FirmSubscriptionFilter = (typeof FIRM_SUBSCRIPTION_FILTERS)[number];
type FirmSubscriptionList = z.infer<typeof FirmSubscriptionListSchema>;
type FirmSubscriptionDetail = z.infer<typeof FirmSubscriptionDetailSchema>;
export type { FirmSubscription };

const BASE = '/admin/subscriptions/firm-subscriptions';

export type FirmSubscriptionQuery = {
  status: FirmSubscriptionFilter;
  search: string;
  skip: number;
  limit: number;
};

const getFirmSubscriptions = (query: FirmSubscriptionQuery) =>
  api.get<FirmSubscriptionList>(BASE, { query: { ...query, search: query.search.trim() || undefined } });

export const useFirmSubscriptions = (query: FirmSubscriptionQuery) =>
  useQuery({
    queryKey: adminKeys.firmSubscriptionList(query),
    queryFn: () => getFirmSubscriptions(query),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useFirmSubscription = (id: number | null) =>
  useQuery({
    queryKey: adminKeys.firmSubscription(id ?? 0),
    queryFn: () => api.get<FirmSubscriptionDetail>(`${BASE}/${id}`),
    enabled: id !== null,
  });

const useAdminSubscriptionMutation = <I>(mutationFn: (input: I) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
};

/** Suspend (spec 4): an immediate cancellation with the reason 'Administrative suspension'. */
export const useSuspendSubscription = () =>
  useAdminSubscriptionMutation((id: number) =>
    api.post(`${BASE}/${id}/cancel`, { reason: SUBSCRIPTION_CONSTANTS.adminSuspendReason, immediate: true }),
  );

export const useReactivateSubscription = () =>
  useAdminSubscriptionMutation((id: number) => api.post(`${BASE}/${id}/reactivate`));

export const describeSuspendError = (error: unknown) =>
  describeError(error, { fallback: AdminMessages.suspendFailed });
export const describeReactivateError = (error: unknown) =>
  describeError(error, { fallback: AdminMessages.reactivateFailed });
export const describeListError = (error: unknown) =>
  describeError(error, { fallback: AdminMessages.loadFirmSubscriptionsFailed });
