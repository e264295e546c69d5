import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDF } from '@libpdf/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePdf, rawPdf } from '../../../test/document-factories';
import { hasPdfsig, hasPdftoppm, pdfPages, pdfsig } from '../../../test/tools';
import { newNotice } from '../../modules/evidence/pdf-kit';
import { signatureSpans } from './byte-range';
import { appendPlaceholder } from './incremental-placeholder';
import { createSealer, type Sealer } from './sealer';

/** A two-page PDF as LexServe draws them (notice-pdf.ts: classic cross-reference table, uncompressed objects). */
async function noticePdf(): Promise<Buffer> {
  const doc = await newNotice({
    margins: { top: 72, left: 72, right: 72, bottom: 72 },
    info: {
      Title: 'Proof of service — test',
      Author: 'LexServe',
      Subject: 'Test',
      Keywords: 'test',
      Creator: 'LexServe',
      Producer: 'LexServe',
    },
  });
  doc.font('Helvetica').fontSize(12).text('Proof of service — page one');
  doc.addPage();
  doc.font('Helvetica').fontSize(12).text('Page two');
  return doc.end();
}

const options = {
  certificate: new Uint8Array(0),
  keyType: 'RSA' as const,
  reason: 'Sealed by LexServe',
  location: 'South Africa',
  contactInfo: 'https://lexserve.example',
  signingTime: new Date('2025-11-21T12:05:00Z'),
  estimatedSize: 4096,
};

let sealer: Sealer;
let drawn: Buffer;
beforeAll(async () => {
  sealer = createSealer({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'lexserve-inc-')),
    PUBLIC_URL: 'https://lexserve.example',
    SEAL_P12_PATH: undefined,
    SEAL_P12_PASSPHRASE: undefined,
    TSA_URL: undefined,
  });
  await sealer.prepare();
  drawn = await noticePdf();
}, 60_000);

describe('the seal placeholder appended by hand', () => {
  it('appends an incremental update to a pdfkit PDF: the original bytes untouched, the form, field and signature dictionary after them', async () => {
    const out = Buffer.from(appendPlaceholder(new Uint8Array(drawn), options)!);
    expect(out.subarray(0, drawn.length).equals(drawn)).toBe(true);
    const added = out.subarray(drawn.length).toString('latin1');
    expect(added).toMatch(/\/Prev \d+\n/);
    expect(added).toContain('/SubFilter /ETSI.CAdES.detached');
    expect(added).toContain('/M (D:20251121120500Z)');
    expect(added).toContain('/Reason (Sealed by LexServe)');
    const span = signatureSpans(out).at(-1)!;
    expect(span.ranges[1]![0] + span.ranges[1]![1]).toBe(out.length);
    expect((span.contentsEnd - span.contentsStart - 1) / 2).toBe(options.estimatedSize);

    // A PDF library reads it back: two pages, one signature field whose widget names the first page.
    const doc = await PDF.load(new Uint8Array(out));
    expect(doc.getPageCount()).toBe(2);
    const form = doc.getForm();
    expect(form?.getFields().map((f) => f.name)).toEqual(['Signature_1']);
  });

  it('seals a pdfkit PDF that pdfsig and our reader accept, the pages as drawn', async () => {
    const result = await sealer.seal(drawn);
    expect(result.pdf.subarray(0, drawn.length).equals(drawn)).toBe(true);
    expect(sealer.read(result.pdf)).toMatchObject({
      present: true,
      intact: true,
      covers_whole_file: true,
      reason: 'Sealed by LexServe',
      location: 'South Africa',
      problem: null,
    });
    expect(sealer.read(result.pdf).timestamp).not.toBeNull();
    if (hasPdfsig) {
      const out = pdfsig(result.pdf);
      expect(out).toContain('Signature is Valid');
      expect(out).toContain('Total document signed');
    }
    if (hasPdftoppm)
      expect(pdfPages(result.pdf).map((p, i) => p.equals(pdfPages(drawn)[i]!))).toEqual([true, true]);
  });

  it('leaves to @libpdf/core what it does not handle: a cross-reference stream, an earlier update, text that is not ASCII', async () => {
    const streamed = await makePdf(1, 'Object streams'); // pdf-lib writes a cross-reference stream
    expect(appendPlaceholder(new Uint8Array(streamed), options)).toBeNull();
    const once = (await sealer.seal(drawn)).pdf;
    expect(appendPlaceholder(new Uint8Array(once), options)).toBeNull();
    expect(
      appendPlaceholder(new Uint8Array(drawn), { ...options, location: 'Gqeberha — Eastern Cape' }),
    ).toBeNull();
    expect(appendPlaceholder(new Uint8Array(drawn.subarray(0, drawn.length - 40)), options)).toBeNull();
    const page = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>';
    const withForm = rawPdf([
      '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [] >> >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      page,
    ]);
    expect(appendPlaceholder(new Uint8Array(withForm), options)).toBeNull();
    const literalId = Buffer.from(
      rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', page])
        .toString('latin1')
        .replace('/Root 1 0 R', '/Root 1 0 R /ID [(a) (a)]'),
      'latin1',
    );
    expect(appendPlaceholder(new Uint8Array(literalId), options)).toBeNull();
  });

  it('appends to a plain PDF from elsewhere (one-line dictionaries, no /Info or /ID), which pdfsig then accepts sealed', async () => {
    const plain = rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    ]);
    const out = Buffer.from(appendPlaceholder(new Uint8Array(plain), options)!);
    expect(out.subarray(plain.length).toString('latin1')).toMatch(/\/P 3 0 R\n/);
    const sealed = await sealer.seal(plain);
    expect(sealer.read(sealed.pdf)).toMatchObject({ intact: true, covers_whole_file: true, problem: null });
    if (hasPdfsig) expect(pdfsig(sealed.pdf)).toContain('Signature is Valid');
  });

  it('a PDF sealed by hand can be sealed again (by @libpdf/core, a second incremental update), both signatures valid', async () => {
    const once = (await sealer.seal(drawn)).pdf;
    const twice = await sealer.seal(once, { reason: 'Sealed again' });
    expect(twice.pdf.subarray(0, once.length).equals(once)).toBe(true);
    expect(sealer.read(twice.pdf)).toMatchObject({
      intact: true,
      covers_whole_file: true,
      reason: 'Sealed again',
      signature_count: 2,
    });
    if (hasPdfsig) expect(pdfsig(twice.pdf).match(/Signature is Valid/g)).toHaveLength(2);
  });

  it('the late time-stamp fits into a hand-written placeholder, the seal staying valid', async () => {
    const unstamped = createSealer({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'lexserve-inc-')),
      PUBLIC_URL: 'https://lexserve.example',
      SEAL_P12_PATH: undefined,
      SEAL_P12_PASSPHRASE: undefined,
      TSA_URL: 'http://127.0.0.1:9/tsa',
    });
    const bare = await unstamped.seal(drawn);
    expect(bare.timestamped).toBe(false);
    const late = await sealer.addTimestamp(bare.pdf);
    expect(late.pdf).toHaveLength(bare.pdf.length);
    expect(sealer.read(late.pdf)).toMatchObject({ intact: true, covers_whole_file: true });
    expect(sealer.read(late.pdf).timestamp).not.toBeNull();
    if (hasPdfsig) expect(pdfsig(late.pdf)).toContain('Signature is Valid');
  });
});
