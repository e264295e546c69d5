import type { Branch, Firm } from '@lexserve/contracts/firms';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STALE_TIMES } from '../../../lib/query-client';
import { documentKeys } from '../../../lib/documents-api/keys';

export const FIRM_SEARCH_MIN_CHARS = 2;
export const FIRM_SEARCH_DEBOUNCE_MS = 300;

/** GET /firms/ with search, skip, limit: the legal representative search (spec 2.5). */
const searchFirms = async (search: string): Promise<Firm[]> => {
  const answer = await api.get<{ firms: Firm[] } | Firm[]>('/firms/', {
    query: { search, skip: 0, limit: 20 },
  });
  return Array.isArray(answer) ? answer : (answer.firms ?? []);
};

export const useFirmSearch = (search: string) =>
  useQuery({
    queryKey: documentKeys.firmSearch(search),
    queryFn: () => searchFirms(search),
    enabled: search.trim().length >= FIRM_SEARCH_MIN_CHARS,
    staleTime: STALE_TIMES.firms,
    placeholderData: keepPreviousData,
  });

const listFirmBranches = async (firmId: number): Promise<Branch[]> => {
  const answer = await api.get<{ branches: Branch[] } | Branch[]>(`/firms/${firmId}/branches`);
  return Array.isArray(answer) ? answer : (answer.branches ?? []);
};

export const useFirmBranches = (firmId: number | null) =>
  useQuery({
    queryKey: documentKeys.branchesOfFirm(firmId),
    queryFn: () => listFirmBranches(firmId as number),
    enabled: firmId !== null && firmId > 0,
    staleTime: STALE_TIMES.branches,
  });

export const FIRM_SEARCH_ERROR = 'Failed to search firms. Please try again.';
export const BRANCHES_ERROR = 'Failed to load branches. Please try again.';
