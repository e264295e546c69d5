import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from './build-app';
import { CASE_INFO, INDIVIDUAL } from './document-factories';

/**
 * Schema fuzzing: for every route of the OpenAPI document, inputs generated from the route's own schemas (path,
 * query and JSON body), salted with what attackers send (ids past 2^31, NUL and bidi characters, line breaks,
 * very long strings, empty and extra fields), as anonymous, a system administrator and a firm administrator.
 * No answer may be a 5xx. Fixed seed, so a failure replays.
 */
const t = useTestApp();

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  minimum?: number;
  maximum?: number;
};
type Operation = {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u202Egnp.exe',
    'line one\r\nBcc: victim@example.com',
    "'; DROP TABLE users; --",
    '../../etc/passwd',
    'x'.repeat(5_000),
    '2147483648',
    '-1',
    '1e309',
    '{"$ne":null}',
    '<script>alert(1)</script>',
    'LS-0000-0000-0000-0000',
    'not-an-email',
  ),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 1, 2_147_483_647, 2_147_483_648, 4_294_967_296, Number.MAX_SAFE_INTEGER, 1e308, 0.5),
);
const anyValue = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
);

function arbitraryOf(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyValue;
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants?.length) return fc.oneof(...variants.map((s) => arbitraryOf(s, depth + 1)));
  if (schema.enum?.length)
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...schema.enum) },
      { weight: 1, arbitrary: hostileString },
    );
  const type = [schema.type].flat().find((x) => x && x !== 'null');
  // Mostly the declared type, sometimes anything: a schema's edge is where the bugs are.
  const typed = (() => {
    switch (type) {
      case 'object': {
        const props = Object.entries(schema.properties ?? {});
        return fc.record(Object.fromEntries(props.map(([k, s]) => [k, arbitraryOf(s, depth + 1)])), {
          requiredKeys: [],
        });
      }
      case 'array':
        return fc.array(arbitraryOf(schema.items, depth + 1), { maxLength: 4 });
      case 'integer':
      case 'number':
        return hostileNumber;
      case 'boolean':
        return fc.boolean();
      case 'string':
        return schema.format === 'email' ? fc.oneof(fc.emailAddress(), hostileString) : hostileString;
      default:
        return anyValue;
    }
  })();
  return fc.oneof({ weight: 4, arbitrary: typed }, { weight: 1, arbitrary: anyValue });
}

const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

describe('no 5xx on any route, whatever the input', () => {
  it('answers every generated request with less than 500', async () => {
    const spec = t().app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const login = async (email: string) =>
      t()
        .login(email)
        .catch(() => undefined);
    const callers = async () => [undefined, await login(DEMO.admin), await login(DEMO.firmAdmin)];
    // Routes that end sessions or remove accounts run last, so the others keep their callers.
    const destructive = (path: string, method: string) =>
      method === 'delete' || /logout|password|deactivate|activate/.test(path);
    const operations = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/v1') && !path.includes('/ws/'))
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })))
      .sort((a, b) => Number(destructive(a.path, a.method)) - Number(destructive(b.path, b.method)));
    expect(operations.length).toBeGreaterThan(100);

    const failures: string[] = [];
    let tokens = await callers();
    for (const { path, method, op } of operations) {
      const params = op.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query');
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const input = fc.record({
        path: fc.record(Object.fromEntries(pathParams.map((p) => [p.name, arbitraryOf(p.schema)]))),
        query: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, arbitraryOf(p.schema)])), {
          requiredKeys: [],
        }),
        body: bodySchema ? arbitraryOf(bodySchema) : fc.constant(undefined),
        caller: fc.constantFrom(0, 1, 2),
      });
      const run = await fc.check(
        fc.asyncProperty(input, async ({ path: p, query, body, caller }) => {
          const url =
            path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(asText(p[name]) || 'x')) +
            (Object.keys(query).length
              ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, asText(v)])).toString()}`
              : '');
          const token = tokens[caller];
          const res = await t().inject({
            method: method.toUpperCase() as 'GET',
            url,
            headers: token ? { authorization: `Bearer ${token}` } : {},
            ...(method === 'get' || method === 'delete' ? {} : { payload: (body ?? {}) as object }),
          });
          if (res.statusCode >= 500)
            throw new Error(`${method.toUpperCase()} ${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        }),
        { seed: 20261124, numRuns: 12, endOnFailure: true },
      );
      if (run.failed)
        failures.push(
          String((run.errorInstance as Error | undefined)?.message ?? run.errorInstance).slice(0, 300),
        );
      if (destructive(path, method)) tokens = await callers();
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers an update with nothing to change, on rows that exist, with less than 500', async () => {
    const spec = t().app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const tokens = [await t().login(DEMO.admin), await t().login(DEMO.firmAdmin)];
    // Something to update: a document and a party, so ids 1..3 point at real rows of most tables.
    expect((await t().as(tokens[1]!).post('/api/v1/documents', CASE_INFO)).statusCode).toBe(201);
    expect((await t().as(tokens[1]!).post('/api/v1/parties', INDIVIDUAL)).statusCode).toBe(201);
    const failures: string[] = [];
    for (const [path, ops] of Object.entries(spec.paths)) {
      for (const method of Object.keys(ops).filter((m) => m === 'put' || m === 'patch')) {
        for (const id of ['1', '2', '3']) {
          for (const token of tokens) {
            const url = path.replace(/\{\w+\}/g, id);
            const res = await t().inject({
              method: method.toUpperCase() as 'PUT',
              url,
              headers: { authorization: `Bearer ${token}` },
              payload: {},
            });
            if (res.statusCode >= 500)
              failures.push(
                `${method.toUpperCase()} ${url} {} → ${res.statusCode} ${res.body.slice(0, 200)}`,
              );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
