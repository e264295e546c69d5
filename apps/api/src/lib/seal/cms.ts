import { constants, createHash, verify } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { DIGESTS, OID, SHA256, arrayBufferOf, digest, parseDer } from './der';
import { certificateFacts, type CertificateFacts } from './certificates';
import type { SigningKey } from './pkcs12';

/**
 * CMS SignedData (RFC 5652) as the seal and the time-stamping authority write it, and its verification, both with
 * pkijs's objects (ContentInfo, SignedData, SignerInfo, Attribute).
 * Written: signer identified by issuer and serial number, SHA-256, the signed attributes content-type, message-digest
 * and ESS signing-certificate-v2 (RFC 5035), no signing-time (PAdES baseline keeps the claimed time in the
 * signature dictionary's M entry), the certificate chain embedded.
 * The signature itself is made by the key's own `sign` (node:crypto) and checked with node:crypto, not with
 * SignedData.sign/verify: those run on pkijs's global WebCrypto engine, asynchronously, and @libpdf/core replaces
 * that engine with one whose digest() misreads algorithm names given as strings; reading a seal stays synchronous.
 */

const octets = (bytes: Uint8Array) => new asn1js.OctetString({ valueHex: arrayBufferOf(bytes) });
const sha256 = () => new pkijs.AlgorithmIdentifier({ algorithmId: SHA256 });
const attribute = (type: string, value: asn1js.BaseBlock) => new pkijs.Attribute({ type, values: [value] });
const ber = (value: { toSchema(): asn1js.BaseBlock }) => Buffer.from(value.toSchema().toBER(false));

/** The pkijs certificate of a signing key, parsed once per certificate buffer. */
const signingCertificates = new WeakMap<Uint8Array, pkijs.Certificate>();
function certificateOf(der: Buffer): pkijs.Certificate {
  let cert = signingCertificates.get(der);
  if (!cert) {
    cert = certificateFacts(der).parsed;
    signingCertificates.set(der, cert);
  }
  return cert;
}

/** A certificate as an asn1js block (parsed once per certificate buffer), embedded as it is. */
const certificateBlocks = new WeakMap<Uint8Array, asn1js.BaseBlock>();
function certificateBlock(der: Buffer): asn1js.BaseBlock {
  let block = certificateBlocks.get(der);
  if (!block) {
    block = parseDer(der, 'certificate') as asn1js.BaseBlock;
    certificateBlocks.set(der, block);
  }
  return block;
}

/** ESS signing-certificate-v2: the SHA-256 of the signer's certificate, with its issuer and serial number. */
function signingCertificateV2(der: Buffer, cert: pkijs.Certificate): pkijs.Attribute {
  // SigningCertificateV2 { certs SEQUENCE OF ESSCertIDv2 { hashAlgorithm DEFAULT sha256 (left out), certHash,
  //   IssuerSerial { GeneralNames { [4] Name }, serial } } }
  const issuerSerial = new pkijs.IssuerSerial({
    issuer: new pkijs.GeneralNames({ names: [new pkijs.GeneralName({ type: 4, value: cert.issuer })] }),
    serialNumber: cert.serialNumber,
  });
  const essCertIdV2 = new asn1js.Sequence({
    value: [octets(digest('sha256', der)), issuerSerial.toSchema()],
  });
  return attribute(
    OID.signingCertificateV2,
    new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] }),
  );
}

const signatureAlgorithmOf = (key: SigningKey) =>
  key.keyType === 'EC'
    ? new pkijs.AlgorithmIdentifier({ algorithmId: OID.ecdsaWithSha256 })
    : new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256WithRsa, algorithmParams: new asn1js.Null() });

export type SignedCms = {
  /** The signature value, which a signature time-stamp covers. */
  signatureValue: Buffer;
  /** The ContentInfo (DER), with unsigned attributes added (e.g. a signature time-stamp token, as DER). */
  toDer(unsigned?: { type: string; value: Uint8Array }[]): Buffer;
  /** The same as a pkijs ContentInfo. */
  toContentInfo(unsigned?: { type: string; value: Uint8Array }[]): pkijs.ContentInfo;
};

/**
 * Signs: `contentDigest` is the SHA-256 of the content (detached: the PDF's ByteRange), or the content itself is
 * encapsulated when given (a time-stamp token's TSTInfo).
 */
