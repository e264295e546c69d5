// What the documents' PDFs (notice, return, audit certificate) share: the libraries, loaded on first use (they are large
// and only needed when a PDF is drawn) with pdfkit's font metrics shared and its fast paths installed
// (pdfkit-fast-paths.ts, qr-mask.ts), the buffer a drawing ends in, and South African times and sizes as printed.

import type PDFKit from 'pdfkit';
import {
  gatherOutput,
  gatherPageContent,
  keepColors,
  layOutOnce,
  measureByGlyphTables,
  pdfNumber,
  writeTextLean,
  type ColorMixin,
  type ContentMixin,
  type OutputMixin,
  type LayoutMixin,
  type StandardFontProto,
  type TextMixin,
  lineWrapperOf,
  wrapAtSpacesQuickly,
} from './pdfkit-fast-paths';
import { chooseQrMasksQuickly } from './qr-mask';

async function importPdfLibs() {
  const PDFDocument = (await import('pdfkit')).default;
  shareStandardFonts(PDFDocument);
  const QRCode = (await import('qrcode')).default;
  chooseQrMasksQuickly();
  return { PDFDocument, QRCode };
}
let pdfLibs: ReturnType<typeof importPdfLibs> | undefined;
/** Imported once per process: a dynamic import() still goes through module resolution on every call (some 2 ms a PDF). */
export const loadPdfLibs = () =>
  (pdfLibs ??= importPdfLibs().catch((err: unknown) => {
    pdfLibs = undefined;
    throw err;
  }));

type FontMixin = {
  _font: object & { name?: string };
  _fontFamilies: Record<string, object>;
  _registeredFonts: Record<string, unknown>;
  _fontCount: number;
  font(src: unknown, family?: unknown, size?: unknown): unknown;
};
const STANDARD_FONT_NAMES = new Set([
  'Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique',
  'Times-Roman', 'Times-Bold', 'Times-Italic', 'Times-BoldItalic',
  'Courier', 'Courier-Bold', 'Courier-Oblique', 'Courier-BoldOblique', 'Symbol', 'ZapfDingbats',
]);
/** The first document's font object of each standard font: its parsed metrics are what later documents share. */
const sharedFonts = new Map<string, Record<string, unknown>>();
let fontsShared = false;

/**
 * pdfkit parses a standard font's metrics (widths, some 2,700 kerning pairs) again for every document that uses the
 * font: most of the time a short PDF takes. The parsed metrics never change, so each document gets its own font
 * object (its own id and dictionary, as pdfkit makes it) sharing the metrics parsed once per process.
 */
function shareStandardFonts(PDFDocument: unknown): void {
  if (fontsShared) return;
  fontsShared = true;
  const proto = (PDFDocument as { prototype: FontMixin & TextMixin }).prototype;
  writeTextLean(proto);
  keepColors(proto as unknown as ColorMixin);
  gatherPageContent(proto as unknown as ContentMixin);
  gatherOutput(proto as unknown as OutputMixin);
  const lineWrapper = lineWrapperOf(PDFDocument);
  wrapAtSpacesQuickly(lineWrapper);
  layOutOnce(proto as unknown as LayoutMixin, lineWrapper);
  const original = proto.font;
  proto.font = function (this: FontMixin, src: unknown, family?: unknown, size?: unknown) {
    const shared = typeof src === 'string' && STANDARD_FONT_NAMES.has(src) && !this._registeredFonts[src] ? sharedFonts.get(src) : undefined;
    if (shared && typeof src === 'string' && !this._fontFamilies[src]) {
      const font = Object.assign(Object.create(Object.getPrototypeOf(shared) as object) as Record<string, unknown>, {
        document: this,
        id: `F${++this._fontCount}`,
        name: shared.name,
        font: shared.font,
        ascender: shared.ascender,
        descender: shared.descender,
        bbox: shared.bbox,
        lineGap: shared.lineGap,
        xHeight: shared.xHeight,
        capHeight: shared.capHeight,
      });
      this._fontFamilies[src] = font;
    }
    const result = original.call(this, src, family, size);
    if (typeof src === 'string' && STANDARD_FONT_NAMES.has(src) && !sharedFonts.has(src)) {
      sharedFonts.set(src, this._font as Record<string, unknown>);
      measureByGlyphTables(Object.getPrototypeOf(this._font) as StandardFontProto);
    }
    return result;
  };
}

