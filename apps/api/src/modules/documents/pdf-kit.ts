// What the documents' PDFs (notice, return, audit certificate) share: the libraries, loaded on first use (they are large
// and only needed when a PDF is drawn), the buffer a drawing ends in, and South African times and sizes as printed.

import type PDFKit from 'pdfkit';

export const loadPdfLibs = async () => ({ PDFDocument: (await import('pdfkit')).default, QRCode: (await import('qrcode')).default });

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
