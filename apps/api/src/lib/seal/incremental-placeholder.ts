import { asciiLiteral, pdfDate } from '../pdf-syntax';
import type { PlaceholderOptions } from './placeholder';

/**
 * The seal's placeholder written by hand as an incremental update (PDF 32000-1 7.5.6), for the plain PDFs LexServe
 * draws itself (notice-pdf.ts: one classic cross-reference table, uncompressed objects, no form yet): the catalog again with
 * an /AcroForm, the signature dictionary (ByteRange, a reserved /Contents of zeros, Reason, Location, ContactInfo, M),
 * the form, and an invisible signature field whose widget names the first page, then a cross-reference section for
 * those four objects and a trailer with /Prev. The same objects @libpdf/core writes (placeholder.ts), without
 * parsing the whole file: only the trailer, the catalog and the page tree down to the first page are read.
 *
 * Answers null for anything else (a cross-reference stream, an earlier update, encryption, a form already there, text
 * that is not plain ASCII): placeholder.ts then has @libpdf/core do it.
 */

const latin1 = (b: Uint8Array, start: number, end: number) =>
  Buffer.from(b.buffer, b.byteOffset + start, end - start).toString('latin1');

type Ref = { num: number; gen: number };
const refIn = (dict: string, key: string): Ref | null => {
  const m = new RegExp(`/${key}\\s+(\\d+)\\s+(\\d+)\\s+R\\b`).exec(dict);
  return m ? { num: Number(m[1]), gen: Number(m[2]) } : null;
};

