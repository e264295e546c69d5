import type { DeliveryPage, FreshLinkResult } from '@lexserve/contracts/documents';
import { proofFileName } from '@lexserve/contracts/constants';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, describeError, isApiRequestError } from '../../../lib/api-client';
import { deliveryKeys } from '../keys';

/**
 * The recipient's session: each recorded opening of a delivery link answers a session, which this browser keeps
 * (local storage, so other tabs share it) and sends as a header, not in the address, with downloads and later
 * openings; the server then does not record a reload within minutes as a second opening. It lasts as long as the link.
 */
const sessionKey = (token: string) => `delivery_session_${token}`;
const readDeliverySession = (token: string): string | null => {
  try {
    return localStorage.getItem(sessionKey(token));
  } catch {
    return null;
  }
};
const keepDeliverySession = (token: string, session: string) => {
  try {
    localStorage.setItem(sessionKey(token), session);
  } catch {
    // Without storage the page still works: each opening is recorded and answers its own session.
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

/** One request per opening: each fetch may be recorded as an opening, so the page is never fetched again on its own. */
export const useDeliveryPage = (token: string) =>
  useQuery({
    queryKey: deliveryKeys.delivery(token),
    queryFn: () => openDelivery(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** A served file: its stamped served copy when there is one, or (`original`) the file as uploaded. */
export const downloadDeliveredFile = (
  token: string,
  fileId: number,
  opts: { original?: boolean } = {},
): Promise<Blob> =>
  api.get<Blob>(`${path(token)}/files/${fileId}${opts.original ? '?original=true' : ''}`, {
    auth: false,
    headers: sessionHeaders(token),
    responseType: 'blob',
  });

export const downloadDeliveredProof = (token: string): Promise<Blob> =>
  api.get<Blob>(`${path(token)}/proof`, {
    auth: false,
    headers: sessionHeaders(token),
    responseType: 'blob',
  });

export const deliveredProofName = (page: DeliveryPage) =>
  proofFileName({ id: 0, case_number: page.document.case_number || 'document' });

export const deliveryErrorMessage = (error: unknown) =>
  describeError(error, {
    fallback: 'This delivery could not be opened. Please try again later.',
    network: 'Unable to connect. Please check your internet connection and try again.',
  });

/** The link has expired or a newer one was sent: the page offers a fresh link to the same address. */
export const canAskForFreshLink = (error: unknown) =>
  isApiRequestError(error) &&
  (error.code === 'DELIVERY_LINK_EXPIRED' || error.code === 'DELIVERY_LINK_SUPERSEDED');

/** POST /delivery/{token}/fresh-link: e-mails a fresh link to the nominated address (the server's answer says which, masked). */
const requestFreshLink = (token: string) =>
  api.post<{ status: 'success'; data: FreshLinkResult; message: string }>(
    `${path(token)}/fresh-link`,
    {},
    { auth: false },
  );

export const useRequestFreshLink = (token: string) =>
  useMutation({ mutationFn: () => requestFreshLink(token) });

export const freshLinkErrorMessage = (error: unknown) =>
  describeError(error, {
    fallback: 'A fresh link could not be sent. Please try again later.',
    network: 'Unable to connect. Please check your internet connection and try again.',
  });
