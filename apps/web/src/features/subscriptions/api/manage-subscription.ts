import { PaymentMessages, type SubscriptionSummarySchema } from '@lexserve/contracts/payments';
import { SubscriptionMessages } from '@lexserve/contracts/subscriptions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, describeError } from '../../../lib/api-client';
import { subscriptionKeys } from '../keys';

/**
 * POST /payments/cancel-subscription/{id}. The reason and feedback are sent and stored (product
 * decision; admins read them in Reports).
 */
const cancelSubscription = (input: {
  subscriptionId: number;
  reason?: string | null;
  feedback?: string | null;
}) =>
  api.post<{ status: string; message: string }>(`/payments/cancel-subscription/${input.subscriptionId}`, {
    reason: input.reason || null,
    feedback: input.feedback?.trim() || null,
  });

export const describeCancelError = (error: unknown): string =>
  describeError(error, { fallback: SubscriptionMessages.cancelFailed });

/** Cancels, then re-reads the firm's subscription (spec 7: the status re-check after cancellation). */
export const useCancelSubscription = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: subscriptionKeys.mine });
      await queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
    },
  });
};

/** POST /payments/update-card: the provider's card-update address; the browser is sent there. */
const startCardUpdate = async (subscriptionId: number): Promise<string> => {
  const result = await api.post<{ update_url?: string }>('/payments/update-card', {
    subscription_id: subscriptionId,
  });
  if (!result?.update_url) throw new Error(PaymentMessages.noUpdateUrl);
  return result.update_url;
};

export const describeCardUpdateError = (error: unknown): string =>
  error instanceof Error && error.message === PaymentMessages.noUpdateUrl
    ? error.message
    : describeError(error, { fallback: PaymentMessages.updateCardFailed });

/** Sends the browser to the provider's card-update page. */
export const useCardUpdate = () =>
  useMutation({
    mutationFn: startCardUpdate,
    onSuccess: (url) => {
      window.location.assign(url);
    },
  });

type SubscriptionSummary = z.infer<typeof SubscriptionSummarySchema>;

const subscriptionSummaryQueryOptions = (subscriptionId: number) =>
  queryOptions({
    queryKey: subscriptionKeys.summary(subscriptionId),
    queryFn: () => api.get<SubscriptionSummary>(`/payments/subscription-summary/${subscriptionId}`),
  });

/** GET /payments/subscription-summary/{id}: billing figures and the payments of the subscription. */
export const useSubscriptionSummary = (subscriptionId: number | null | undefined) =>
  useQuery({ ...subscriptionSummaryQueryOptions(subscriptionId ?? 0), enabled: Boolean(subscriptionId) });
