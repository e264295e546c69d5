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

type ApiErrorDetail = string | ValidationIssue[] | undefined;

/** Every failed call throws this. `status` 0 means the server could not be reached. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** The server's `detail`: its message, or the list of validation issues of a 422. */
  readonly detail: ApiErrorDetail;
  readonly requestId: string | undefined;

  constructor(options: {
    status: number;
    message: string;
    code?: string;
    detail?: ApiErrorDetail;
    requestId?: string;
  }) {
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

export const isApiRequestError = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError;

const formatValidationIssues = (issues: ValidationIssue[]): string =>
  GENERIC_ERROR_MESSAGES.validationPrefix +
  issues
    .map((issue) => {
      const loc = issue.loc.filter((part) => part !== 'body').join('.');
      return loc ? `${loc}: ${issue.msg}` : issue.msg;
    })
    .join('; ');

/** The generic message for a failed answer (spec 8, "Generic"). */
const genericMessageFor = (status: number, detail: ApiErrorDetail, tokenSent: boolean): string => {
  if (status === 0) return GENERIC_ERROR_MESSAGES.network;
  if (status === 403)
    return tokenSent ? GENERIC_ERROR_MESSAGES.forbidden : GENERIC_ERROR_MESSAGES.authenticationRequired;
  if (status === 401) return GENERIC_ERROR_MESSAGES.authenticationFailed;
  if (status === 422 && Array.isArray(detail)) return formatValidationIssues(detail);
  return GENERIC_ERROR_MESSAGES.status(status);
};

type DescribeErrorOptions = {
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
  if (!isApiRequestError(error))
    return options.fallback ?? (error instanceof Error ? error.message : String(error));
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
      storeTokens(
        await apiRequest<TokenPair>('/users/refresh', {
          method: 'POST',
          body: { refresh_token: refreshToken },
          auth: false,
        }),
      );
      return true;
    } catch (error) {
      if (isApiRequestError(error) && (error.status === 401 || error.status === 403)) {
        // The refresh token was revoked, rotated elsewhere, expired, or the user was deactivated.
        setSessionEndReason('expired');
        clearTokens();
        emitSessionEvent('session-ended');
      }
      // Otherwise (offline, a server error) the tokens are kept: a later attempt may succeed.
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

type RequestOptions = {
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

const parseText = (text: string): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** A failed answer as the ApiRequestError of spec 8: the server's detail, code and request id, and the generic message. */
const errorFromAnswer = (status: number, body: unknown, tokenSent: boolean): ApiRequestError => {
  let detail: ApiErrorDetail;
  let code: string | undefined;
  let requestId: string | undefined;
  if (body && typeof body === 'object') {
    const fields = body as {
      detail?: unknown;
      message?: unknown;
      error?: unknown;
      code?: unknown;
      request_id?: unknown;
    };
    const raw = fields.detail ?? fields.message ?? fields.error;
    if (typeof raw === 'string') detail = raw;
    else if (Array.isArray(raw)) detail = raw as ValidationIssue[];
    if (typeof fields.code === 'string') code = fields.code;
    if (typeof fields.request_id === 'string') requestId = fields.request_id;
  }
  return new ApiRequestError({
    status,
    message: genericMessageFor(status, detail, tokenSent),
    code,
    detail,
    requestId,
  });
};

/** What a transport (fetch or XHR) answers: the status, and readers for the error body and the success value. */
type Answer<T> = { status: number; errorBody: () => Promise<unknown>; value: () => Promise<T> };

type AuthOptions = { auth: boolean; retryOn401: boolean };

/**
 * The token handling every call shares (spec 4.2): a fresh token first, the bearer header, one refresh and one
 * retry on 401, 'token-expired' when that fails too, and ApiRequestError for any failed answer.
 */
async function sendAuthorised<T>(
  { auth, retryOn401 }: AuthOptions,
  send: (token: string | null) => Promise<Answer<T>>,
): Promise<T> {
  if (auth) await ensureFreshToken();
  let token = auth ? getAccessToken() : null;
  let answer = await send(token);
  if (answer.status === 401 && auth && retryOn401 && getRefreshToken() && (await refreshSession())) {
    token = getAccessToken();
    answer = await send(token);
  }
  if (answer.status < 200 || answer.status >= 300) {
    const error = errorFromAnswer(answer.status, await answer.errorBody(), Boolean(token));
    if (answer.status === 401 && auth && retryOn401 && token) emitSessionEvent('token-expired');
    throw error;
  }
  return answer.value();
}

const networkError = () => new ApiRequestError({ status: 0, message: GENERIC_ERROR_MESSAGES.network });

/** The one way the app talks to the API. Resolves with the parsed body; throws ApiRequestError. */
async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const {
    method = 'GET',
    body,
    query,
    auth = true,
    retryOn401 = true,
    responseType = 'json',
    signal,
  } = options;
  const url = buildUrl(path, query);

  const send = async (token: string | null): Promise<Answer<T>> => {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (token) headers.Authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    let response: Response;
    try {
      response = await fetch(url, { method, headers, body: payload, signal });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw networkError();
    }
    return {
      status: response.status,
      errorBody: async () => parseText(await response.text()),
      value: async () => {
        if (response.status === 204) return undefined as T;
        if (responseType === 'blob') return (await response.blob()) as T;
        if (responseType === 'text') return (await response.text()) as T;
        return parseText(await response.text()) as T;
      },
    };
  };

  return sendAuthorised({ auth, retryOn401 }, send);
}

// ---- uploads with progress ------------------------------------------------------------------

export type UploadProgress = { loaded: number; total: number; percent: number };

type UploadOptions = {
  method?: 'POST' | 'PUT';
  query?: Record<string, QueryValue>;
  /** Called with the bytes sent so far, from the browser's upload progress events. */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Send the bearer token (default true); false for public uploads. */
  auth?: boolean;
  headers?: Record<string, string>;
};

const cancelled = () => new DOMException('The upload was cancelled.', 'AbortError');

/** One multipart request over XMLHttpRequest, the only browser API that reports upload progress. */
const sendWithProgress = <T>(
  url: string,
  form: FormData,
  options: UploadOptions,
  token: string | null,
): Promise<Answer<T>> =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (!options.onProgress || !event.lengthComputable) return;
      options.onProgress({
        loaded: event.loaded,
        total: event.total,
        percent: Math.round((event.loaded / event.total) * 100),
      });
    };
    xhr.onload = () => {
      const body = parseText(xhr.responseText);
      resolve({ status: xhr.status, errorBody: async () => body, value: async () => body as T });
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject(cancelled());
    if (options.signal) {
      if (options.signal.aborted) {
        reject(cancelled());
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });

/**
 * A multipart upload with real progress: the same URL building, token handling and ApiRequestError as every other
 * call, over XMLHttpRequest because fetch() cannot report upload progress. A retry after a refresh restarts the
 * progress at 0.
 */
export function uploadWithProgress<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const url = buildUrl(path, options.query);
  let attempts = 0;
  return sendAuthorised({ auth: options.auth !== false, retryOn401: true }, (token) => {
    if (attempts++ > 0) options.onProgress?.({ loaded: 0, total: 0, percent: 0 });
    return sendWithProgress<T>(url, form, options, token);
  });
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** Update requests leave out fields whose value is null or an empty string (spec 5, "General"). */
export const withoutEmpty = <T extends Record<string, unknown>>(values: T): Partial<T> =>
  Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== null && value !== '' && value !== undefined),
  ) as Partial<T>;
