// Bits of PDF syntax (PDF 32000-1, 7.3.4 and 7.9.4) written by the notices' writer (modules/documents/notice-pdf.ts).
// The seal no longer uses them: @libpdf/core writes its placeholder.

/** A PDF literal string for printable ASCII (brackets and backslashes escaped), or null for any other text. */
export function asciiLiteral(text: string): string | null {
  if (!/^[\x20-\x7e]*$/.test(text)) return null;
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** A PDF date in UTC: "D:20251121120500Z". */
export const pdfDate = (d: Date) => `D:${d.toISOString().slice(0, 19).replace(/[-T:]/g, '')}Z`;
