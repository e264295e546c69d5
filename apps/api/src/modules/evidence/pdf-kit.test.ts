import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { hasPdftotext, pdfText } from '../../../test/tools';
import { renderAuditCertificate, type AuditCertificateData } from './audit-certificate-pdf';
import { newNotice, winAnsiText } from './pdf-kit';
import { renderProofOfService, type ProofData } from './proof-of-service-pdf';
import { renderReturnOfService, type ReturnPdfData } from './return-of-service-pdf';

// The notices as pdfkit draws them: their text (with what the standard fonts cannot show as "?"), their pages, the
// security ID on every page, and the QR code to the verification page drawn as the modules qrcode gives.

const now = new Date('2025-11-21T12:05:00Z');
/** Text the standard fonts only partly show: decomposed accents, Cyrillic, CJK, an emoji, C1 controls, a lone surrogate. */
const ODD = `José Müller ${'Zoë'.normalize('NFD')} Жук 日本 🙂 C1:\u0080\u0093x\u0094 lone\ud800 “quoted” — O’Brien 100 €`;
/** ODD as printed. */
const ODD_PRINTED = 'José Müller Zoë ??? ?? ? C1:??x? lone? “quoted” — O’Brien 100 €';

const proof: ProofData = {
  securityId: 'LS-ABCD-EFGH-JKMN-PQRS',
  verificationUrl: 'https://lexserve.example/verify/LS-ABCD-EFGH-JKMN-PQRS',
  generatedAt: now,
  firm: {
    name: 'Demo Attorneys Inc.',
    address: '1 Long Street, Cape Town, 8001',
    email: 'info@demo.co.za',
    phone: null,
  },
  branch: { name: 'Cape Town', practiceNumber: 'P-1234', address: null },
  servedOn: { firmName: 'Other Attorneys', branchName: null, digitalServiceAddress: 'service@other.co.za' },
  case: {
    title: 'Plea in Mokoena v Dlamini',
    caseNumber: '2025-1234',
    documentType: 'Plea',
    category: null,
    priority: null,
    attorney: 'Aisha Patel',
    recipientName: ODD,
    recipientAddress: null,
  },
  parties: [
    { role: 'plaintiff', name: 'Mokoena Holdings (Pty) Ltd', identifier: '2015/123456/07', email: null },
  ],
  files: Array.from({ length: 14 }, (_, i) => ({
    filename: `annexure-${i + 1}.pdf`,
    size: 182_345 * (i + 1),
    sha256: String(i % 10).repeat(64),
  })),
  trailHeadHash: 'b'.repeat(64),
  servedAt: now,
  serviceDate: now,
  signatureName: 'Aisha Patel',
  signedBy: { name: 'Aisha Patel', email: 'attorney@demo.co.za' },
  addressSource: 'Nominated in the Notice of Intention to Defend',
  delivery: null,
};

const returnData = (served: boolean): ReturnPdfData => ({
  kind: served ? 'return_of_service' : 'return_of_non_service',
  securityId: 'LS-RTRN-EFGH-JKMN-PQRS',
  trailHeadHash: 'e'.repeat(64),
  verificationUrl: 'https://lexserve.example/verify/LS-RTRN-EFGH-JKMN-PQRS',
  issuedAt: now,
  courtName: 'Gauteng Division, Johannesburg',
  caseNumber: '2025/12345',
  citation: {
    initiating: [{ name: 'Mokoena Holdings (Pty) Ltd', role: 'Plaintiff' }],
    responding: [{ name: 'Sipho Dlamini', role: 'Defendant' }],
  },
  process: {
    documentType: 'Summons',
    title: 'Combined summons',
    files: [{ format: 'PDF', pages: 12, size: 345_678, sha256: 'f'.repeat(64) }],
  },
  instructedBy: 'Demo Attorneys Inc.',
  served: served
    ? {
        at: now,
        address: '5 Main Road, Soweto, 1804',
        mannerLabel: 'Personal service',
        statement: 'handing a copy to the defendant personally',
        rule: 'Uniform Rule 4(1)(a)(i)',
        personName: 'Sipho Dlamini',
        personCapacity: 'the defendant',
        natureExplained: true,
        hasRecipient: true,
      }
    : null,
  notServed: served ? null : { reason: 'The defendant has moved.', diligentSearch: 'Asked the neighbours.' },
  sheriff: { name: 'Nomsa Khumalo', office: null, areas: ['Soweto East'], appointmentNumber: null },
  fees: [{ description: 'Service of process', amount_cents: 25_000 }] as ReturnPdfData['fees'],
  vatRegistered: true,
  subtotalCents: 25_000,
  vatCents: 3_750,
  totalCents: 28_750,
  attempts: Array.from({ length: 3 }, (_, i) => ({
    deviceTime: now,
    serverTime: now,
    address: '5 Main Road, Soweto, 1804',
    latitude: -26.2485,
    longitude: 27.854,
    accuracyM: 12,
    outcome: 'No one home',
    notes: i === 0 ? ODD : null,
    photos: [{ contentType: 'image/jpeg', size: 2_345_678, sha256: String(i).repeat(64) }],
  })),
});

