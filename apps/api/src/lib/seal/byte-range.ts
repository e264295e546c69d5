/**
 * Finding a PDF signature by its ByteRange: [start1 length1 start2 length2], where the gap between the two ranges
 * is exactly the /Contents hex string that holds the CMS signature. Text search, not a PDF parser, so that a
 * damaged or doctored file is still read as far as it goes.
 */

export type SignatureSpan = {
  /** Byte offsets of the ByteRange: [0, a) and [b, b + c). */
  ranges: [start: number, length: number][];
  /** The /Contents hex string's first and last byte (the '<' and the '>'). */
  contentsStart: number;
  contentsEnd: number;
  /** Where the signature dictionary's text lies (between the object's 'obj' and 'endobj'), for its other entries. */
  dictionary: { start: number; end: number };
};

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;

/** Every signature's span, in file order (the last one is the most recent). Malformed ranges are skipped. */
export function signatureSpans(pdf: Buffer): SignatureSpan[] {
  const text = pdf.toString('latin1');
  const spans: SignatureSpan[] = [];
  for (const match of text.matchAll(BYTE_RANGE)) {
    const [a, b, c, d] = match.slice(1, 5).map(Number) as [number, number, number, number];
    if (a !== 0 || b < 2 || c < b + 2 || c + d > pdf.length) continue;
    if (pdf[b] !== 0x3c /* < */ || pdf[c - 1] !== 0x3e /* > */) continue;
    const objStart = text.lastIndexOf(' obj', match.index);
    const objEnd = text.indexOf('endobj', match.index);
    spans.push({
      ranges: [
        [a, b],
        [c, d],
      ],
      contentsStart: b,
      contentsEnd: c - 1,
      dictionary: { start: objStart < 0 ? match.index : objStart, end: objEnd < 0 ? pdf.length : objEnd },
    });
  }
  return spans;
}

/** The bytes the signature covers, as views (no copy). */
export const signedParts = (pdf: Buffer, span: SignatureSpan) =>
  span.ranges.map(([start, length]) => pdf.subarray(start, start + length));

/** The CMS bytes in /Contents (hex decoded; the trailing zero padding left on, DER parsing ignores it). */
export function contentsOf(pdf: Buffer, span: SignatureSpan): Buffer {
  const hex = pdf
    .subarray(span.contentsStart + 1, span.contentsEnd)
    .toString('latin1')
    .replace(/\s+/g, '');
  return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
}