export async function signCms(opts: {
  key: SigningKey;
  contentType: string;
  contentDigest: Buffer;
  encapsulated?: Buffer;
  certificates: Buffer[];
}): Promise<SignedCms> {
  const cert = certificateOf(opts.key.certificate);
  // DER: a SET OF is written in the order of its elements' encodings (X.690 11.6).
  const attributes = [
    attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: opts.contentType })),
    attribute(OID.messageDigest, octets(opts.contentDigest)),
    signingCertificateV2(opts.key.certificate, cert),
  ]
    .map((a) => ({ a, der: ber(a) }))
    .sort((x, y) => Buffer.compare(x.der, y.der))
    .map((x) => x.a);
  const signedAttrs = new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes });
  // The signature covers the signed attributes as a SET OF (tag 0x31 instead of the implicit [0]).
  const signed = ber(signedAttrs);
  signed[0] = 0x31;
  const signatureValue = Buffer.from(await opts.key.sign(signed));

  const encapContentInfo = new pkijs.EncapsulatedContentInfo({ eContentType: opts.contentType });
  // Set after construction: given to the constructor, pkijs cuts eContent into a constructed (BER) OCTET STRING.
  if (opts.encapsulated) encapContentInfo.eContent = octets(opts.encapsulated);
  const toContentInfo = (unsigned: { type: string; value: Uint8Array }[] = []) => {
    const signerInfo = new pkijs.SignerInfo({
      version: 1,
      sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
      digestAlgorithm: sha256(),
      signedAttrs,
      signatureAlgorithm: signatureAlgorithmOf(opts.key),
      signature: octets(signatureValue),
      ...(unsigned.length
        ? {
            unsignedAttrs: new pkijs.SignedAndUnsignedAttributes({
              type: 1,
              attributes: unsigned.map((u) =>
                attribute(u.type, parseDer(u.value, 'attribute') as asn1js.BaseBlock),
              ),
            }),
          }
        : {}),
    });
    const signedData = new pkijs.SignedData({
      // RFC 5652 5.1: version 3 when the content is not id-data.
      version: opts.contentType === OID.data ? 1 : 3,
      digestAlgorithms: [sha256()],
      encapContentInfo,
      signerInfos: [signerInfo],
    });
    const schema = signedData.toSchema() as asn1js.Sequence;
    // certificates [0] IMPLICIT CertificateSet, after encapContentInfo: the certificates as they are (pkijs would
    // parse and write each one again on every signature).
    if (opts.certificates.length)
      schema.valueBlock.value.splice(
        3,
        0,
        new asn1js.Constructed({
          idBlock: { tagClass: 3, tagNumber: 0 },
          value: opts.certificates.map(certificateBlock),
        }),
      );
    return new pkijs.ContentInfo({ contentType: OID.signedData, content: schema });
  };
  const toDer = (unsigned: { type: string; value: Uint8Array }[] = []) => ber(toContentInfo(unsigned));
  return { signatureValue, toDer, toContentInfo };
}

export type CmsCheck = {
  /** The signature verifies with the signer's certificate, and the message digest is that of the content. */
  valid: boolean;
  problem: string | null;
  signerCertificate: Buffer | null;
  signer: CertificateFacts | null;
  signatureValue: Buffer | null;
  contentType: string | null;
  /** The encapsulated content (a time-stamp token's TSTInfo), if any. */
  content: Buffer | null;
  /** An attribute's (first) value. */
  signedAttribute(type: string): asn1js.BaseBlock | undefined;
  /** An unsigned attribute's (first) value, and its encoding as found. */
  unsignedAttribute(type: string): { value: asn1js.BaseBlock; der: Buffer } | undefined;
};

const SIGNATURE_HASHES: Record<string, string> = {
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.10045.4.1': 'sha1',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
};

const RSASSA_PSS = '1.2.840.113549.1.1.10';