const audit: AuditCertificateData = {
  issuedAt: now,
  issuedTo: { name: 'Aisha Patel', role: 'attorney' },
  document: {
    id: 42,
    title: 'Plea in Mokoena v Dlamini',
    caseNumber: '2025-1234',
    documentType: 'Plea',
    firm: 'Demo Attorneys Inc.',
    branch: null,
    status: 'served',
    securityId: 'LS-ABCD-EFGH-JKMN-PQRS',
  },
  trail: { intact: true, events: 30, headHash: 'a'.repeat(64), firstBrokenEventId: null, problem: null },
  anchors: [],
  pendingAnchor: null,
  events: Array.from({ length: 30 }, (_, i) => ({
    seq: i + 1,
    id: i + 1,
    at: now,
    type: 'file_downloaded',
    description: i === 3 ? ODD : `Event number ${i + 1}`,
    actor: null,
    ip: '196.25.1.1',
    browser: null,
    chainHash: String(i % 10).repeat(64),
    broken: false,
  })),
};

/** Each page's content stream, inflated. */
function pageContents(pdf: Buffer): string[] {
  return [...pdf.toString('latin1').matchAll(/\/Length (\d+)\n\/Filter \/FlateDecode\n>>\nstream\n/g)].map(
    (m) =>
      inflateSync(pdf.subarray(m.index + m[0].length, m.index + m[0].length + Number(m[1]))).toString(
        'latin1',
      ),
  );
}

/** The QR codes drawn on a page: the grid of each, read from its rectangles in module units. */
function qrGridsOf(content: string): boolean[][][] {
  const grids: boolean[][][] = [];
  for (const [, runs] of content.matchAll(/ 0 0 \S+ 0 0 cm\n((?:\d+ \d+ \d+ 1 re\n)+)/g)) {
    const cells = [...runs!.matchAll(/(\d+) (\d+) (\d+) 1 re/g)].map((r) => r.slice(1).map(Number));
    const size = 1 + Math.max(...cells.map(([col, row, len]) => Math.max(row!, col! + len! - 1)));
    const grid = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
    for (const [col, row, len] of cells) for (let c = col!; c < col! + len!; c++) grid[row!]![c] = true;
    grids.push(grid);
  }
  return grids;
}

function qrGridOf(text: string): boolean[][] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, col) => !!modules.get(row, col)),
  );
}

const pagesOf = (pdf: Buffer) =>
  pdfText(pdf)
    .split('\f')
    .filter((p) => p.trim());

describe('winAnsiText', () => {
  it('keeps what WinAnsiEncoding has, composes accents, and writes anything else as one "?"', () => {
    expect(winAnsiText('Plain ASCII (brackets) \\ 100%')).toBe('Plain ASCII (brackets) \\ 100%');
    expect(winAnsiText('José Müller ÿ € — “quotes” ‘single’ … • ™ Š ž Œ Ÿ')).toBe(
      'José Müller ÿ € — “quotes” ‘single’ … • ™ Š ž Œ Ÿ',
    );
    expect(winAnsiText('José'.normalize('NFD'))).toBe('José');
    // C1 controls are not WinAnsi's €, “ and ”; a character outside the BMP is one "?", a lone surrogate one "?".
    expect(winAnsiText('C1: \u0080\u0093x\u0094')).toBe('C1: ??x?');
    expect(winAnsiText('Жук 日本 🙂 and a lone \ud800 or \udc00')).toBe('??? ?? ? and a lone ? or ?');
    expect(winAnsiText(ODD)).toBe(ODD_PRINTED);
  });

  it('measures and wraps a character WinAnsiEncoding lacks as the "?" drawn in its place', async () => {
    const doc = await newNotice({
      margins: { top: 50, left: 50, right: 50, bottom: 72 },
      info: {
        Title: 'T',
        Author: 'A',
        Subject: 'S',
        Keywords: 'K',
        Creator: 'LexServe',
        Producer: 'LexServe',
      },
    });
    doc.font('Helvetica').fontSize(10);
    expect(doc.widthOfString('Жук')).toBe(doc.widthOfString('???'));
    expect(doc.widthOfString('???')).toBeGreaterThan(0);
    expect(doc.widthOfString('José'.normalize('NFD'))).toBe(doc.widthOfString('José'));
    expect(doc.widthOfString('a🙂b')).toBe(doc.widthOfString('a?b'));
    expect(doc.heightOfString('Жжжжжжжжжж Жжжжжжжжжж', { width: 60 })).toBe(
      doc.heightOfString('?????????? ??????????', { width: 60 }),
    );
  });
});

