import type {
  CreatedWebhook,
  CreateWebhookInput,
  Webhook,
  WebhookDelivery,
} from '@lexserve/contracts/integrations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, describeError } from '../../../lib/api-client';
import { integrationKeys } from '../keys';

export type { CreatedWebhook, Webhook, WebhookDelivery };

export const useWebhooks = () =>
  useQuery(
    queryOptions({
      queryKey: integrationKeys.webhooks,
      queryFn: () => api.get<{ webhooks: Webhook[] }>('/webhooks'),
      staleTime: 30_000,
    }),
  );

/** An endpoint's latest deliveries; refreshed every 10 s while shown, so retries appear as they happen. */
export const useWebhookDeliveries = (webhookId: number | null) =>
  useQuery({
    queryKey: integrationKeys.deliveries(webhookId ?? 0),
    queryFn: () => api.get<{ deliveries: WebhookDelivery[] }>(`/webhooks/${webhookId}/deliveries`),
    enabled: webhookId !== null,
    staleTime: 0,
    refetchInterval: 10_000,
  });

export const useCreateWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWebhookInput) => api.post<CreatedWebhook>('/webhooks', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.webhooks }),
  });
};

export const useDeleteWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/webhooks/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.webhooks }),
  });
};

export const useSendTestEvent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ delivery: WebhookDelivery }>(`/webhooks/${id}/test`),
    onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: integrationKeys.deliveries(id) }),
  });
};

export const webhookErrorMessage = (error: unknown, fallback: string): string =>
  describeError(error, {
    byStatus: { 403: 'Only a firm administrator can manage API keys and webhooks.' },
    fallback,
  });
