import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/build-app';

// A built web app as `vite build` leaves it (apps/web vite.config.ts): hashed assets with their .br and .gz forms.
const dist = mkdtempSync(join(tmpdir(), 'lexserve-web-'));
const script = `console.log(${JSON.stringify('LexServe '.repeat(400))});\n`;
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>',
);
writeFileSync(join(dist, 'assets', 'index-AbC123.js'), script);
writeFileSync(join(dist, 'assets', 'index-AbC123.js.br'), brotliCompressSync(script));
writeFileSync(join(dist, 'assets', 'index-AbC123.js.gz'), gzipSync(script));
writeFileSync(join(dist, 'meta.json'), '{"version":"1"}\n');

const t = useTestApp({ WEB_DIST_DIR: dist });
const get = (url: string, encoding?: string) =>
  t().inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the web app’s static files', () => {
  it('sends the precompressed brotli or gzip form by Accept-Encoding, and the plain file to a client that takes neither', async () => {
    const br = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('caches hashed assets for a year as immutable, and has the browser revalidate the page itself', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      expect((await get('/assets/index-AbC123.js', encoding)).headers['cache-control']).toBe(
        'public, max-age=31536000, immutable',
      );
    }
    for (const url of ['/', '/verify', '/login', '/app/dashboard']) {
      const page = await get(url, 'br, gzip');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body, url).toContain('<div id="root">');
    }
    expect((await get('/meta.json')).headers['cache-control']).toBe('no-cache');
  });
});
