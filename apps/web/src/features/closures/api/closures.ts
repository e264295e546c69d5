import type {
  ApproveClosureInput,
  Closure,
  ClosureHistory,
  ClosureList,
  ClosurePrecheck,
  ClosureStatus,
  CreateClosureInput,
  DirectCloseInput,
} from '@lexserve/contracts/closures';
import { CLOSURE_MESSAGES } from '@lexserve/contracts/constants';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api, describeError, isApiRequestError } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';
import { closureKeys } from '../keys';

/** The product-wide event raised after a completion or a direct close (spec 2 §4); lists refresh on it. */
export const CASE_CLOSURE_COMPLETED_EVENT = 'case-closure:completed';

export const raiseClosureCompleted = (closure: Pick<Closure, 'id' | 'document_id'>) =>
  window.dispatchEvent(
    new CustomEvent(CASE_CLOSURE_COMPLETED_EVENT, {
      detail: { closureId: closure.id, documentId: closure.document_id },
    }),
  );

type Envelope<T> = { status: string; data: T; message: string };

// ---- reads

export type ClosureListParams = { status?: ClosureStatus; skip: number; limit: number; search?: string };

const listClosures = (params: ClosureListParams): Promise<ClosureList> =>
  api.get<ClosureList>('/case-closure/', {
    query: { status: params.status, skip: params.skip, limit: params.limit, search: params.search },
  });

export const useClosureList = (params: ClosureListParams, enabled = true) =>
  useQuery({
    queryKey: closureKeys.list(params),
    queryFn: () => listClosures(params),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The document's current closure, or null when it has none (asked as `?if_none=empty`: 204, not a failed 404). */
const getActiveClosure = async (documentId: number): Promise<Closure | null> => {
  try {
    return (
      (await api.get<Closure | undefined>(`/case-closure/document/${documentId}/active`, {
        query: { if_none: 'empty' },
      })) ?? null
    );
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) return null;
    throw error;
  }
};

const activeClosureQueryOptions = (documentId: number) =>
  queryOptions({
    queryKey: closureKeys.active(documentId),
    queryFn: () => getActiveClosure(documentId),
    staleTime: 0,
  });

export const useActiveClosure = (documentId: number, enabled = true) =>
  useQuery({ ...activeClosureQueryOptions(documentId), enabled });

const getPrecheck = (documentId: number): Promise<ClosurePrecheck> =>
  api.get<ClosurePrecheck>(`/case-closure/precheck/${documentId}`);

export const usePrecheck = (documentId: number, enabled = true) =>
  useQuery({
    queryKey: closureKeys.precheck(documentId),
    queryFn: () => getPrecheck(documentId),
    enabled,
    staleTime: 0,
  });

const getClosureHistory = (documentId: number): Promise<ClosureHistory> =>
  api.get<ClosureHistory>(`/case-closure/document/${documentId}/history`);

export const useClosureHistory = (documentId: number, enabled = true) =>
  useQuery({
    queryKey: closureKeys.history(documentId),
    queryFn: () => getClosureHistory(documentId),
    enabled,
    staleTime: 0,
  });

// ---- writes

const requestClosure = (input: CreateClosureInput) => api.post<Envelope<Closure>>('/case-closure/', input);
const decideClosure = ({ id, ...input }: ApproveClosureInput & { id: number }) =>
  api.put<Envelope<Closure>>(`/case-closure/${id}/approve`, input);
const completeClosure = (id: number) => api.put<Envelope<Closure>>(`/case-closure/${id}/complete`);
const directClose = (input: DirectCloseInput) =>
  api.post<Envelope<Closure>>('/case-closure/direct-close', input);

/** Closure data and the case itself (its status) change with every step. */
export const invalidateClosures = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: closureKeys.all }),
    queryClient.invalidateQueries({ queryKey: sharedKeys.documents }),
  ]);

const useClosureMutation = <TInput>(mutationFn: (input: TInput) => Promise<Envelope<Closure>>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateClosures(queryClient) });
};

export const useRequestClosure = () => useClosureMutation(requestClosure);
export const useDecideClosure = () => useClosureMutation(decideClosure);
export const useCompleteClosure = () => useClosureMutation(completeClosure);
export const useDirectClose = () => useClosureMutation(directClose);

// ---- messages (spec 2 §8)

export const loadClosuresErrorMessage = (error: unknown) =>
  describeError(error, { fallback: CLOSURE_MESSAGES.loadFailed });
export const approvalErrorMessage = (error: unknown) =>
  describeError(error, {
    byStatus: { 403: CLOSURE_MESSAGES.noApprovePermission },
    fallback: CLOSURE_MESSAGES.approvalFailed,
  });
export const completeErrorMessage = (error: unknown) =>
  describeError(error, { fallback: CLOSURE_MESSAGES.completeFailed });
export const closureActionErrorMessage = (error: unknown, fallback: string) =>
  describeError(error, { fallback });
export const historyErrorMessage = (error: unknown) =>
  CLOSURE_MESSAGES.timelineFailed(
    describeError(error, { fallback: 'Server error. Please try again later.' }),
  );
