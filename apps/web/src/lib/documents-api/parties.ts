import type { PartyLink } from '@lexserve/contracts/parties';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { STALE_TIMES } from '../query-client';
import { documentKeys } from './keys';

/** A document's parties, read by the case page and by the sheriff's screens (the address to serve at). */
export const listDocumentParties = async (documentId: number): Promise<PartyLink[]> => {
  const answer = await api.get<{ parties: PartyLink[] } | PartyLink[]>(`/documents/${documentId}/parties`);
  return Array.isArray(answer) ? answer : (answer.parties ?? []);
};

const documentPartiesQueryOptions = (documentId: number) =>
  queryOptions({
    queryKey: documentKeys.parties(documentId),
    queryFn: () => listDocumentParties(documentId),
    staleTime: STALE_TIMES.documents,
  });

/** Parties are loaded lazily, per case (spec 2.7). */
export const useDocumentParties = (documentId: number | null, enabled = true) =>
  useQuery({
    ...documentPartiesQueryOptions(documentId ?? 0),
    enabled: enabled && documentId !== null && documentId > 0,
  });
