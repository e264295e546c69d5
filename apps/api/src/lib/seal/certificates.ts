import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import { LRUCache } from 'lru-cache';
import * as pkijs from 'pkijs';
import { OID, arrayBufferOf, derOf, parseDer, randomPositiveInteger, usePkijs, x509Time } from './der';

/**
 * X.509 certificates for the local seal: the local certificate authority, the document seal and the time-stamping
 * authority, issued with pkijs; and the reading of any certificate's names and fingerprint.
 */

/** What each certificate may do (RFC 5280 key usage bits, extended key usages). */
const PROFILES = {
  /** keyCertSign, cRLSign; a CA. */
  ca: { ca: true, keyUsage: 0x06, extKeyUsage: null, ekuCritical: false },
  /**
   * digitalSignature, nonRepudiation (contentCommitment). Adobe Acrobat and NSS (pdfsig) accept a document
   * signer whose extended key usage lists emailProtection; documentSigning (RFC 9336) and Microsoft's
   * document signing say what the key is for to newer validators.
   */
  seal: {
    ca: false,
    keyUsage: 0xc0,
    extKeyUsage: [OID.ekuEmailProtection, OID.ekuDocumentSigning, OID.ekuMicrosoftDocumentSigning],
    ekuCritical: false,
  },
  /** digitalSignature, nonRepudiation; RFC 3161 2.3: exactly one extended key usage, timeStamping, critical. */
  tsa: { ca: false, keyUsage: 0xc0, extKeyUsage: [OID.ekuTimeStamping], ekuCritical: true },
} as const;

export type CertificateProfile = keyof typeof PROFILES;

/** Signs the DER of a to-be-signed structure with the issuer's RSA key (SHA-256, PKCS #1 v1.5). */
export type TbsSigner = (tbs: Uint8Array) => Promise<Uint8Array>;

export type IssueRequest = {
  profile: CertificateProfile;
  commonName: string;
  /** SubjectPublicKeyInfo (DER) of the key being certified. */
  publicKey: Uint8Array;
  /** The issuing CA's certificate (DER) and key; absent: self-signed, by `sign`. */
  issuer?: Uint8Array;
  sign: TbsSigner;
  notBefore: Date;
  notAfter: Date;
};

/** C=ZA, O=LexServe, CN=…: one attribute per RDN (pkijs would put them all in one multi-valued RDN). */
function nameOf(commonName: string): pkijs.RelativeDistinguishedNames {
  const rdn = (type: string, value: asn1js.BaseBlock) =>
    new asn1js.Set({
      value: [new pkijs.AttributeTypeAndValue({ type, value: value as asn1js.Utf8String }).toSchema()],
    });
  const sequence = new asn1js.Sequence({
    value: [
      rdn(OID.country, new asn1js.PrintableString({ value: 'ZA' })),
      rdn(OID.organization, new asn1js.Utf8String({ value: 'LexServe' })),
      rdn(OID.commonName, new asn1js.Utf8String({ value: commonName })),
    ],
  });
  return new pkijs.RelativeDistinguishedNames({
    schema: parseDer(new Uint8Array(sequence.toBER(false)), 'name'),
  });
}

const keyIdOf = (spki: pkijs.PublicKeyInfo) =>
  createHash('sha1').update(new Uint8Array(spki.subjectPublicKey.valueBlock.valueHexView)).digest();

const extension = (extnID: string, critical: boolean, value: asn1js.BaseBlock) =>
  new pkijs.Extension({ extnID, critical, extnValue: value.toBER(false) });

/** Key usage as a DER BIT STRING (RFC 5280 4.2.1.3; bit 0 is the most significant bit of the first byte). */
function keyUsageBits(bits: number): asn1js.BitString {
  let unused = 0;
  while (unused < 7 && !(bits & (1 << unused))) unused++;
  return new asn1js.BitString({ valueHex: new Uint8Array([bits]).buffer, unusedBits: unused });
}

