import type { ValidationIssue } from '@lexserve/contracts/errors';
import { API_BASE_URL } from '../config/env';
import { ApiRequestError, GENERIC_ERROR_MESSAGES, ensureFreshToken, genericMessageFor, refreshSession, type ApiErrorDetail } from './api-client';
import { emitSessionEvent, getAccessToken, getRefreshToken } from './session-store';

export type UploadProgress = { loaded: number; total: number; percent: number };

export type UploadOptions = {
  method?: 'POST' | 'PUT';
  query?: Record<string, string | number | boolean | undefined>;
  /** Called with the bytes sent so far, from the browser's upload progress events. */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Send the bearer token (default true); false for public uploads (verification). */
  auth?: boolean;
};

type Answer = { status: number; body: unknown };

const parse = (text: string): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const buildUrl = (path: string, query?: UploadOptions['query']) => {
  const url = `${API_BASE_URL}${path.startsWith('/') ? path : `/${path}`}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return search ? `${url}?${search}` : url;
};

const send = (url: string, form: FormData, options: UploadOptions, token: string | null): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (!options.onProgress || !event.lengthComputable) return;
      options.onProgress({ loaded: event.loaded, total: event.total, percent: Math.round((event.loaded / event.total) * 100) });
    };
    xhr.onload = () => resolve({ status: xhr.status, body: parse(xhr.responseText) });
    xhr.onerror = () => reject(new ApiRequestError({ status: 0, message: GENERIC_ERROR_MESSAGES.network }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });

const toError = (answer: Answer, tokenSent: boolean): ApiRequestError => {
  let detail: ApiErrorDetail;
  let code: string | undefined;
  let requestId: string | undefined;
  const body = answer.body as Record<string, unknown> | string | undefined;
  if (body && typeof body === 'object') {
    const raw = body.detail ?? body.message ?? body.error;
    if (typeof raw === 'string') detail = raw;
    else if (Array.isArray(raw)) detail = raw as ValidationIssue[];
    if (typeof body.code === 'string') code = body.code;
    if (typeof body.request_id === 'string') requestId = body.request_id;
  }
  return new ApiRequestError({ status: answer.status, message: genericMessageFor(answer.status, detail, tokenSent), code, detail, requestId });
};

/**
 * A multipart upload with real progress. fetch() cannot report upload progress, so this one call uses
 * XMLHttpRequest, with the API client's token handling: a fresh token first, one refresh and retry on 401,
 * and the same ApiRequestError on failure.
 */
export async function uploadWithProgress<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const auth = options.auth !== false;
  if (auth) await ensureFreshToken();
  const url = buildUrl(path, options.query);
  let token = auth ? getAccessToken() : null;
  let answer = await send(url, form, options, token);
  if (answer.status === 401 && auth && getRefreshToken() && (await refreshSession())) {
    token = getAccessToken();
    options.onProgress?.({ loaded: 0, total: 0, percent: 0 });
    answer = await send(url, form, options, token);
  }
  if (answer.status < 200 || answer.status >= 300) {
    if (answer.status === 401 && auth && token) emitSessionEvent('token-expired');
    throw toError(answer, Boolean(token));
  }
  return answer.body as T;
}
