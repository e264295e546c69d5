import { vi } from 'vitest';

export type MockRequest = { method: string; path: string; url: URL; body: unknown; headers: Headers };
type Answer = { status?: number; body?: unknown } | Response;
type Handler = (request: MockRequest) => Answer | Promise<Answer>;

/** A JSON answer with a status. */
export const reply = (status: number, body?: unknown): Answer => ({ status, body });

/**
 * Replaces fetch with a table of handlers keyed 'METHOD /path' (the path after /api/v1, without the
 * query). Unknown calls answer 404, as an unbuilt endpoint would. Returns the spy for assertions.
 */
export const mockApi = (handlers: Record<string, Handler | Answer>) => {
  const calls: MockRequest[] = [];
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    let body: unknown;
    if (typeof init?.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const request: MockRequest = { method, path, url, body, headers: new Headers(init?.headers) };
    calls.push(request);
    const handler = handlers[`${method} ${path}`] ?? handlers[`${method} ${path.replace(/\/$/, '')}`];
    const answer =
      typeof handler === 'function'
        ? await handler(request)
        : (handler ?? reply(404, { detail: 'Not found.' }));
    if (answer instanceof Response) return answer;
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', spy);
  const find = (method: string, path: string) =>
    calls.filter((call) => call.method === method && call.path === path);
  return { spy, calls, find };
};
