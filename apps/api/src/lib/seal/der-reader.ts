/**
 * A small DER (and BER) reader for what the seal checks on every time-stamp and every sealed file read: CMS
 * SignedData, TSTInfo, TimeStampResp. Each element is read in place (views into the given bytes, nothing copied or
 * decoded that is not asked for), where asn1js and pkijs build an object graph of the whole structure (certificates
 * included) for the few fields wanted. Low tag numbers only (all of CMS, X.509 and RFC 3161); indefinite lengths and
 * constructed strings (BER, as some signers write the outer layers) are read.
 */

export type Element = {
  /** The identifier octet: class, constructed bit and tag number (0x30 SEQUENCE, 0x31 SET, 0xa0 [0], …). */
  tag: number;
  /** The whole encoding, identifier and length included. */
  raw: Buffer;
  /** The contents (for an indefinite length: up to the end-of-contents octets, left out). */
  content: Buffer;
};

const fail = (what: string): never => {
  throw new Error(`not DER (${what})`);
};

/** The element at `at` in `bytes`; bytes after it (a PDF's zero padding) are left alone. */
export function readElement(bytes: Uint8Array, at = 0): Element {
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (at + 2 > buf.length) fail('truncated');
  const tag = buf[at]!;
  if ((tag & 0x1f) === 0x1f) fail('high tag number');
  let length = buf[at + 1]!;
  let start = at + 2;
  if (length === 0x80) {
    if (!(tag & 0x20)) fail('indefinite length of a primitive value');
    let end = start;
    for (;;) {
      if (end + 2 > buf.length) fail('no end of contents');
      if (buf[end] === 0 && buf[end + 1] === 0) break;
      end += readElement(buf, end).raw.length;
    }
    return { tag, raw: buf.subarray(at, end + 2), content: buf.subarray(start, end) };
  }
  if (length & 0x80) {
    const n = length & 0x7f;
    if (n > 4 || start + n > buf.length) fail('length');
    length = 0;
    for (let i = 0; i < n; i++) length = length * 256 + buf[start + i]!;
    start += n;
  }
  if (start + length > buf.length) fail('truncated');
  return { tag, raw: buf.subarray(at, start + length), content: buf.subarray(start, start + length) };
}

/** The elements inside a constructed one (none for a primitive). */
export function childrenOf(element: Element): Element[] {
  if (!(element.tag & 0x20)) return [];
  const out: Element[] = [];
  for (let at = 0; at < element.content.length;) {
    const child = readElement(element.content, at);
    out.push(child);
    at += child.raw.length;
  }
  return out;
}

/** An OCTET STRING's bytes, its segments joined when BER wrote it constructed. */
export const octetsOf = (element: Element): Buffer =>
  element.tag & 0x20 ? Buffer.concat(childrenOf(element).map(octetsOf)) : element.content;

export const isOctetString = (element: Element | undefined): element is Element =>
  element?.tag === 0x04 || element?.tag === 0x24;

/** An OBJECT IDENTIFIER in dotted form. */
export function oidOf(element: Element | undefined): string {
  if (element?.tag !== 0x06 || !element.content.length) return fail('object identifier');
  const arcs: bigint[] = [];
  let value = 0n;
  for (const byte of element.content) {
    value = (value << 7n) | BigInt(byte & 0x7f);
    if (!(byte & 0x80)) {
      arcs.push(value);
      value = 0n;
    }
  }
  const first = arcs[0]!;
  const head = first < 80n ? [first / 40n, first % 40n] : [2n, first - 80n];
  return [...head, ...arcs.slice(1)].join('.');
}

/** A non-negative INTEGER's value (status codes, versions, salt lengths). */
export function smallIntegerOf(element: Element | undefined): number {
  if (
    element?.tag !== 0x02 ||
    !element.content.length ||
    element.content.length > 6 ||
    element.content[0]! & 0x80
  )
    return fail('integer');
  return element.content.readUIntBE(0, element.content.length);
}

/** GeneralizedTime as RFC 3161 writes genTime: YYYYMMDDhhmmss, an optional fraction, Z (or an offset ±hhmm). */
export function generalizedTimeOf(element: Element | undefined): Date {
  const m =
    element?.tag === 0x18
      ? /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)?(\d\d)?(?:[.,](\d+))?(Z|[+-]\d{4})$/.exec(
          element.content.toString('latin1'),
        )
      : null;
  if (!m) return fail('GeneralizedTime');
  const [, y, mo, d, h, mi = '00', s = '00', fraction = '0', zone] = m;
  const offset =
    zone === 'Z'
      ? 0
      : (zone![0] === '-' ? -1 : 1) * (Number(zone!.slice(1, 3)) * 60 + Number(zone!.slice(3)));
  const ms = Math.floor(Number(`0.${fraction}`) * 1000);
  return new Date(
    Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms) - offset * 60_000,
  );
}