describe('the notices drawn with pdfkit', () => {
  it('writes an information dictionary others read, a lone surrogate in it as U+FFFD', async () => {
    const doc = await newNotice({
      margins: { top: 50, left: 50, right: 50, bottom: 72 },
      info: {
        Title: 'Plea \ud800 — draft',
        Author: 'LexServe',
        Subject: 'Test',
        Keywords: 'test',
        Creator: 'LexServe',
        Producer: 'LexServe',
      },
    });
    doc.text('Page one');
    doc.addPage().text('Page two');
    const bytes = await doc.end();
    expect(bytes.subarray(0, 9).toString('latin1')).toBe('%PDF-1.7\n');
    // pdfkit writes the entries as indirect strings, which pdf-lib reads (and poppler; @libpdf/core's getTitle does not).
    const parsed = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(parsed.getPageCount()).toBe(2);
    expect(parsed.getTitle()).toBe('Plea \ufffd — draft');
    expect(parsed.getProducer()).toBe('LexServe');
  });

  it('draws the proof of service: its text, every page with the security ID and its number, the QR code to the verification page', async () => {
    const pdf = await renderProofOfService(proof);
    const contents = pageContents(pdf);
    expect(contents.length).toBeGreaterThan(1);
    expect(qrGridsOf(contents[0]!)).toEqual([qrGridOf(proof.verificationUrl)]);
    if (!hasPdftotext) return;
    const text = pdfText(pdf);
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      'Notice of Electronic Service (Uniform Rule 4A)',
      'Security ID: LS-ABCD-EFGH-JKMN-PQRS',
      'Generated 21 November 2025 at 14:05 SAST',
      'STATEMENT OF SERVICE',
      'On 21 November 2025 at 14:05 SAST, Demo Attorneys Inc. (Cape Town, practice number P-1234) served the 14 documents listed below',
      'Address for service: nominated in the Notice of Intention to Defend.',
      ODD_PRINTED,
      'annexure-14.pdf',
      `SHA-256 ${'3'.repeat(64)}`,
      '2.43 MB',
      'Digitally signed by Aisha Patel (attorney@demo.co.za) on 21 November 2025 at 14:05 SAST',
      `Timeline head hash at issue ${'b'.repeat(64)}`,
      'Verify at https://lexserve.example/verify/LS-ABCD-EFGH-JKMN-PQRS',
    ])
      expect(flat).toContain(expected);
    expect(text).not.toContain('Return of Service');
    const pages = pagesOf(pdf);
    expect(pages.length).toBe(contents.length);
    pages.forEach((page, i) => {
      expect(page).toContain(`Security ID: ${proof.securityId}`);
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
  });

  it('draws the returns of service and non-service: their text, and on every page the QR code, the security ID and the page number', async () => {
    for (const served of [true, false]) {
      const data = returnData(served);
      const pdf = await renderReturnOfService(data);
      const contents = pageContents(pdf);
      expect(contents.length).toBeGreaterThan(1);
      for (const content of contents) expect(qrGridsOf(content)).toEqual([qrGridOf(data.verificationUrl)]);
      if (!hasPdftotext) continue;
      const flat = pdfText(pdf).replace(/\s+/g, ' ');
      for (const expected of [
        'IN THE HIGH COURT OF SOUTH AFRICA (GAUTENG DIVISION, JOHANNESBURG)',
        'Case No: 2025/12345',
        'MOKOENA HOLDINGS (PTY) LTD Plaintiff',
        served ? 'RETURN OF SERVICE' : 'RETURN OF NON-SERVICE',
        'I, Nomsa Khumalo, Sheriff of the Court for Soweto East, hereby certify that:',
        served
          ? '1. On Friday, 21 November 2025 at 14:05 (South African time), at 5 Main Road, Soweto, 1804, I served the Summons ("Combined summons") by handing a copy to the defendant personally: Sipho Dlamini, the defendant.'
          : '2. Reason for non-service: The defendant has moved.',
        `SHA-256 ${'f'.repeat(64)}`,
        'PDF, 12 pages, 337.6 KB',
        '-26.248500, 27.854000 (accuracy ±12 m)',
        ODD_PRINTED,
        'VAT at 15% R 37.50',
        'Total R 287.50',
        `Timeline head hash ${'e'.repeat(64)}`,
        'Verify at https://lexserve.example/verify/LS-RTRN-EFGH-JKMN-PQRS',
      ])
        expect(flat).toContain(expected);
      const pages = pagesOf(pdf);
      expect(pages.length).toBe(contents.length);
      pages.forEach((page, i) => {
        expect(page).toContain(`Security ID: ${data.securityId}`);
        expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      });
    }
  });

  it('draws the audit certificate: its text and every page numbered', async () => {
    const pdf = await renderAuditCertificate(audit);
    const contents = pageContents(pdf);
    expect(contents.length).toBeGreaterThan(1);
    if (!hasPdftotext) return;
    const flat = pdfText(pdf).replace(/\s+/g, ' ');
    for (const expected of [
      'Audit Certificate',
      'Plea in Mokoena v Dlamini',
      'LS-ABCD-EFGH-JKMN-PQRS',
      ODD_PRINTED,
      'Event number 30',
      `Chain hash ${'9'.repeat(64)}`,
    ])
      expect(flat).toContain(expected);
    const pages = pagesOf(pdf);
    expect(pages.length).toBe(contents.length);
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pages.length}`));
  });
});