export function appendPlaceholder(pdf: Uint8Array, opts: PlaceholderOptions): Uint8Array | null {
  const strings = [opts.reason, opts.location, opts.contactInfo].map((s) =>
    s === undefined ? '' : asciiLiteral(s),
  );
  if (strings.some((s) => s === null)) return null;
  const tail = latin1(pdf, Math.max(0, pdf.length - 1024), pdf.length);
  const sx = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!sx) return null;
  const xrefAt = Number(sx[1]);
  if (xrefAt >= pdf.length || latin1(pdf, xrefAt, Math.min(pdf.length, xrefAt + 4)) !== 'xref') return null;
  const rest = latin1(pdf, xrefAt, pdf.length);
  const trailerAt = rest.indexOf('trailer');
  if (trailerAt < 0) return null;
  const trailer = rest.slice(trailerAt, rest.indexOf('startxref', trailerAt));
  if (/\/(Prev|Encrypt|XRefStm)\b/.test(trailer)) return null;
  const size = Number(/\/Size\s+(\d+)/.exec(trailer)?.[1]);
  const root = refIn(trailer, 'Root');
  const info = refIn(trailer, 'Info');
  const id = /\/ID\s*\[\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*\]/.exec(trailer);
  if (!size || !root || (!id && /\/ID\b/.test(trailer))) return null;

  // The cross-reference table: subsections "first count", then 20-byte entries.
  const offsets = new Map<number, number>();
  const table = rest.slice(4, trailerAt);
  const tokens = table.trim().split(/\s+/);
  for (let i = 0; i < tokens.length;) {
    const first = Number(tokens[i]);
    const count = Number(tokens[i + 1]);
    if (!Number.isInteger(first) || !Number.isInteger(count)) return null;
    i += 2;
    for (let k = 0; k < count; k++, i += 3)
      if (tokens[i + 2] === 'n') offsets.set(first + k, Number(tokens[i]));
  }
  /** An object's dictionary text ("<< … >>"), read at its offset; null when it is not a plain dictionary. */
  const dictionary = (ref: Ref): string | null => {
    const at = offsets.get(ref.num);
    if (at === undefined) return null;
    const end = Math.min(pdf.length, at + 64 * 1024);
    const text = latin1(pdf, at, end);
    const head = new RegExp(`^${ref.num}\\s+${ref.gen}\\s+obj\\s*<<`).exec(text);
    const close = text.indexOf('endobj');
    if (!head || close < 0) return null;
    const body = text.slice(head[0].length - 2, close).trimEnd();
    return body.endsWith('>>') && !/\bstream\b/.test(body) ? body : null;
  };
  const catalog = dictionary(root);
  if (!catalog || !/\/Type\s*\/Catalog\b/.test(catalog) || /\/AcroForm\b/.test(catalog)) return null;
  // The first page: down the page tree's first kids.
  let node = refIn(catalog, 'Pages');
  for (let depth = 0; node && depth < 32; depth++) {
    const dict = dictionary(node);
    if (!dict) return null;
    if (/\/Type\s*\/Page\b/.test(dict)) break;
    const kid = /\/Kids\s*\[\s*(\d+)\s+(\d+)\s+R/.exec(dict);
    node = kid ? { num: Number(kid[1]), gen: Number(kid[2]) } : null;
  }
  if (!node) return null;
  const page = node;

  const sig = size;
  const form = size + 1;
  const field = size + 2;
  const [reason, location, contactInfo] = strings as string[];
  const eol = pdf[pdf.length - 1] === 0x0a || pdf[pdf.length - 1] === 0x0d ? '' : '\n';
  const byteRange = (values: number[]) => values.map((v) => String(v).padEnd(10, ' ')).join(' ');
  const range = byteRange([0, 0, 0, 0]);
  const parts: { num: number; gen: number; text: string }[] = [
    { ...root, text: `${catalog.slice(0, -2).trimEnd()}\n/AcroForm ${form} 0 R\n>>` },
    {
      num: sig,
      gen: 0,
      text:
        `<<\n/Type /Sig\n/Filter /Adobe.PPKLite\n/SubFilter /ETSI.CAdES.detached\n/ByteRange [${range}]\n` +
        `/Contents <${'0'.repeat(opts.estimatedSize * 2)}>\n/M (${pdfDate(opts.signingTime)})\n` +
        `${opts.reason !== undefined ? `/Reason ${reason}\n` : ''}${opts.location !== undefined ? `/Location ${location}\n` : ''}` +
        `${opts.contactInfo !== undefined ? `/ContactInfo ${contactInfo}\n` : ''}>>`,
    },
    {
      num: form,
      gen: 0,
      text:
        `<<\n/Fields [${field} 0 R]\n/DR <<\n/Font <<\n/Helv <<\n/Type /Font\n/Subtype /Type1\n/BaseFont /Helvetica\n>>\n` +
        `/ZaDb <<\n/Type /Font\n/Subtype /Type1\n/BaseFont /ZapfDingbats\n>>\n>>\n>>\n/DA (/Helv 0 Tf 0 g)\n/NeedAppearances false\n/SigFlags 3\n>>`,
    },
    {
      num: field,
      gen: 0,
      text: `<<\n/FT /Sig\n/T (Signature_1)\n/V ${sig} 0 R\n/Type /Annot\n/Subtype /Widget\n/F 132\n/P ${page.num} ${page.gen} R\n/Rect [0 0 0 0]\n>>`,
    },
  ];
  let out = eol;
  const at: number[] = [];
  for (const p of parts) {
    at.push(pdf.length + out.length);
    out += `${p.num} ${p.gen} obj\n${p.text}\nendobj\n`;
  }
  const entry = (i: number) =>
    `${String(at[i]).padStart(10, '0')} ${String(parts[i]!.gen).padStart(5, '0')} n\r\n`;
  const xref = pdf.length + out.length;
  out +=
    `xref\n${root.num} 1\n${entry(0)}${sig} 3\n${entry(1)}${entry(2)}${entry(3)}` +
    `trailer\n<<\n/Size ${size + 3}\n/Root ${root.num} ${root.gen} R\n/Prev ${xrefAt}\n` +
    `${info ? `/Info ${info.num} ${info.gen} R\n` : ''}${id ? `/ID [<${id[1]!.toUpperCase()}> <${id[2]!.toUpperCase()}>]\n` : ''}>>\nstartxref\n${xref}\n%%EOF\n`;

  const result = Buffer.allocUnsafe(pdf.length + out.length);
  result.set(pdf, 0);
  result.write(out, pdf.length, 'latin1');
  // The ByteRange: everything but /Contents' hex string, written into the space kept for it.
  const text = result.toString('latin1', at[1]!, at[2]!);
  const contentsStart = at[1]! + text.indexOf('/Contents <') + '/Contents '.length;
  const contentsEnd = contentsStart + opts.estimatedSize * 2 + 2;
  const values = [0, contentsStart, contentsEnd, result.length - contentsEnd];
  const filled = byteRange(values);
  if (filled.length !== range.length) return null;
  result.write(filled, at[1]! + text.indexOf('/ByteRange [') + '/ByteRange ['.length, 'latin1');
  return new Uint8Array(result.buffer, result.byteOffset, result.length);
}
