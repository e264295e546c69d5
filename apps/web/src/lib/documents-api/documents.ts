import { MY_CASES_COUNT_LIMIT, type MyCasesSubtabValue } from '@lexserve/contracts/document-constants';
import type {
  CreateDocumentInput,
  Document,
  DocumentList,
  UpdateDocumentInput,
} from '@lexserve/contracts/documents';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Role } from '../../config/constants';
import { api, describeError, withoutEmpty } from '../api-client';
import { STALE_TIMES } from '../query-client';
import { documentKeys } from './keys';

export const invalidateDocuments = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: documentKeys.all });

type Envelope<T> = { status?: string; data?: T; message?: string };

/** Writes answer `{status, data, message}`; a bare document is accepted too. */
const unwrap = <T extends { id: number }>(answer: Envelope<T> | T): T => {
  if (answer && typeof answer === 'object' && 'data' in answer && answer.data) return answer.data;
  return answer as T;
};

// ---- list -------------------------------------------------------------------------------------

/**
 * Spec 6: a legal practitioner loads its own branch's documents (my_branch_only true, assigned_to_me false);
 * any other role loads the documents assigned to it (assigned_to_me true), which fits sheriffs.
 */
const listScopeFor = (role: Role) =>
  role === 'legal_practitioner' ? { my_branch_only: true, assigned_to_me: false } : { assigned_to_me: true };

/** The page size of My Cases. */
export const MY_CASES_PAGE_SIZE = 25;

type MyCasesPage = {
  documents: Document[];
  total: number;
  counts: Record<MyCasesSubtabValue, number>;
  /** Counts stop at this many: a count equal to it means at least that many. */
  countLimit: number;
};

/** One page of a My Cases sub-tab, with every sub-tab's count: filtered, searched and paged by the server. */
const listMyCases = async (
  role: Role,
  subtab: MyCasesSubtabValue,
  search: string,
  page: number,
): Promise<MyCasesPage> => {
  const answer = await api.get<DocumentList>('/documents/', {
    query: {
      ...listScopeFor(role),
      subtab,
      search: search || undefined,
      skip: page * MY_CASES_PAGE_SIZE,
      limit: MY_CASES_PAGE_SIZE,
    },
  });
  const counts = answer.counts ?? { urgent: 0, active: 0, closed: 0, drafts: 0 };
  return {
    documents: answer.documents ?? [],
    total: answer.total ?? 0,
    counts,
    countLimit: answer.count_limit ?? MY_CASES_COUNT_LIMIT,
  };
};

/** A sub-tab's page (0-based); the previous page stays on screen while the next one loads. */
export const useMyCases = (
  role: Role | undefined,
  subtab: MyCasesSubtabValue,
  search: string,
  page: number,
) =>
  useQuery({
    queryKey: documentKeys.list(`${role ?? ''}|${subtab}|${search}|${page}`),
    queryFn: () => listMyCases(role ?? 'legal_practitioner', subtab, search, page),
    staleTime: STALE_TIMES.documents,
    enabled: Boolean(role),
    placeholderData: keepPreviousData,
  });

// ---- one document -----------------------------------------------------------------------------

export const getDocument = (id: number): Promise<Document> => api.get<Document>(`/documents/${id}`);

const documentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: documentKeys.detail(id),
    queryFn: () => getDocument(id),
    staleTime: STALE_TIMES.documents,
  });

export const useDocument = (id: number | null) =>
  useQuery({ ...documentQueryOptions(id ?? 0), enabled: id !== null && id > 0 });

// ---- writes -----------------------------------------------------------------------------------

type Body = Record<string, unknown>;

/** POST /documents/: the new id is read from data.id. Null and empty fields are left out. */
export const createDocument = async (
  input: Partial<Record<keyof CreateDocumentInput, unknown>>,
): Promise<Document> =>
  unwrap(await api.post<Envelope<Document> | Document>('/documents/', withoutEmpty(input as Body)));

/** PUT /documents/{id}: null and empty-string fields are dropped before sending (spec 2 §7). */
export const updateDocument = async (
  id: number,
  input: Partial<Record<keyof UpdateDocumentInput, unknown>>,
): Promise<Document> =>
  unwrap(await api.put<Envelope<Document> | Document>(`/documents/${id}`, withoutEmpty(input as Body)));

const deleteDocument = (id: number): Promise<unknown> => api.delete(`/documents/${id}`);

export const useDeleteDocument = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteDocument, onSuccess: () => invalidateDocuments(queryClient) });
};

// ---- messages (spec 2 §8) ---------------------------------------------------------------------

export const documentsLoadError = (error: unknown) =>
  describeError(error, { fallback: 'Failed to load documents' });
export const documentLoadError = (error: unknown) =>
  describeError(error, { fallback: 'Failed to load document details' });
export const deleteDraftError = (error: unknown) =>
  describeError(error, {
    fallback: 'Failed to delete draft. Please try again.',
    byStatus: { 500: 'Failed to delete draft. Please try again.' },
  });

/** The reason of a failed call, for messages that embed it ("Failed to save draft: {msg}"). */
export const reasonOf = (error: unknown): string => describeError(error);