/**
 * Draws a QR code of `text` as vector squares (one rectangle per run of dark modules in a row), `size` points wide
 * with `margin` light modules around it: sharp at any zoom, and about ten times quicker than a PNG drawn, encoded and
 * decoded again by pdfkit (docs/performance.md).
 */
export async function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number, margin = 0): Promise<void> {
  const { QRCode } = await loadPdfLibs();
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const unit = size / (n + 2 * margin);
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  // The rectangles as pdfkit's rect() writes them, added to the page in one piece rather than one call each; the
  // numbers written once per column, row and run length (each as pdfkit writes it).
  const xs: string[] = [];
  const ys: string[] = [];
  const widths: string[] = [''];
  for (let i = 0; i < n; i++) {
    xs.push(`${pdfNumber(x + (margin + i) * unit)}`);
    ys.push(` ${pdfNumber(y + (margin + i) * unit)} `);
    widths.push(`${pdfNumber((i + 1) * unit)}`);
  }
  const height = ` ${pdfNumber(unit)} re`;
  const dark = modules.data;
  const squares: string[] = [];
  for (let row = 0; row < n; row++) {
    const first = row * n;
    for (let col = 0; col < n; ) {
      if (!dark[first + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && dark[first + col]) col++;
      squares.push(xs[start]! + ys[row]! + widths[col - start]! + height);
    }
  }
  // As one operation: the page adds its line feed after it, as after each of pdfkit's rect() calls.
  if (squares.length) (doc as unknown as TextMixin).addContent(squares.join('\n'));
  doc.fill('#000000');
  doc.restore();
}

/** The PDF's bytes once `doc.end()` is called: listen before drawing. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

const TZ = 'Africa/Johannesburg';
const longDate = new Intl.DateTimeFormat('en-ZA', { timeZone: TZ, day: 'numeric', month: 'long', year: 'numeric' });
const weekdayDate = new Intl.DateTimeFormat('en-ZA', { timeZone: TZ, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const shortDate = new Intl.DateTimeFormat('en-ZA', { timeZone: TZ, day: 'numeric', month: 'short', year: 'numeric' });
const clock = new Intl.DateTimeFormat('en-ZA', { timeZone: TZ, hour: '2-digit', minute: '2-digit', hour12: false });
const clockSeconds = new Intl.DateTimeFormat('en-ZA', { timeZone: TZ, hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

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
  bytes < 1024 ? `${bytes} bytes` : bytes < 1024 ** 2 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 ** 2).toFixed(2)} MB`;

/**
 * The sections of a LexServe notice or certificate (the proof of service, the audit certificate): `ensure` starts a
 * new page when less than `space` is left above the footer room; `section` writes a heading with its rule.
 */
export function noticeSections(doc: PDFKit.PDFDocument, style: { margin: number; bottom: number; ink: string; accent: string; rule: string }) {
  const width = doc.page.width - 2 * style.margin;
  const ensure = (space: number) => {
    if (doc.y + space > doc.page.height - style.bottom) doc.addPage();
  };
  const section = (heading: string) => {
    ensure(60);
    doc.moveDown(0.8);
    doc.font('Helvetica-Bold').fontSize(11).fillColor(style.accent).text(heading.toUpperCase(), style.margin, doc.y, { characterSpacing: 0.6 });
    const y = doc.y + 2;
    doc.moveTo(style.margin, y).lineTo(style.margin + width, y).lineWidth(0.6).strokeColor(style.rule).stroke();
    doc.y = y + 6;
    doc.fillColor(style.ink);
  };
  return { width, ensure, section };
}
