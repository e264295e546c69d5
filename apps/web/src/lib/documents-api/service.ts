import type { DeliveryRecord, Document } from '@lexserve/contracts/documents';
import type { Sheriff } from '@lexserve/contracts/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { STALE_TIMES } from '../query-client';
import { documentKeys } from './keys';
import { invalidateDocuments } from './documents';

/**
 * GET /users/sheriffs: the active sheriffs a firm role may assign (PRODUCT-DECISIONS), those serving the magisterial
 * district of the service address when `area` is given.
 */
const listSheriffs = async (area?: string): Promise<Sheriff[]> => {
  const answer = await api.get<{ users: Sheriff[] } | Sheriff[]>('/users/sheriffs', {
    query: { area: area?.trim() || undefined },
  });
  return Array.isArray(answer) ? answer : (answer.users ?? []);
};

/** The previous list stays while another area loads, so the picker is not disabled (and its menu closed) mid-choice. */
export const useSheriffs = (enabled: boolean, area = '') =>
  useQuery({
    queryKey: documentKeys.sheriffs(area),
    queryFn: () => listSheriffs(area),
    enabled,
    staleTime: STALE_TIMES.sheriffs,
    placeholderData: keepPreviousData,
  });

export const assignSheriff = ({ documentId, sheriffId }: { documentId: number; sheriffId: number | null }) =>
  api.put<Document>(`/documents/${documentId}/assign-sheriff`, { assigned_sheriff_id: sheriffId });

export const revokeDocument = ({ documentId, reason }: { documentId: number; reason: string }) =>
  api.post<Document>(`/documents/${documentId}/revoke`, { reason });

const listDeliveries = async (documentId: number): Promise<DeliveryRecord[]> => {
  const answer = await api.get<{ deliveries: DeliveryRecord[] }>(`/documents/${documentId}/delivery`);
  return answer.deliveries ?? [];
};

export const useDeliveries = (documentId: number, enabled: boolean) =>
  useQuery({
    queryKey: documentKeys.deliveries(documentId),
    queryFn: () => listDeliveries(documentId),
    enabled,
    staleTime: 30_000,
  });

export const resendDelivery = (documentId: number) =>
  api.post<unknown>(`/documents/${documentId}/delivery/resend`, {});

/** Any write here changes the document (its timeline at least): refresh every document read. */
export const useDocumentWrite = <TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateDocuments(queryClient) });
};
