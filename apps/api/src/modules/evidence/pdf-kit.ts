// What the documents' PDFs (notice, return, audit certificate) share: the writer (notice-pdf.ts) with the standard
// fonts' tables and the QR encoder, loaded on first use (only needed when a PDF is drawn); the QR code drawn as
// vector cells; South African times and sizes as printed; the sections of a notice.

import { NoticePdf, type NoticeOptions } from './notice-pdf';
import { chooseQrMasksQuickly } from './qr-mask';
import { loadStandardFonts } from './standard-fonts';

async function importPdfLibs() {
  const fonts = await loadStandardFonts();
  const QRCode = (await import('qrcode')).default;
  chooseQrMasksQuickly();
  return { fonts, QRCode };
}
let pdfLibs: ReturnType<typeof importPdfLibs> | undefined;
/** Loaded once per process: a dynamic import() still goes through module resolution on every call. */
const loadPdfLibs = () =>
  (pdfLibs ??= importPdfLibs().catch((err: unknown) => {
    pdfLibs = undefined;
    throw err;
  }));

/** A new A4 document for a notice or certificate, its first page begun. */
export async function newNotice(opts: NoticeOptions): Promise<NoticePdf> {
  const { fonts } = await loadPdfLibs();
  return new NoticePdf(fonts, opts);
}

/**
 * Draws a QR code of `text` (error correction M) as vector cells, `size` points wide with `margin` light modules
 * around it: sharp at any zoom, and about ten times quicker than a PNG drawn, encoded and decoded again. The dark
 * modules are one rectangle per run of them in a row, in module units under one scaling (NoticePdf.fillCells).
 */
export async function drawQrCode(
  doc: NoticePdf,
  text: string,
  x: number,
  y: number,
  size: number,
  margin = 0,
): Promise<void> {
  const { QRCode } = await loadPdfLibs();
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const unit = size / (n + 2 * margin);
  const dark = modules.data;
  const runs: string[] = [];
  for (let row = 0; row < n; row++) {
    const first = row * n;
    for (let col = 0; col < n;) {
      if (!dark[first + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && dark[first + col]) col++;
      runs.push(`${start} ${row} ${col - start}`);
    }
  }
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  doc.fillColor('#000000').fillCells(x + margin * unit, y + margin * unit, unit, runs);
  doc.restore();
}

const TZ = 'Africa/Johannesburg';
const longDate = new Intl.DateTimeFormat('en-ZA', {
  timeZone: TZ,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const weekdayDate = new Intl.DateTimeFormat('en-ZA', {
  timeZone: TZ,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const shortDate = new Intl.DateTimeFormat('en-ZA', {
  timeZone: TZ,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const clock = new Intl.DateTimeFormat('en-ZA', {
  timeZone: TZ,
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const clockSeconds = new Intl.DateTimeFormat('en-ZA', {
  timeZone: TZ,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** South African time, as the parties read it. */
export const sast = {
  /** "21 November 2025 at 14:05 SAST" */
  long: (d: Date) => `${longDate.format(d)} at ${clock.format(d)} SAST`,
  /** "21 November 2025" */
  date: (d: Date) => longDate.format(d),
  /** "Friday, 21 November 2025" */
  weekdayDate: (d: Date) => weekdayDate.format(d),
  /** "14:05" */
  time: (d: Date) => clock.format(d),
  /** "21 Nov 2025, 14:05" for table rows. */
  short: (d: Date) => `${shortDate.format(d)}, ${clock.format(d)}`,
  /** "21 Nov 2025, 14:05:09 SAST", to the second (attempts, audit events). */
  stamp: (d: Date) => `${shortDate.format(d)}, ${clockSeconds.format(d)} SAST`,
};

/** "812 bytes", "120.5 KB", "2.31 MB". */
export const formatSize = (bytes: number) =>
  bytes < 1024
    ? `${bytes} bytes`
    : bytes < 1024 ** 2
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 ** 2).toFixed(2)} MB`;

/**
 * The sections of a LexServe notice or certificate (the proof of service, the audit certificate): `ensure` starts a
 * new page when less than `space` is left above the footer room; `section` writes a heading with its rule.
 */
export function noticeSections(
  doc: NoticePdf,
  style: { margin: number; bottom: number; ink: string; accent: string; rule: string },
) {
  const width = doc.page.width - 2 * style.margin;
  const ensure = (space: number) => {
    if (doc.y + space > doc.page.height - style.bottom) doc.addPage();
  };
  const section = (heading: string) => {
    ensure(60);
    doc.moveDown(0.8);
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(style.accent)
      .text(heading.toUpperCase(), style.margin, doc.y, { characterSpacing: 0.6 });
    const y = doc.y + 2;
    doc
      .moveTo(style.margin, y)
      .lineTo(style.margin + width, y)
      .lineWidth(0.6)
      .strokeColor(style.rule)
      .stroke();
    doc.y = y + 6;
    doc.fillColor(style.ink);
  };
  return { width, ensure, section };
}
