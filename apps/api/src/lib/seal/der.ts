import { createHash, randomBytes, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/** Object identifiers used by the seal (X.509, CMS, CAdES, RFC 3161). */
export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificate: '1.2.840.113549.1.9.16.2.12',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  ecPublicKey: '1.2.840.10045.2.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  commonName: '2.5.4.3',
  country: '2.5.4.6',
  organization: '2.5.4.10',
  organizationalUnit: '2.5.4.11',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
  ekuEmailProtection: '1.3.6.1.5.5.7.3.4',
  ekuTimeStamping: '1.3.6.1.5.5.7.3.8',
  ekuDocumentSigning: '1.3.6.1.5.5.7.3.36',
  ekuMicrosoftDocumentSigning: '1.3.6.1.4.1.311.10.3.12',
  keyBag: '1.2.840.113549.1.12.10.1.1',
  pkcs8ShroudedKeyBag: '1.2.840.113549.1.12.10.1.2',
  certBag: '1.2.840.113549.1.12.10.1.3',
  x509Certificate: '1.2.840.113549.1.9.22.1',
  friendlyName: '1.2.840.113549.1.9.20',
  localKeyId: '1.2.840.113549.1.9.21',
} as const;

/** Digest algorithms a time-stamp request or a signature may name, by OID: Node's name and the digest length. */
export const DIGESTS: Record<string, { node: string; length: number }> = {
  '1.3.14.3.2.26': { node: 'sha1', length: 20 },
  '2.16.840.1.101.3.4.2.1': { node: 'sha256', length: 32 },
  '2.16.840.1.101.3.4.2.2': { node: 'sha384', length: 48 },
  '2.16.840.1.101.3.4.2.3': { node: 'sha512', length: 64 },
};
export const SHA256 = '2.16.840.1.101.3.4.2.1';

let engineSet = false;
/**
 * pkijs on Node's WebCrypto (once per process; pkijs keeps one global engine). @libpdf/core replaces that engine
 * with its own when it opens a PKCS #12 (for 3DES and RC2), whose digest() misreads algorithm names given as
 * strings: pkijs's own verify functions then fail. The seal verifies with node:crypto (cms.ts), never with them,
 * and only asks pkijs to encode, encrypt PKCS #12 contents and parse: both engines do that alike.
 */
export function usePkijs(): void {
  if (engineSet) return;
  pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as Crypto }));
  engineSet = true;
}

/** A copy as a plain ArrayBuffer (asn1js and WebCrypto want one, not a view into Node's buffer pool). */
export const arrayBufferOf = (bytes: Uint8Array): ArrayBuffer => {
  const copy = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(copy).set(bytes);
  return copy;
};

/** Parses one DER (or BER) value; throws on anything that is not. Trailing bytes (PDF padding) are ignored. */
export function parseDer(bytes: Uint8Array, what: string): asn1js.AsnType {
  const parsed = asn1js.fromBER(arrayBufferOf(bytes));
  if (parsed.offset === -1) throw new Error(`${what}: not DER (${parsed.result.error})`);
  return parsed.result;
}

export const derOf = (value: { toSchema(): asn1js.BaseBlock } | asn1js.BaseBlock): Buffer =>
  Buffer.from(('toSchema' in value ? value.toSchema() : value).toBER(false));

export const digest = (algorithm: string, ...parts: Uint8Array[]): Buffer => {
  const hash = createHash(algorithm);
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/** A positive DER INTEGER of `bytes` random bytes (certificate serials, time-stamp serials and nonces). */
export function randomPositiveInteger(bytes: number): asn1js.Integer {
  const value = randomBytes(bytes);
  value[0] = value[0]! & 0x7f || 0x01;
  return new asn1js.Integer({ valueHex: arrayBufferOf(value) });
}

/** X.509 and CMS times: UTCTime before 2050, GeneralizedTime from 2050 on (RFC 5280 4.1.2.5). */
export const x509Time = (date: Date) =>
  new pkijs.Time({ type: date.getUTCFullYear() < 2050 ? 0 : 1, value: date });
