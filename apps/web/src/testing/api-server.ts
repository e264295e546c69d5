import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * The web tests' API: Mock Service Worker's node server, which answers the app's own fetch and XMLHttpRequest calls.
 * Every test file runs it (setup.ts imports this module); a test gives its answers with `mockApi`, and the answers
 * are reset after each test.
 */
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

export type MockRequest = { method: string; path: string; url: URL; body: unknown; headers: Headers };
type Answer = { status?: number; body?: unknown } | Response;
type Handler = (request: MockRequest) => Answer | Promise<Answer>;

/** A JSON answer with a status. */
export const reply = (status: number, body?: unknown): Answer => ({ status, body });

/**
 * Requests fail as a network error does (fetch rejects with a TypeError), as when the server is unreachable; `once`:
 * only the next request.
 */
export const failNetwork = (options: { once?: boolean } = {}) =>
  server.use(http.all('*', () => HttpResponse.error(), options));

/**
 * Answers the API's calls from a table of handlers keyed 'METHOD /path' (the path after /api/v1, without the query).
 * Unknown calls answer 404, as an unbuilt endpoint would. Returns the calls seen, for assertions.
 */
export const mockApi = (handlers: Record<string, Handler | Answer>) => {
  const calls: MockRequest[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      const method = request.method.toUpperCase();
      const path = url.pathname.replace(/^\/api\/v1/, '');
      let body: unknown;
      const text = (request.headers.get('content-type') ?? '').startsWith('multipart/')
        ? undefined
        : await request.text();
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      const mock: MockRequest = { method, path, url, body, headers: request.headers };
      calls.push(mock);
      const handler = handlers[`${method} ${path}`] ?? handlers[`${method} ${path.replace(/\/$/, '')}`];
      const answer =
        typeof handler === 'function'
          ? await handler(mock)
          : (handler ?? reply(404, { detail: 'Not found.' }));
      if (answer instanceof Response) return answer;
      return new HttpResponse(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  const find = (method: string, path: string) =>
    calls.filter((call) => call.method === method && call.path === path);
  return { calls, find };
};
