import type { TokenPair } from '@lexserve/contracts/auth';
import type { User } from '@lexserve/contracts/users';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from './api-client';
import { STALE_TIMES } from './query-client';
import { sharedKeys } from './query-keys';
import {
  clearTokens,
  getRefreshToken,
  hasSession,
  recordActivity,
  setSessionEndReason,
  storeTokens,
  subscribeTokens,
  type SessionEndReason,
} from './session-store';

/**
 * What a page may hand to /login in its navigation state (spec 2.2): a success message to show,
 * where to return after login, and any state to forward there (e.g. the plan the visitor picked).
 */
export type LoginRedirectState = {
  message?: string;
  from?: string | { pathname: string; search?: string; hash?: string };
  /** Forwarded as navigation state to the page the user returns to. */
  returnState?: Record<string, unknown>;
};

/** True while a token pair is stored; re-renders on login, logout and changes from other tabs. */
export const useHasSession = (): boolean => useSyncExternalStore(subscribeTokens, hasSession, () => false);

const getCurrentUser = (): Promise<User> => api.get<User>('/users/me');

const currentUserQueryOptions = () =>
  queryOptions({ queryKey: sharedKeys.me, queryFn: getCurrentUser, staleTime: STALE_TIMES.currentUser });

/** The logged-in user (GET /users/me); disabled without a session. */
export const useCurrentUser = () => {
  const signedIn = useHasSession();
  return useQuery({ ...currentUserQueryOptions(), enabled: signedIn });
};

/**
 * Asks for the current user ahead of the signed-in shell (main.tsx): on a page under /app the request then runs
 * while the shell's code loads, not after it; the guard finds the answer in the cache. Nothing without a session.
 */
export const prefetchCurrentUser = (queryClient: QueryClient): void => {
  if (hasSession()) void queryClient.prefetchQuery(currentUserQueryOptions());
};

/** Keeps a freshly issued token pair and starts the activity clock. */
export const startSession = (pair: TokenPair): void => {
  setSessionEndReason(null);
  storeTokens(pair);
  recordActivity({ force: true });
};

/**
 * Ends the session locally: tokens and cached data go. The guard of the authenticated area then
 * sends the user to the login page that fits the reason.
 */
const endSession = (queryClient: QueryClient, reason: SessionEndReason): void => {
  setSessionEndReason(reason);
  clearTokens();
  queryClient.clear();
};

/** Spec 4.2, logout: tell the server (revoking the refresh token), then clear everything locally. */
export const logout = async (
  queryClient: QueryClient,
  reason: SessionEndReason = 'logout',
): Promise<void> => {
  const refreshToken = getRefreshToken();
  try {
    await api.post('/users/logout', refreshToken ? { refresh_token: refreshToken } : {}, {
      retryOn401: false,
    });
  } catch {
    // Logging out must always succeed locally, even when the server cannot be reached.
  }
  endSession(queryClient, reason);
};
