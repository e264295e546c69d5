import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, uploadWithProgress } from './api-client';
import { storeTokens } from './session-store';

type Sent = { method: string; url: string; headers: Record<string, string>; body: unknown; xhr: FakeXhr };
const sent: Sent[] = [];

class FakeXhr {
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  private request = { method: '', url: '', headers: {} as Record<string, string> };
  open(method: string, url: string) {
    this.request.method = method;
    this.request.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.request.headers[name] = value;
  }
  send(body: unknown) {
    sent.push({ ...this.request, body, xhr: this });
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  storeTokens({ access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 900 });
});
afterEach(() => localStorage.clear());

describe('uploadWithProgress', () => {
  it('sends the bearer token and reports the browser upload progress', async () => {
    const progress = vi.fn();
    const form = new FormData();
    const done = uploadWithProgress<{ ok: boolean }>('/documents/upload', form, {
      query: { document_id: 7 },
      onProgress: progress,
    });
    await flush();
    const request = sent[0]!;
    expect(request.url).toBe('/api/v1/documents/upload?document_id=7');
    expect(request.headers.Authorization).toBe('Bearer access-1');
    expect(request.body).toBe(form);
    request.xhr.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    request.xhr.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
    expect(progress.mock.calls.map(([p]) => p.percent)).toEqual([25, 100]);
    request.xhr.answer(200, { ok: true });
    await expect(done).resolves.toEqual({ ok: true });
  });

  it('refreshes the token once on 401 and sends again', async () => {
    const fetchSpy = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            access_token: 'access-2',
            refresh_token: 'refresh-2',
            token_type: 'bearer',
            expires_in: 900,
          }),
          { status: 200 },
        ),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const done = uploadWithProgress('/documents/upload', new FormData());
    await flush();
    sent[0]!.xhr.answer(401, { detail: 'expired' });
    await flush();
    await flush();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(sent[1]!.headers.Authorization).toBe('Bearer access-2');
    sent[1]!.xhr.answer(201, { status: 'success' });
    await expect(done).resolves.toEqual({ status: 'success' });
  });

  it('throws the API client error with the server detail', async () => {
    const done = uploadWithProgress('/documents/upload', new FormData());
    await flush();
    sent[0]!.xhr.answer(422, {
      detail: 'Some files were rejected: a.png: Invalid file type',
      code: 'UPLOAD_ALL_REJECTED',
    });
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 422,
      code: 'UPLOAD_ALL_REJECTED',
      serverMessage: 'Some files were rejected: a.png: Invalid file type',
    });
  });

  it('sends no token for public uploads', async () => {
    const done = uploadWithProgress('/verify/document', new FormData(), { auth: false });
    await flush();
    expect(sent[0]!.headers.Authorization).toBeUndefined();
    sent[0]!.xhr.answer(200, {});
    await done;
  });
});