/** The signature (made with `algorithm`) over `data` with the signer's public key. */
function verifySignature(
  algorithm: pkijs.AlgorithmIdentifier,
  signature: Buffer,
  data: Buffer,
  signer: CertificateFacts,
  digestName: string,
): boolean {
  const key = signer.publicKey;
  if (algorithm.algorithmId === RSASSA_PSS) {
    const params = new pkijs.RSASSAPSSParams({ schema: algorithm.algorithmParams });
    const hash = DIGESTS[params.hashAlgorithm.algorithmId]?.node ?? 'sha1';
    return verify(
      hash,
      data,
      { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: params.saltLength },
      signature,
    );
  }
  const hash = SIGNATURE_HASHES[algorithm.algorithmId] ?? digestName;
  return verify(hash, data, key.asymmetricKeyType === 'ec' ? { key, dsaEncoding: 'der' } : key, signature);
}

const childrenOf = (block: asn1js.AsnType | undefined): asn1js.BaseBlock[] =>
  block instanceof asn1js.Constructed ? (block.valueBlock.value as asn1js.BaseBlock[]) : [];
const octetsOf = (block: asn1js.AsnType | undefined): Buffer | null =>
  block instanceof asn1js.OctetString ? Buffer.from(block.getValue()) : null;

/**
 * ESS signing-certificate(-v2) (RFC 5035), when present, binds the signature to one certificate: its hash must be
 * that of the embedded signer's certificate (else the certificate, outside the signature, could be swapped).
 */
function signsWithCertificate(signedAttribute: CmsCheck['signedAttribute'], certificate: Buffer): boolean {
  const v2 = signedAttribute(OID.signingCertificateV2);
  const attr = v2 ?? signedAttribute(OID.signingCertificate);
  if (!attr) return true;
  // SigningCertificate(V2) { certs SEQUENCE OF ESSCertID(v2) { [hashAlgorithm,] certHash, issuerSerial? }, policies? }
  const parts = childrenOf(childrenOf(childrenOf(attr)[0])[0]);
  let algorithm = v2 ? 'sha256' : 'sha1';
  let i = 0;
  if (v2 && parts[0] instanceof asn1js.Sequence) {
    algorithm = DIGESTS[new pkijs.AlgorithmIdentifier({ schema: parts[0] }).algorithmId]?.node ?? '';
    i = 1;
  }
  const hash = octetsOf(parts[i]);
  return Boolean(algorithm) && hash !== null && hash.equals(digest(algorithm, certificate));
}

const attributeFinder = (attributes: pkijs.SignedAndUnsignedAttributes | undefined) => (type: string) =>
  attributes?.attributes.find((a) => a.type === type)?.values[0] as asn1js.BaseBlock | undefined;

/**
 * The signer's certificate among the embedded ones, by the SignerInfo's sid (issuer and serial, or subject key id),
 * with its bytes as embedded (fingerprints and the ESS hash are over those).
 */
function findSigner(
  embedded: asn1js.BaseBlock[],
  sid: pkijs.SignerInfo['sid'],
): { der: Buffer; facts: CertificateFacts } | null {
  for (const block of embedded) {
    if (!(block instanceof asn1js.Sequence)) continue; // not the tagged attribute-certificate forms
    const der = Buffer.from(block.valueBeforeDecodeView);
    const facts = certificateFacts(der);
    if (sid instanceof pkijs.IssuerAndSerialNumber) {
      if (facts.parsed.serialNumber.isEqual(sid.serialNumber) && facts.parsed.issuer.isEqual(sid.issuer))
        return { der, facts };
    } else {
      // [0] SubjectKeyIdentifier: implicit (as RFC 5652 has it), or wrapping the OCTET STRING.
      const block = sid as asn1js.BaseBlock;
      const keyId =
        block instanceof asn1js.Constructed
          ? octetsOf(childrenOf(block)[0])
          : Buffer.from((block as asn1js.Primitive).valueBlock.valueHexView);
      if (keyId && facts.keyId?.equals(keyId)) return { der, facts };
    }
  }
  return null;
}

/**
 * Verifies a CMS SignedData's first signer over the detached content (`detached`, hashed in place: the PDF's
 * signed ranges) or the encapsulated content. Never throws: a structure that cannot be read is reported invalid.
 * Each embedded certificate is parsed once per process (certificateFacts).
 */
