import type { TokenPair } from '@lexserve/contracts/auth';
import type { ValidationIssue } from '@lexserve/contracts/errors';
import { SESSION_TIMING } from '../config/constants';
import { API_BASE_URL } from '../config/env';
import {
  clearTokens,
  emitSessionEvent,
  getAccessToken,
  getRefreshToken,
  isAccessTokenDue,
  msSinceActivity,
  setSessionEndReason,
  storeTokens,
} from './session-store';

/** The generic messages of spec 1, section 8, for any call. */
export const GENERIC_ERROR_MESSAGES = {
  network:
    'Network error: Unable to connect to the server. Please check if the backend is running and CORS is properly configured.',
  forbidden: 'Access forbidden. You may not have permission to perform this action.',
  authenticationRequired: 'Authentication required. Please log in.',
  authenticationFailed: 'Authentication failed. Your session may have expired.',
  validationPrefix: 'Validation error: ',
  status: (status: number) => `API request failed with status ${status}`,
} as const;

export type ApiErrorDetail = string | ValidationIssue[] | undefined;

/** Every failed call throws this. `status` 0 means the server could not be reached. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** The server's `detail`: its message, or the list of validation issues of a 422. */
  readonly detail: ApiErrorDetail;
  readonly requestId: string | undefined;

  constructor(options: { status: number; message: string; code?: string; detail?: ApiErrorDetail; requestId?: string }) {
    super(options.message);
    this.name = 'ApiRequestError';
    this.status = options.status;
    this.code = options.code;
    this.detail = options.detail;
    this.requestId = options.requestId;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** The server's own message when it sent one as text. */
  get serverMessage(): string | undefined {
    return typeof this.detail === 'string' && this.detail.trim() ? this.detail : undefined;
  }
}

export const isApiRequestError = (error: unknown): error is ApiRequestError => error instanceof ApiRequestError;

const formatValidationIssues = (issues: ValidationIssue[]): string =>
  GENERIC_ERROR_MESSAGES.validationPrefix +
  issues
    .map((issue) => {
      const loc = issue.loc.filter((part) => part !== 'body').join('.');
      return loc ? `${loc}: ${issue.msg}` : issue.msg;
    })
    .join('; ');

/** The generic message for a failed answer (spec 8, "Generic"). */
export const genericMessageFor = (status: number, detail: ApiErrorDetail, tokenSent: boolean): string => {
  if (status === 0) return GENERIC_ERROR_MESSAGES.network;
  if (status === 403) return tokenSent ? GENERIC_ERROR_MESSAGES.forbidden : GENERIC_ERROR_MESSAGES.authenticationRequired;
  if (status === 401) return GENERIC_ERROR_MESSAGES.authenticationFailed;
  if (status === 422 && Array.isArray(detail)) return formatValidationIssues(detail);
  return GENERIC_ERROR_MESSAGES.status(status);
};

export type DescribeErrorOptions = {
  /** The call's own words per HTTP status (spec 8 tables). */
  byStatus?: Partial<Record<number, string>>;
  /** The call's own words per error code. */
  byCode?: Record<string, string>;
  /** Words for "no connection" when the call has its own (login, registration...). */
  network?: string;
  /** 'Failed to ... Please try again.' */
  fallback?: string;
  /** Show the server's message for 4xx answers without a mapping (default true). */
  useServerMessage?: boolean;
};

/**
 * Turns any error into the words a user sees: the call's mapping first, then the server's message
 * for client errors, then the call's fallback, then the generic message.
 */
export const describeError = (error: unknown, options: DescribeErrorOptions = {}): string => {
  if (!isApiRequestError(error)) return options.fallback ?? (error instanceof Error ? error.message : String(error));
  if (error.isNetworkError) return options.network ?? error.message;
  if (error.code && options.byCode?.[error.code]) return options.byCode[error.code] as string;
  const mapped = options.byStatus?.[error.status];
  if (mapped) return mapped;
  if (error.status >= 500) return options.fallback ?? error.message;
  if (error.status === 422 && Array.isArray(error.detail)) return error.message;
  if (options.useServerMessage !== false && error.serverMessage) return error.serverMessage;
  return options.fallback ?? error.message;
};

// ---- token refresh --------------------------------------------------------------------------

let refreshInFlight: Promise<boolean> | null = null;

