import { describe, expect, it } from 'vitest';
import { loadEnv } from '../src/config/env';
import { useTestApp } from './build-app';

const t = useTestApp();

describe('app', () => {
  it('answers health and readiness', async () => {
    expect((await t().inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t().inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('sends security headers', async () => {
    const res = await t().inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['strict-transport-security']).toBeTruthy();
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('publishes the OpenAPI document generated from the schemas', async () => {
    const res = await t().inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/v1/users/login'].post.requestBody).toBeTruthy();
    expect(doc.paths['/api/v1/users/create-firm-user']).toBeTruthy();
  });

  it('answers unknown API paths with 404 in the one error shape', async () => {
    const res = await t().inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ detail: 'Not found.', code: 'NOT_FOUND' });
  });

  it('says on /meta.json that a SEED_DEMO start is a demo installation (the web app shows it in its footer)', async () => {
    const res = await t().inject({ method: 'GET', url: '/meta.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ demo: true });
  });

  it('tolerates trailing slashes', async () => {
    const token = await t().login('attorney@demo.co.za');
    expect((await t().as(token).get('/api/v1/users/me/')).statusCode).toBe(200);
  });
});

describe('configuration', () => {
  it('fails fast with every problem listed', () => {
    expect(() => loadEnv({ PORT: 'abc', DATABASE_URL: 'not a url', JWT_SECRET: 'short' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*JWT_SECRET/,
    );
  });

  it('defaults to port 3000 and ./data', () => {
    const env = loadEnv({ JWT_SECRET: 'x'.repeat(40) });
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR.endsWith('/data')).toBe(true);
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('takes TRUST_PROXY as a hop count, addresses and ranges, or true/false; anything else is refused by name', () => {
    const trust = (v: string) => loadEnv({ JWT_SECRET: 'x'.repeat(40), TRUST_PROXY: v }).TRUST_PROXY;
    expect([trust('1'), trust('false'), trust('true'), trust('loopback, 10.0.0.0/8'), trust('::1')]).toEqual([
      1,
      false,
      true,
      'loopback, 10.0.0.0/8',
      '::1',
    ]);
    for (const bad of ['abc', '10.0.0.0/33', '10.0.0.1/8/9'])
      expect(() => trust(bad)).toThrow(/TRUST_PROXY: TRUST_PROXY must be true, false, a hop count/);
    expect(() => loadEnv({ JWT_SECRET: 'x'.repeat(40), REDIS_URL: 'http://cache:6379' })).toThrow(
      /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/,
    );
  });
});