export function checkCms(cms: Uint8Array, detached: Uint8Array[] | null): CmsCheck {
  const result: CmsCheck = {
    valid: false,
    problem: null,
    signerCertificate: null,
    signer: null,
    signatureValue: null,
    contentType: null,
    content: null,
    signedAttribute: () => undefined,
    unsignedAttribute: () => undefined,
  };
  try {
    let encap: pkijs.EncapsulatedContentInfo;
    let signerInfo: pkijs.SignerInfo | undefined;
    let embedded: asn1js.BaseBlock[];
    try {
      const info = new pkijs.ContentInfo({ schema: parseDer(cms, 'the CMS') });
      if (info.contentType !== OID.signedData) throw new Error();
      // SignedData { version, digestAlgorithms, encapContentInfo, [0] certificates?, [1] crls?, signerInfos }, read
      // part by part: pkijs's SignedData schema builds the attribute-certificate schemas too on every read (some
      // 60 % of a check's time), and each embedded certificate is read once per process (certificateFacts).
      const fields = childrenOf(info.content);
      const certificateSet = fields
        .slice(3, -1)
        .find((b) => b.idBlock.tagClass === 3 && b.idBlock.tagNumber === 0);
      embedded = childrenOf(certificateSet);
      encap = new pkijs.EncapsulatedContentInfo({ schema: fields[2] });
      const signerInfos = fields.at(-1);
      if (!(signerInfos instanceof asn1js.Set) || fields.length < 4) throw new Error();
      const first = childrenOf(signerInfos)[0];
      signerInfo = first && new pkijs.SignerInfo({ schema: first });
    } catch {
      throw new Error('not a CMS SignedData');
    }
    if (!signerInfo) throw new Error('no signer');
    result.signedAttribute = attributeFinder(signerInfo.signedAttrs);
    const unsigned = signerInfo.unsignedAttrs?.attributes;
    result.unsignedAttribute = (type) => {
      const value = unsigned?.find((a) => a.type === type)?.values[0] as asn1js.BaseBlock | undefined;
      return value ? { value, der: Buffer.from(value.valueBeforeDecodeView) } : undefined;
    };
    result.signatureValue = Buffer.from(signerInfo.signature.getValue());

    const signer = findSigner(embedded, signerInfo.sid);
    if (!signer) throw new Error("the signer's certificate is not embedded");
    result.signer = signer.facts;
    result.signerCertificate = signer.der;

    const digestOid = signerInfo.digestAlgorithm.algorithmId;
    const digestName = DIGESTS[digestOid]?.node;
    if (!digestName) throw new Error(`unsupported digest algorithm ${digestOid}`);
    result.contentType = encap.eContentType;
    // getValue() joins the segments of a constructed (BER) OCTET STRING.
    if (encap.eContent instanceof asn1js.OctetString) result.content = Buffer.from(encap.eContent.getValue());
    const contents = detached ?? (result.content ? [result.content] : null);
    if (!contents) throw new Error('no content to verify');
    const hash = createHash(digestName);
    for (const part of contents) hash.update(part);
    const contentDigest = hash.digest();

    if (!signerInfo.signedAttrs) {
      result.valid = verifySignature(
        signerInfo.signatureAlgorithm,
        result.signatureValue,
        Buffer.concat(contents),
        signer.facts,
        digestName,
      );
      if (!result.valid) result.problem = 'the signature does not verify';
      return result;
    }
    const messageDigest = octetsOf(result.signedAttribute(OID.messageDigest));
    if (!messageDigest?.equals(contentDigest)) {
      result.problem = 'the signed content was changed (message digest mismatch)';
      return result;
    }
    const contentType = result.signedAttribute(OID.contentType);
    if (!(contentType instanceof asn1js.ObjectIdentifier) || contentType.getValue() !== result.contentType) {
      result.problem = 'the content type attribute does not match';
      return result;
    }
    if (!signsWithCertificate(result.signedAttribute, result.signerCertificate)) {
      result.problem =
        "the signing-certificate attribute names another certificate than the embedded signer's";
      return result;
    }
    // pkijs keeps the signed attributes' encoding as found, retagged as the SET OF that is signed.
    result.valid = verifySignature(
      signerInfo.signatureAlgorithm,
      result.signatureValue,
      Buffer.from(signerInfo.signedAttrs.encodedValue),
      signer.facts,
      digestName,
    );
    if (!result.valid) result.problem = 'the signature does not verify';
  } catch (err) {
    result.valid = false;
    result.problem = err instanceof Error ? err.message : String(err);
  }
  return result;
}
