// What the documents' PDFs (notice, return, audit certificate) share: pdfkit and qrcode, loaded on first use (only
// needed when a PDF is drawn); the notices' document (pdfkit's PDFDocument with its text kept to what the standard
// fonts can show); the QR code drawn as vector rectangles; South African times and sizes as printed; the sections of
// a notice.

import type PDFKitDocument from 'pdfkit';

/** The twelve Latin standard PDF fonts: never embedded, their text written in WinAnsiEncoding. */
export type StandardFontName =
  | 'Helvetica'
  | 'Helvetica-Bold'
  | 'Helvetica-Oblique'
  | 'Helvetica-BoldOblique'
  | 'Times-Roman'
  | 'Times-Bold'
  | 'Times-Italic'
  | 'Times-BoldItalic'
  | 'Courier'
  | 'Courier-Bold'
  | 'Courier-Oblique'
  | 'Courier-BoldOblique';

type NoticeInfo = {
  Title: string;
  Author: string;
  Subject: string;
  Keywords: string;
  Creator: string;
  Producer: string;
};
type NoticeOptions = {
  margins: { top: number; left: number; right: number; bottom: number };
  info: NoticeInfo;
};

/** The characters outside Latin-1 that WinAnsiEncoding has (Windows-1252's codes 128–159, as pdfkit maps them). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/**
 * The C1 controls U+0080–U+009F (WinAnsi gives their codes to €, “, ” and others) and every character above Latin-1;
 * with the `u` flag a character outside the Basic Multilingual Plane (two UTF-16 code units) and a lone surrogate
 * are each one match.
 */
const OUTSIDE_LATIN1 = /[\u0080-\u009f\u0100-\u{10ffff}]/gu;

/**
 * `text` as the notices measure and draw it: composed (NFC), so that a letter typed or pasted as a base letter and a
 * combining accent (as macOS names files) is the one WinAnsi letter "é" rather than "e?"; each character WinAnsi
 * lacks (Cyrillic, CJK, an emoji, a C1 control, a lone surrogate) as one "?", which a standard font has and which
 * shows the reader that something is missing. pdfkit itself would measure such a character as nothing and write
 * bytes that a viewer reads as other characters.
 */
export function winAnsiText(text: string): string {
  if (!/[^\x20-\x7e]/.test(text)) return text;
  return text.normalize('NFC').replace(OUTSIDE_LATIN1, (c) => (WIN_ANSI_EXTRA.has(c) ? c : '?'));
}

/** A text string of the information dictionary (UTF-16 there): lone surrogates as U+FFFD, so that it is well formed. */
const wellFormed = (text: string) =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/** The notices' document class, made from pdfkit's once it is loaded. */
function noticeDocumentClass(PDFDocument: typeof PDFKitDocument) {
  /**
   * pdfkit's PDFDocument for an A4 notice, its pages kept until the end (the footers are drawn on every page once
   * the page count is known), its text kept to the standard fonts' characters (winAnsiText), and `end()` answering
   * the PDF's bytes.
   */
  return class NoticeDocument extends PDFDocument {
    constructor(opts: NoticeOptions) {
      super({
        size: 'A4',
        margins: opts.margins,
        bufferPages: true,
        pdfVersion: '1.7',
        info: Object.fromEntries(Object.entries(opts.info).map(([k, v]) => [k, wellFormed(v)])),
      });
    }

    override text(
      text: string,
      x?: number | PDFKit.Mixins.TextOptions,
      y?: number,
      options?: PDFKit.Mixins.TextOptions,
    ): this {
      return super.text(winAnsiText(text), x as number, y, options);
    }

    override widthOfString(text: string, options?: PDFKit.Mixins.TextOptions): number {
      return super.widthOfString(winAnsiText(text), options);
    }

    override heightOfString(text: string, options?: PDFKit.Mixins.TextOptions): number {
      return super.heightOfString(winAnsiText(text), options);
    }

    /** Ends the document; answers its bytes. */
    override end(): Promise<Buffer> {
      const chunks: Buffer[] = [];
      const bytes = new Promise<Buffer>((resolve, reject) => {
        this.on('data', (chunk: Buffer) => chunks.push(chunk));
        this.on('end', () => resolve(Buffer.concat(chunks)));
        this.on('error', reject);
      });
      super.end();
      return bytes;
    }
  };
}
type NoticeDocument = InstanceType<ReturnType<typeof noticeDocumentClass>>;

async function importPdfLibs() {
  const PDFDocument = (await import('pdfkit')).default;
  const QRCode = (await import('qrcode')).default;
  return { NoticeDocument: noticeDocumentClass(PDFDocument), QRCode };
}
let pdfLibs: ReturnType<typeof importPdfLibs> | undefined;
/** Loaded once per process: a dynamic import() still goes through module resolution on every call. */
const loadPdfLibs = () =>
  (pdfLibs ??= importPdfLibs().catch((err: unknown) => {
    pdfLibs = undefined;
    throw err;
  }));

/** A new A4 document for a notice or certificate, its first page begun. */
export async function newNotice(opts: NoticeOptions): Promise<NoticeDocument> {
  const { NoticeDocument } = await loadPdfLibs();
  return new NoticeDocument(opts);
}

/**
 * Draws a QR code of `text` (error correction M) as vector rectangles, `size` points wide with `margin` light
 * modules around it: sharp at any zoom, and quicker than a PNG drawn, encoded and decoded again. The dark modules
 * are one rectangle per run of them in a row, in module units under one scaling.
 */
export async function drawQrCode(
  doc: NoticeDocument,
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
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  doc.translate(x + margin * unit, y + margin * unit).scale(unit);
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n;) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      doc.rect(start, row, col - start, 1);
    }
  }
  doc.fill('#000000');
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
  doc: NoticeDocument,
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