/** Issues one certificate (DER) for `profile`, signed by the issuer's key with SHA-256 and RSA. */
export async function issueCertificate(req: IssueRequest): Promise<Buffer> {
  usePkijs();
  const profile = PROFILES[req.profile];
  const spki = new pkijs.PublicKeyInfo({ schema: parseDer(req.publicKey, 'public key') });
  const issuer = req.issuer
    ? new pkijs.Certificate({ schema: parseDer(req.issuer, 'issuer certificate') })
    : undefined;
  const subjectKeyId = keyIdOf(spki);
  const authorityKeyId = issuer ? keyIdOf(issuer.subjectPublicKeyInfo) : subjectKeyId;

  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = randomPositiveInteger(16);
  cert.subject = nameOf(req.commonName);
  cert.issuer = issuer ? issuer.subject : nameOf(req.commonName);
  cert.notBefore = x509Time(req.notBefore);
  cert.notAfter = x509Time(req.notAfter);
  cert.subjectPublicKeyInfo = spki;
  cert.extensions = [
    extension(OID.basicConstraints, true, new pkijs.BasicConstraints({ cA: profile.ca }).toSchema()),
    extension(OID.keyUsage, true, keyUsageBits(profile.keyUsage)),
    ...(profile.extKeyUsage
      ? [
          extension(
            OID.extKeyUsage,
            profile.ekuCritical,
            new pkijs.ExtKeyUsage({ keyPurposes: [...profile.extKeyUsage] }).toSchema(),
          ),
        ]
      : []),
    extension(
      OID.subjectKeyIdentifier,
      false,
      new asn1js.OctetString({ valueHex: arrayBufferOf(subjectKeyId) }),
    ),
    extension(
      OID.authorityKeyIdentifier,
      false,
      new pkijs.AuthorityKeyIdentifier({
        keyIdentifier: new asn1js.OctetString({ valueHex: arrayBufferOf(authorityKeyId) }),
      }).toSchema(),
    ),
  ];
  const algorithm = () =>
    new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256WithRsa, algorithmParams: new asn1js.Null() });
  cert.signature = algorithm();
  cert.signatureAlgorithm = algorithm();
  const tbs = new Uint8Array(cert.encodeTBS().toBER(false));
  cert.tbsView = tbs;
  cert.signatureValue = new asn1js.BitString({ valueHex: arrayBufferOf(await req.sign(tbs)) });
  return derOf(cert);
}

export const parseCertificate = (der: Uint8Array) => {
  usePkijs();
  return new pkijs.Certificate({ schema: parseDer(der, 'certificate') });
};

/** What checking a signature needs of a certificate: read once per distinct certificate (its DER bytes). */
export type CertificateFacts = {
  /** The DER as given (a copy: nothing of the file it came from is kept). */
  der: Buffer;
  /** Its subject as text (nameText). */
  subject: string;
  /** The subject key identifier extension's key id (to find a CMS signer by it), or null. */
  keyId: Buffer | null;
  /** The extended key usages, or null when the certificate has none (any use). */
  extKeyUsage: string[] | null;
  publicKey: KeyObject;
  parsed: pkijs.Certificate;
};

/** The certificates met lately, by their DER (as Latin-1 text): the same few signers recur (the seal, the authority). */
const factsCache = new LRUCache<string, CertificateFacts>({ max: 64 });

export function certificateFacts(der: Uint8Array): CertificateFacts {
  const id = Buffer.from(der.buffer, der.byteOffset, der.byteLength).toString('latin1');
  const known = factsCache.get(id);
  if (known) return known;
  const copy = Buffer.from(der);
  const parsed = parseCertificate(copy);
  const extension = (extnID: string) => parsed.extensions?.find((e) => e.extnID === extnID);
  const keyId = extension(OID.subjectKeyIdentifier);
  const extKeyUsage = extension(OID.extKeyUsage)?.parsedValue as pkijs.ExtKeyUsage | undefined;
  const facts: CertificateFacts = {
    der: copy,
    subject: nameText(parsed.subject),
    keyId: keyId ? Buffer.from(keyId.extnValue.valueBlock.valueHexView).subarray(2) : null,
    extKeyUsage: extKeyUsage?.keyPurposes ?? null,
    publicKey: createPublicKey({ key: derOf(parsed.subjectPublicKeyInfo), format: 'der', type: 'spki' }),
    parsed,
  };
  factsCache.set(id, facts);
  return facts;
}

const SHORT_NAMES: Record<string, string> = {
  [OID.commonName]: 'CN',
  [OID.organization]: 'O',
  [OID.organizationalUnit]: 'OU',
  [OID.country]: 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.5': 'serialNumber',
  '1.2.840.113549.1.9.1': 'emailAddress',
  '2.5.4.97': 'organizationIdentifier',
};

const valueText = (value: unknown) =>
  value && typeof value === 'object' && 'valueBlock' in value
    ? String((value as { valueBlock: { value?: unknown } }).valueBlock.value ?? '')
    : String(value ?? '');

/** A distinguished name as text, most specific first ("CN=…, O=…, C=ZA"), as RFC 4514 writes it. */
const nameText = (name: pkijs.RelativeDistinguishedNames) =>
  name.typesAndValues
    .map((tv) => `${SHORT_NAMES[tv.type] ?? tv.type}=${valueText(tv.value)}`)
    .reverse()
    .join(', ');

export type CertificateSummary = { subject: string; issuer: string; fingerprint_sha256: string };

/** Subject, issuer and SHA-256 fingerprint (of these DER bytes) of a certificate. */
const summaryCache = new WeakMap<Uint8Array, CertificateSummary>();

/** Read once per certificate buffer (every seal reports its signer's). */
export function summaryOf(der: Uint8Array): CertificateSummary {
  const known = summaryCache.get(der);
  if (known) return { ...known };
  const cert = parseCertificate(der);
  const summary = {
    subject: nameText(cert.subject),
    issuer: nameText(cert.issuer),
    fingerprint_sha256: createHash('sha256').update(der).digest('hex'),
  };
  summaryCache.set(der, summary);
  return { ...summary };
}

export const toPem = (der: Uint8Array, label = 'CERTIFICATE') =>
  `-----BEGIN ${label}-----\n${Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n$/, '')}\n-----END ${label}-----\n`;
