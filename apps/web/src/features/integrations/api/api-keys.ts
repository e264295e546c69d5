import type { ApiKey, ApiKeyList, CreateApiKeyInput, CreatedApiKey } from '@lexserve/contracts/integrations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, describeError } from '../../../lib/api-client';
import { integrationKeys } from '../keys';

export type { ApiKey, CreatedApiKey };

const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: integrationKeys.apiKeys,
    queryFn: () => api.get<ApiKeyList>('/api-keys'),
    staleTime: 30_000,
  });

export const useApiKeys = () => useQuery(apiKeysQueryOptions());

export const useCreateApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiKeyInput) => api.post<CreatedApiKey>('/api-keys', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys }),
  });
};

export const useRevokeApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api-keys/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.apiKeys }),
  });
};

export const apiKeyErrorMessage = (error: unknown, fallback: string): string =>
  describeError(error, {
    byStatus: { 403: 'Only a firm administrator can manage API keys and webhooks.' },
    fallback,
  });
