import { PDFDocument } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { makeManyPagePdf, makePdf, rawPdf } from '../../test/document-factories';
import { PdfRefusedError, PdfWorkers, type PdfLimits } from './pdf-merge';

const DEFAULTS: PdfLimits = {
  maxPages: 2000,
  maxInflatedMb: 128,
  maxSourceMb: 250,
  memoryMb: 512,
  timeoutSeconds: 60,
  workers: 2,
};
const META = { title: 'Bundle', producer: 'LexServe', creator: 'LexServe document bundles' };
const of = (...files: Buffer[]) => files.map((f) => async () => f);

/** The refusal a merge ends with (the test fails if it succeeds). */
async function refusal(workers: PdfWorkers, sources: (() => Promise<Uint8Array>)[]) {
  const err = await workers.merge(sources, META).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PdfRefusedError);
  const { reason, index } = err as PdfRefusedError;
  return { reason, index };
}

describe('PdfWorkers', () => {
  it('merges PDFs in order in a worker, with the metadata given', async () => {
    const out = await new PdfWorkers(DEFAULTS).merge(of(await makePdf(2, 'A'), await makePdf(1, 'B')), META);
    expect(out.pageCount).toBe(3);
    const doc = await PDFDocument.load(out.bytes, { updateMetadata: false });
    expect([doc.getPageCount(), doc.getTitle(), doc.getProducer()]).toEqual([3, 'Bundle', 'LexServe']);
  });

  it('counts pages across the sources of a bundle, before copying them', async () => {
    const workers = new PdfWorkers({ ...DEFAULTS, maxPages: 5 });
    expect(await refusal(workers, of(await makePdf(3), await makePdf(3)))).toEqual({
      reason: 'pages',
      index: 1,
    });
  });

  it('refuses page trees that share or loop their nodes (billions of pages in a few hundred bytes) as unreadable, at once', async () => {
    // Each of 40 levels holds the next level twice: 2^40 pages as pdf-lib would count them.
    const levels = Array.from(
      { length: 40 },
      (_, i) => `<< /Type /Pages /Kids [${i + 3} 0 R ${i + 3} 0 R] /Count ${2 ** (40 - i)} >>`,
    );
    const shared = rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      ...levels,
      '<< /Type /Page /Parent 41 0 R /MediaBox [0 0 595 842] >>',
    ]);
    const loop = rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>',
      '<< /Type /Page /Parent 2 0 R >>',
    ]);
    const workers = new PdfWorkers(DEFAULTS);
    const started = performance.now();
    expect(await refusal(workers, of(shared))).toEqual({ reason: 'unreadable', index: 0 });
    expect(await refusal(workers, of(loop))).toEqual({ reason: 'unreadable', index: 0 });
    // 2^40 pages would never be counted; two worker starts on a busy machine take a few seconds.
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('stops a worker that passes the time limit', { timeout: 60_000 }, async () => {
    // With no page limit to speak of, copying 50,000 pages takes far longer than 3 s.
    const workers = new PdfWorkers({ ...DEFAULTS, maxPages: 1_000_000, timeoutSeconds: 3 });
    const started = performance.now();
    expect(await refusal(workers, of(makeManyPagePdf(50_000)))).toEqual({ reason: 'timeout', index: 0 });
    // 3 s of work plus the worker's start (not counted), not the minute copying would take.
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('stops a worker that passes the heap limit', { timeout: 60_000 }, async () => {
    const workers = new PdfWorkers({ ...DEFAULTS, maxPages: 1_000_000, memoryMb: 32 });
    expect(await refusal(workers, of(makeManyPagePdf(50_000)))).toEqual({ reason: 'memory', index: 0 });
  });

  it('refuses sources that together pass the size limit, naming the first past it', async () => {
    const [a, b] = [await makePdf(1), await makePdf(1)];
    const workers = new PdfWorkers({ ...DEFAULTS, maxSourceMb: (a.length + b.length - 1) / 1024 / 1024 });
    expect(await refusal(workers, of(a, b))).toEqual({ reason: 'too_large', index: 1 });
  });

  it('runs at most `workers` merges at once, queues a few more and refuses the rest as busy', async () => {
    const workers = new PdfWorkers({ ...DEFAULTS, workers: 1 });
    const pdf = await makePdf(1);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let reading = 0;
    const slow = async () => {
      reading++;
      await gate;
      return pdf;
    };
    // One running and four queued (4 per worker); the sixth is refused at once.
    const accepted = Array.from({ length: 5 }, () => workers.merge([slow], META));
    expect(await refusal(workers, [slow])).toEqual({ reason: 'busy', index: null });
    await vi.waitFor(() => expect(reading).toBe(1), { timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 300));
    expect(reading).toBe(1);
    open();
    expect((await Promise.all(accepted)).map((m) => m.pageCount)).toEqual([1, 1, 1, 1, 1]);
  });
});
