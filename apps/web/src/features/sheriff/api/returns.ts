import type { ReturnInput, ServiceReturn } from '@lexserve/contracts/returns';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STALE_TIMES } from '../../../lib/query-client';
import { documentKeys } from '../../../lib/documents-api/keys';

type Envelope<T> = { status?: string; data?: T; message?: string };

const listReturns = async (documentId: number): Promise<ServiceReturn[]> => {
  const answer = await api.get<{ returns: ServiceReturn[] }>(`/documents/${documentId}/returns`);
  return answer.returns ?? [];
};

/** GET /documents/{id}/returns: the returns the sheriff issued, newest first. */
export const useReturns = (documentId: number, enabled = true) =>
  useQuery({
    queryKey: documentKeys.returns(documentId),
    queryFn: () => listReturns(documentId),
    enabled,
    staleTime: STALE_TIMES.returnsOfService,
  });

type IssuedReturn = { serviceReturn: ServiceReturn; message: string };

const issueReturn = async ({
  documentId,
  input,
}: {
  documentId: number;
  input: ReturnInput;
}): Promise<IssuedReturn> => {
  const answer = await api.post<Envelope<ServiceReturn>>(`/documents/${documentId}/returns`, input);
  return { serviceReturn: answer.data as ServiceReturn, message: answer.message ?? 'Return issued' };
};

/**
 * POST /documents/{id}/returns (the assigned sheriff). A served return changes the document (status, service date),
 * its proof of service (a new version), its returns and the case lists: every document read is refreshed — the
 * document, its proof and its returns all sit below documentKeys.all.
 */
export const useIssueReturn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueReturn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
};
