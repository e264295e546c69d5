import type { DeliveryPage } from '@lexserve/contracts/documents';
import { proofFileName } from '@lexserve/contracts/documents';
import { useQuery } from '@tanstack/react-query';
import { api, describeError } from '../../../lib/api-client';
import { documentKeys } from '../keys';

/**
 * The recipient's session: the first opening of a delivery link uses it up and answers a session, which is kept
 * for this browser tab and sent (as a header, not in the address) on every later call.
 */
const sessionKey = (token: string) => `delivery_session_${token}`;
const readDeliverySession = (token: string): string | null => {
  try {
    return sessionStorage.getItem(sessionKey(token));
  } catch {
    return null;
  }
};
const keepDeliverySession = (token: string, session: string) => {
  try {
    sessionStorage.setItem(sessionKey(token), session);
  } catch {
    // Without storage the page still works until it is reloaded.
  }
};

const sessionHeaders = (token: string): Record<string, string> => {
  const session = readDeliverySession(token);
  return session ? { 'x-delivery-session': session } : {};
};

const path = (token: string) => `/delivery/${encodeURIComponent(token)}`;

const openDelivery = async (token: string): Promise<DeliveryPage> => {
  const page = await api.get<DeliveryPage>(path(token), { auth: false, headers: sessionHeaders(token) });
  if (page.session) keepDeliverySession(token, page.session);
  return page;
};

/** One request per opening: the link is single-use, so the page is never fetched twice on its own. */
export const useDeliveryPage = (token: string) =>
  useQuery({
    queryKey: documentKeys.delivery(token),
    queryFn: () => openDelivery(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const downloadDeliveredFile = (token: string, fileId: number): Promise<Blob> =>
  api.get<Blob>(`${path(token)}/files/${fileId}`, { auth: false, headers: sessionHeaders(token), responseType: 'blob' });

export const downloadDeliveredProof = (token: string): Promise<Blob> =>
  api.get<Blob>(`${path(token)}/proof`, { auth: false, headers: sessionHeaders(token), responseType: 'blob' });

export const deliveredProofName = (page: DeliveryPage) => proofFileName({ id: 0, case_number: page.document.case_number || 'document' });

export const deliveryErrorMessage = (error: unknown) =>
  describeError(error, { fallback: 'This delivery could not be opened. Please try again later.', network: 'Unable to connect. Please check your internet connection and try again.' });
