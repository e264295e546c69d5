// Bits of PDF syntax (PDF 32000-1, 7.3.4 and 7.9.4) written the same way by LexServe's own PDF writers: the notices'
// writer (modules/documents/notice-pdf.ts) and the seal's hand-written placeholder (seal/incremental-placeholder.ts).

/** A PDF literal string for printable ASCII (brackets and backslashes escaped), or null for any other text. */
export function asciiLiteral(text: string): string | null {
  if (!/^[\x20-\x7e]*$/.test(text)) return null;
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** A PDF date in UTC: "D:20251121120500Z". */
export const pdfDate = (d: Date) => `D:${d.toISOString().slice(0, 19).replace(/[-T:]/g, '')}Z`;
