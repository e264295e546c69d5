import { OID } from './der';
import { contentsOf, signatureSpans, signedParts, type SignatureSpan } from './byte-range';
import { checkCms } from './cms';
import { summaryOf, type CertificateSummary } from './certificates';
import { checkTimestampToken } from './timestamp-token';

/**
 * Reads the last signature of a PDF and checks it: the CMS signature over the ByteRange, whether the ByteRange
 * reaches the end of the file (anything after it, such as an incremental update, is not covered by the seal), and
 * the signature time-stamp. It says who signed; whether that signer is to be trusted is the caller's question.
 */

export type SealReport = {
  /** A signature was found. */
  present: boolean;
  /** The signature verifies over the bytes it covers (nothing inside the signed range changed). */
  intact: boolean;
  /** The signed range runs to the end of the file (false when bytes were added after it). */
  covers_whole_file: boolean;
  signer: CertificateSummary | null;
  /** The claimed signing time (the signature dictionary's M entry), ISO 8601. */
  signed_at: string | null;
  /** The RFC 3161 signature time-stamp, when one is present and checks out. */
  timestamp: { time: string; authority: string | null } | null;
  reason: string | null;
  location: string | null;
  /** How many signatures the file holds (this report is about the last). */
  signature_count: number;
  /** What is wrong, in words, or null. */
  problem: string | null;
};

/** "D:20251121140500+02'00'" → Date (PDF 32000-1 7.9.4). */
function pdfDate(value: string): Date | null {
  const m = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz+-])(\d{2})?'?(\d{2})?'?)?/.exec(value);
  if (!m) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', sign, oh = '00', om = '00'] = m;
  const offset = sign === '+' || sign === '-' ? (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) : 0;
  const utc =
    Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) - offset * 60_000;
  return Number.isNaN(utc) ? null : new Date(utc);
}

/** A string entry of the signature dictionary: a literal "(…)" (escapes undone) or a hex "<…>" (UTF-16BE or PDFDoc). */
function dictionaryString(pdf: Buffer, span: SignatureSpan, key: string): string | null {
  // The dictionary text without the /Contents hex string, which can be long.
  const text =
    pdf.subarray(span.dictionary.start, span.contentsStart).toString('latin1') +
    pdf.subarray(span.contentsEnd + 1, span.dictionary.end).toString('latin1');
  const at = new RegExp(`/${key}\\s*([(<])`).exec(text);
  if (!at) return null;
  let i = at.index + at[0].length;
  let bytes: Buffer;
  if (at[1] === '<') {
    const end = text.indexOf('>', i);
    bytes = Buffer.from(text.slice(i, end < 0 ? undefined : end).replace(/\s+/g, ''), 'hex');
  } else {
    const out: number[] = [];
    const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
    for (let depth = 1; i < text.length; i++) {
      const c = text[i]!;
      if (c === '\\') {
        const next = text[++i] ?? '';
        const octal = /^[0-7]{1,3}/.exec(text.slice(i, i + 3));
        if (octal) {
          out.push(parseInt(octal[0], 8) & 0xff);
          i += octal[0].length - 1;
        } else if (next in escapes) out.push(escapes[next]!);
        continue;
      }
      if (c === '(') depth++;
      if (c === ')' && --depth === 0) break;
      out.push(c.charCodeAt(0));
    }
    bytes = Buffer.from(out);
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return Buffer.from(bytes.subarray(2, bytes.length - (bytes.length % 2)))
      .swap16()
      .toString('utf16le');
  return bytes.toString('latin1');
}

export function readSeal(pdf: Buffer): SealReport {
  const spans = signatureSpans(pdf);
  const span = spans.at(-1);
  if (!span)
    return {
      present: false,
      intact: false,
      covers_whole_file: false,
      signer: null,
      signed_at: null,
      timestamp: null,
      reason: null,
      location: null,
      signature_count: 0,
      problem: 'The file carries no signature',
    };
  const [, [start2, length2]] = span.ranges as [[number, number], [number, number]];
  const coversWholeFile = start2 + length2 === pdf.length;
  const cms = checkCms(contentsOf(pdf, span), signedParts(pdf, span));

  let timestamp: SealReport['timestamp'] = null;
  let timestampProblem: string | null = null;
  const token = cms.unsignedAttribute(OID.signatureTimeStampToken);
  if (token && cms.signatureValue) {
    const check = checkTimestampToken(token.der, cms.signatureValue);
    if (check.valid && check.time) timestamp = { time: check.time.toISOString(), authority: check.authority };
    else timestampProblem = `the signature time-stamp does not check out: ${check.problem}`;
  }
  const claimed = dictionaryString(pdf, span, 'M');
  const signedAt = claimed ? pdfDate(claimed) : null;
  const problems = [
    cms.valid ? null : `The signed content was changed or the signature is damaged: ${cms.problem}`,
    coversWholeFile
      ? null
      : `${pdf.length - start2 - length2} bytes were added after the signed range (an incremental update or appended data): they are not covered by the seal`,
    timestampProblem,
  ].filter(Boolean);
  return {
    present: true,
    intact: cms.valid,
    covers_whole_file: coversWholeFile,
    signer: cms.signerCertificate ? summaryOf(cms.signerCertificate) : null,
    signed_at: signedAt?.toISOString() ?? null,
    timestamp,
    reason: dictionaryString(pdf, span, 'Reason'),
    location: dictionaryString(pdf, span, 'Location'),
    signature_count: spans.length,
    problem: problems.length ? problems.join('; ') : null,
  };
}
