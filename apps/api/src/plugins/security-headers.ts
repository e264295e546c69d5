import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers helmet computes from these options, worked out once. Our options are constant (no CSP nonces,
 * no functions), so every response gets the same headers: helmet run against a stand-in response records them.
 */
function securityHeadersOf(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      if (typeof value !== 'string') throw new Error(`security header ${name} is not a plain string`);
      headers.set(name.toLowerCase(), value);
    },
    // X-Powered-By: Node never sets it, and nothing here does.
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as never, recorder, (err?: unknown) => (failure = err));
  if (failure) throw failure;
  return [...headers];
}

/**
 * Helmet's security headers on every response, errors and static files included, set when the request arrives (a
 * route may still replace one with its own). @fastify/helmet built a helmet middleware and parsed the whole CSP again
 * on every request, in two async hooks: a tenth of a verification's cost (docs/performance.md). They are the reply's
 * headers rather than the raw response's, so Node writes them with the others in one pass.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeadersOf(options);
  const names = headers.map(([name]) => name);
  const values = headers.map(([, value]) => value);
  app.addHook('onRequest', (_request, reply, done) => {
    for (let i = 0; i < names.length; i++) reply.header(names[i]!, values[i]!);
    done();
  });
}
