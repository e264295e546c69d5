import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDF } from '@libpdf/core';
import PDFDocument from 'pdfkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePdf, rawPdf } from '../../../test/document-factories';
import { hasPdfsig, hasPdftoppm, pdfPages, pdfsig } from '../../../test/tools';
import { signatureSpans } from './byte-range';
import { writePlaceholder } from './placeholder';
import { createSealer, type Sealer } from './sealer';

/** A two-page PDF as pdfkit draws LexServe's notices (classic cross-reference table). */
function pdfkitPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ info: { Title: 'Proof of service — test', Producer: 'LexServe' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica').fontSize(12).text('Proof of service — page one');
  doc.addPage();
  doc.font('Helvetica').fontSize(12).text('Page two');
  doc.end();
  return done;
}

const options = {
  certificate: new Uint8Array(0),
  keyType: 'EC' as const,
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
    DATA_DIR: mkdtempSync(join(tmpdir(), 'lexserve-placeholder-')),
    PUBLIC_URL: 'https://lexserve.example',
    SEAL_P12_PATH: undefined,
    SEAL_P12_PASSPHRASE: undefined,
    TSA_URL: undefined,
  });
  await sealer.prepare();
  drawn = await pdfkitPdf();
  options.certificate = new Uint8Array(
    Buffer.from((await sealer.sealCertificate()).pem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64'),
  );
}, 60_000);

describe('the seal placeholder (@libpdf/core)', () => {
  it('appends an incremental update to a pdfkit PDF: the original bytes untouched, the signature dictionary and field after them', async () => {
    const out = Buffer.from(await writePlaceholder(new Uint8Array(drawn), options));
    expect(out.subarray(0, drawn.length).equals(drawn)).toBe(true);
    const added = out.subarray(drawn.length).toString('latin1');
    expect(added).toMatch(/\/Prev \d+/);
    expect(added).toContain('/SubFilter /ETSI.CAdES.detached');
    expect(added).toMatch(/\/Reason \(Sealed by LexServe\)|\/Reason <FEFF/);
    const span = signatureSpans(out).at(-1)!;
    expect(span.ranges[1]![0] + span.ranges[1]![1]).toBe(out.length);
    expect((span.contentsEnd - span.contentsStart - 1) / 2).toBeGreaterThanOrEqual(options.estimatedSize);

    // A PDF library reads it back: two pages, one signature field.
    const doc = await PDF.load(new Uint8Array(out));
    expect(doc.getPageCount()).toBe(2);
    expect(
      doc
        .getForm()
        ?.getFields()
        .map((f) => f.type),
    ).toEqual(['signature']);
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

  it('seals a PDF with a cross-reference stream (pdf-lib) and a plain PDF from elsewhere (no /Info or /ID), which pdfsig accepts', async () => {
    const plain = rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    ]);
    for (const pdf of [await makePdf(1, 'Object streams'), plain]) {
      const sealed = await sealer.seal(pdf);
      expect(sealer.read(sealed.pdf)).toMatchObject({ intact: true, covers_whole_file: true, problem: null });
      if (hasPdfsig) expect(pdfsig(sealed.pdf)).toContain('Signature is Valid');
    }
  });

  it('a sealed PDF can be sealed again (a second incremental update), both signatures valid', async () => {
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

  it('the late time-stamp fits into the placeholder, the seal staying valid', async () => {
    const unstamped = createSealer({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'lexserve-placeholder-')),
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