/**
 * Exchanges the refresh token for a new pair (rotated by the server). Concurrent callers share one
 * call, because a rotated refresh token cannot be used twice. Resolves false when the server refuses
 * the refresh token (the session is over) or no refresh token exists.
 */
export const refreshSession = (): Promise<boolean> => {
  if (refreshInFlight) return refreshInFlight;
  const refreshToken = getRefreshToken();
  if (!refreshToken) return Promise.resolve(false);
  refreshInFlight = (async () => {
    try {
      const response = await fetch(`${API_BASE_URL}/users/refresh`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
      if (response.ok) {
        storeTokens((await response.json()) as TokenPair);
        return true;
      }
      if (response.status === 401 || response.status === 403) {
        // The refresh token was revoked, rotated elsewhere, expired, or the user was deactivated.
        setSessionEndReason('expired');
        clearTokens();
        emitSessionEvent('session-ended');
      }
      return false;
    } catch {
      // Offline: keep the tokens, a later attempt may succeed.
      return false;
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
};

/** Spec 4.2: before a request, refresh a token close to expiry if the user was active recently. */
export const ensureFreshToken = async (): Promise<void> => {
  if (!getRefreshToken() || !isAccessTokenDue()) return;
  if (msSinceActivity() > SESSION_TIMING.refreshBeforeRequestActivityMs) return;
  await refreshSession();
};

// ---- requests -------------------------------------------------------------------------------

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialisable body, or FormData for uploads. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Send the bearer token and handle refresh and 401 (default true). False for public calls. */
  auth?: boolean;
  /**
   * On 401, refresh once and retry (default true). Calls where 401 means "wrong password"
   * (change password) turn it off, so the answer is not mistaken for an expired session.
   */
  retryOn401?: boolean;
  responseType?: 'json' | 'blob' | 'text';
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

const buildUrl = (path: string, query?: Record<string, QueryValue>): string => {
  const url = `${API_BASE_URL}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
};

const parseBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const toError = async (response: Response, tokenSent: boolean): Promise<ApiRequestError> => {
  const body = (await parseBody(response)) as
    | { detail?: unknown; message?: unknown; error?: unknown; code?: unknown; request_id?: unknown }
    | string
    | undefined;
  let detail: ApiErrorDetail;
  let code: string | undefined;
  let requestId: string | undefined;
  if (body && typeof body === 'object') {
    const raw = body.detail ?? body.message ?? body.error;
    if (typeof raw === 'string') detail = raw;
    else if (Array.isArray(raw)) detail = raw as ValidationIssue[];
    if (typeof body.code === 'string') code = body.code;
    if (typeof body.request_id === 'string') requestId = body.request_id;
  }
  return new ApiRequestError({
    status: response.status,
    message: genericMessageFor(response.status, detail, tokenSent),
    code,
    detail,
    requestId,
  });
};

/** The one way the app talks to the API. Resolves with the parsed body; throws ApiRequestError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, auth = true, retryOn401 = true, responseType = 'json', signal } = options;
  if (auth) await ensureFreshToken();

  const send = async (): Promise<{ response: Response; tokenSent: boolean }> => {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    const token = auth ? getAccessToken() : null;
    if (token) headers.Authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    try {
      const response = await fetch(buildUrl(path, query), { method, headers, body: payload, signal });
      return { response, tokenSent: Boolean(token) };
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiRequestError({ status: 0, message: GENERIC_ERROR_MESSAGES.network });
    }
  };

  let { response, tokenSent } = await send();

  if (response.status === 401 && auth && retryOn401 && getRefreshToken()) {
    // Spec 4.2: on a 401, one refresh is tried and the request is retried once.
    if (await refreshSession()) ({ response, tokenSent } = await send());
  }

  if (!response.ok) {
    const error = await toError(response, tokenSent);
    if (response.status === 401 && auth && retryOn401 && tokenSent) emitSessionEvent('token-expired');
    throw error;
  }

  if (response.status === 204) return undefined as T;
  if (responseType === 'blob') return (await response.blob()) as T;
  if (responseType === 'text') return (await response.text()) as T;
  return (await parseBody(response)) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** Update requests leave out fields whose value is null or an empty string (spec 5, "General"). */
export const withoutEmpty = <T extends Record<string, unknown>>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== '' && value !== undefined)) as Partial<T>;
