import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/build-app';
import { makeInflateBombPdf, makeManyPagePdf, makePdf, upload } from '../../../test/document-factories';

/**
 * The slowest /healthz answer allowed while a hostile bundle runs. On the request thread, these files froze the
 * server for the whole bundle (66 s and more); in the worker a probe waits only for scheduling. The bound leaves
 * room for a loaded two-core CI machine running two test files at once (probes of 560 ms were seen there).
 */
const HEALTHZ_BOUND_MS = 2_000;

// Hostile PDFs are opened in a worker thread with limits on pages, inflated bytes, memory and time: the user
// gets the catalogue's 422 and the server keeps answering. /healthz is probed over real HTTP while the hostile
// bundle runs; its slowest answer shows whether the event loop was ever blocked (before the worker, the
// 50,000-page bundle blocked it for minutes, and the 256 MB bomb for about 3 s and was accepted).

/** The test app listening on a real port, its attorney's token, and a bundler that probes /healthz meanwhile. */
function hostileBundles(overrides?: Parameters<typeof useTestApp>[0]) {
  const t = useTestApp(overrides);
  let token: string;
  let base: string;

  beforeAll(async () => {
    token = await t().login(DEMO.attorney);
    await t().app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t().app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t().app.close();
  });

  /** Uploads the file to a new document and bundles it; /healthz is called every 10 ms until the bundle answers. */
  async function bundleWhileProbing(filename: string, content: Buffer) {
    const id = (await t().as(token).post('/api/v1/documents/', { title: 'Hostile bundle' })).json().data
      .id as number;
    const up = await upload(t(), token, id, [{ filename, content }]);
    expect(up.statusCode, up.body).toBe(201);
    const fileId = up.json().data.files[0].id as number;
    const latencies: number[] = [];
    let done = false;
    const bundle = t()
      .as(token)
      .post(`/api/v1/documents/${id}/bundle`, { file_ids: String(fileId) })
      .finally(() => {
        done = true;
      });
    // Each sample spans a 10 ms pause and one call, back to back, so a blocked event loop shows in some sample
    // (the pause overruns, or the call waits), whenever it happens.
    while (!done) {
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, 10));
      const res = await fetch(`${base}/healthz`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
    }
    const res = await bundle;
    return { res, latencies, worst: Math.max(...latencies) };
  }
  return { t, token: () => token, bundleWhileProbing };
}

describe('hostile PDFs in bundles (default limits)', () => {
  const { t, token, bundleWhileProbing } = hostileBundles();

  it(
    'refuses a 50,000-page PDF (5 MB) with the page limit; /healthz stays fast throughout',
    { timeout: 120_000 },
    async () => {
      const { res, latencies, worst } = await bundleWhileProbing('many-pages.pdf', makeManyPagePdf(50_000));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'BUNDLE_TOO_MANY_PAGES',
        detail: 'many-pages.pdf has too many pages to bundle (limit 2,000 pages per bundle).',
      });
      expect(worst, `slowest /healthz answer (ms) of ${latencies.length}`).toBeLessThan(HEALTHZ_BOUND_MS);
    },
  );

  it(
    'refuses a PDF that inflates to 256 MB from 260 KB (a decompression bomb); /healthz stays fast throughout',
    { timeout: 120_000 },
    async () => {
      const bomb = await makeInflateBombPdf(256);
      const { res, latencies, worst } = await bundleWhileProbing('bomb.pdf', bomb);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ code: 'BUNDLE_PDF_TOO_LARGE_INFLATED' });
      expect(res.json().detail).toBe(
        'bomb.pdf expands to more than 128 MB when read, more than this server processes. Save it again as PDF (for example with "Print to PDF") and try again.',
      );
      expect(worst, `slowest /healthz answer (ms) of ${latencies.length}`).toBeLessThan(HEALTHZ_BOUND_MS);
    },
  );

  it('still bundles ordinary PDFs afterwards', async () => {
    const id = (await t().as(token()).post('/api/v1/documents/', { title: 'Ordinary bundle' })).json().data
      .id as number;
    const up = await upload(t(), token(), id, [
      { filename: 'a.pdf', content: await makePdf(2, 'A') },
      { filename: 'b.pdf', content: await makePdf(3, 'B') },
    ]);
    const ids = up
      .json()
      .data.files.map((f: { id: number }) => f.id)
      .join(',');
    const res = await t().as(token()).post(`/api/v1/documents/${id}/bundle`, { file_ids: ids });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.page_count).toBe(5);
    const bytes = (
      await t().as(token()).get(`/api/v1/documents/${id}/download?file_id=${res.json().data.id}`)
    ).rawPayload;
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(5);
  });
});

describe('hostile PDFs in bundles (page limit lifted, 3 s time limit)', () => {
  const { bundleWhileProbing } = hostileBundles({ PDF_MAX_PAGES: '1000000', PDF_TIMEOUT_SECONDS: '3' });

  it(
    'stops the 50,000-page PDF at the time limit; /healthz stays fast throughout',
    { timeout: 120_000 },
    async () => {
      const { res, latencies, worst } = await bundleWhileProbing('many-pages.pdf', makeManyPagePdf(50_000));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'BUNDLE_PDF_TIMEOUT',
        detail:
          'many-pages.pdf could not be processed within the time limit (3 s). It may be damaged or unusually complex. Save it again as PDF and try again.',
      });
      expect(worst, `slowest /healthz answer (ms) of ${latencies.length}`).toBeLessThan(HEALTHZ_BOUND_MS);
    },
  );
});
