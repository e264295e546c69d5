import { constants, createHash, verify } from 'node:crypto';
import { DIGESTS, OID, SHA256, der, digest } from './der';
import {
  childrenOf,
  isOctetString,
  octetsOf,
  oidOf,
  readElement,
  smallIntegerOf,
  type Element,
} from './der-reader';
import { certificateFacts, certificateParts, issuedBy, type CertificateFacts } from './certificates';
import type { SigningKey } from './pkcs12';

/**
 * CMS SignedData (RFC 5652) as the seal and the time-stamping authority write it, and its verification.
 * Written: signer identified by issuer and serial number, SHA-256, the signed attributes content-type, message-digest
 * and ESS signing-certificate-v2 (RFC 5035), no signing-time (PAdES baseline keeps the claimed time in the
 * signature dictionary's M entry), the certificate chain embedded.
 */

/** An Attribute: SEQUENCE { type, SET { value } } (one value each, as CMS attributes here have). */
const attribute = (type: string, value: Uint8Array) => der.sequence(der.oid(type), der.setOf(value));

/** ESS signing-certificate-v2: the SHA-256 of the signer's certificate, with its issuer and serial number. */
function signingCertificateV2(certificate: Buffer): Buffer {
  const { issuer, serial } = certificateParts(certificate);
  // ESSCertIDv2 { hashAlgorithm DEFAULT sha256 (left out), certHash, IssuerSerial { GeneralNames { [4] Name }, serial } }
  const essCertIdV2 = der.sequence(
    der.octetString(digest('sha256', certificate)),
    der.sequence(der.sequence(der.context(4, issuer)), serial),
  );
  return attribute(OID.signingCertificateV2, der.sequence(der.sequence(essCertIdV2)));
}

const signatureAlgorithmOf = (key: SigningKey) =>
  key.keyType === 'EC' ? der.algorithm(OID.ecdsaWithSha256) : der.algorithm(OID.sha256WithRsa, der.null());

export type SignedCms = {
  /** The signature value, which a signature time-stamp covers. */
  signatureValue: Buffer;
  /** The ContentInfo (DER), with unsigned attributes added (e.g. a signature time-stamp token). */
  toDer(unsigned?: { type: string; value: Uint8Array }[]): Buffer;
};

/**
 * Signs: `contentDigest` is the SHA-256 of the content (detached: the PDF's ByteRange), or the content itself is
 * encapsulated when given (a time-stamp token's TSTInfo). Written with the DER writer, certificates as they are.
 */
export async function signCms(opts: {
  key: SigningKey;
  contentType: string;
  contentDigest: Buffer;
  encapsulated?: Buffer;
  certificates: Buffer[];
}): Promise<SignedCms> {
  const signedAttributes = der.setOf(
    attribute(OID.contentType, der.oid(opts.contentType)),
    attribute(OID.messageDigest, der.octetString(opts.contentDigest)),
    signingCertificateV2(opts.key.certificate),
  );
  const signatureValue = Buffer.from(await opts.key.sign(signedAttributes));
  const { issuer, serial } = certificateParts(opts.key.certificate);
  const sha256 = der.algorithm(SHA256);
  const toDer = (unsigned: { type: string; value: Uint8Array }[] = []) => {
    const signerInfo = der.sequence(
      der.integer(1),
      der.sequence(issuer, serial),
      sha256,
      // signedAttrs [0] IMPLICIT: the SET OF signed, retagged.
      Buffer.concat([Buffer.from([0xa0]), signedAttributes.subarray(1)]),
      signatureAlgorithmOf(opts.key),
      der.octetString(signatureValue),
      ...(unsigned.length ? [der.context(1, ...unsigned.map((u) => attribute(u.type, u.value)))] : []),
    );
    const signedData = der.sequence(
      // RFC 5652 5.1: version 3 when the content is not id-data.
      der.integer(opts.contentType === OID.data ? 1 : 3),
      der.setOf(sha256),
      der.sequence(
        der.oid(opts.contentType),
        ...(opts.encapsulated ? [der.context(0, der.octetString(opts.encapsulated))] : []),
      ),
      ...(opts.certificates.length ? [der.context(0, ...opts.certificates)] : []),
      der.setOf(signerInfo),
    );
    return der.sequence(der.oid(OID.signedData), der.context(0, signedData));
  };
  return { signatureValue, toDer };
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
  /** An attribute's (first) value, as its DER element. */
  signedAttribute(type: string): Element | undefined;
  unsignedAttribute(type: string): Element | undefined;
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

/** The signature (signatureAlgorithm: its AlgorithmIdentifier element) over `data` with the signer's public key. */
function verifySignature(
  signatureAlgorithm: Element,
  signature: Buffer,
  data: Buffer,
  signer: CertificateFacts,
  digestName: string,
): boolean {
  const key = signer.publicKey;
  const [oid, params] = childrenOf(signatureAlgorithm);
  const algorithm = oidOf(oid);
  if (algorithm === RSASSA_PSS) {
    // RSASSA-PSS-params { [0] hashAlgorithm DEFAULT sha1, [1] maskGenAlgorithm, [2] saltLength DEFAULT 20, [3] trailerField }
    let hash = 'sha1';
    let saltLength = 20;
    for (const field of params ? childrenOf(params) : []) {
      const [value] = childrenOf(field);
      if (field.tag === 0xa0) hash = DIGESTS[oidOf(childrenOf(value!)[0])]?.node ?? 'sha1';
      if (field.tag === 0xa2) saltLength = smallIntegerOf(value);
    }
    return verify(hash, data, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength }, signature);
  }
  const hash = SIGNATURE_HASHES[algorithm] ?? digestName;
  return verify(hash, data, key.asymmetricKeyType === 'ec' ? { key, dsaEncoding: 'der' } : key, signature);
}

/**
 * ESS signing-certificate(-v2) (RFC 5035), when present, binds the signature to one certificate: its hash must be
 * that of the embedded signer's certificate (else the certificate, outside the signature, could be swapped).
 */
function signsWithCertificate(signedAttribute: CmsCheck['signedAttribute'], certificate: Buffer): boolean {
  const v2 = signedAttribute(OID.signingCertificateV2);
  const v1 = signedAttribute(OID.signingCertificate);
  const attr = v2 ?? v1;
  if (!attr) return true;
  // SigningCertificate(V2) { certs SEQUENCE OF ESSCertID(v2) { [hashAlgorithm,] certHash, issuerSerial? }, policies? }
  const [certs] = childrenOf(attr);
  const [first] = certs ? childrenOf(certs) : [];
  const parts = first ? childrenOf(first) : [];
  let algorithm = v2 ? 'sha256' : 'sha1';
  let i = 0;
  if (v2 && parts[0]?.tag === 0x30) {
    algorithm = DIGESTS[oidOf(childrenOf(parts[0])[0])]?.node ?? '';
    i = 1;
  }
  const hash = parts[i];
  return Boolean(algorithm) && isOctetString(hash) && octetsOf(hash).equals(digest(algorithm, certificate));
}

/** Attributes: SET OF Attribute { type, SET OF value }; the first value of the first of that type. */
const attributeFinder = (attributes: Element | undefined) => {
  const list = attributes ? childrenOf(attributes).map(childrenOf) : [];
  return (type: string) => {
    const found = list.find(([t]) => t?.tag === 0x06 && oidOf(t) === type);
    return found?.[1] ? childrenOf(found[1])[0] : undefined;
  };
};

/** The signer's certificate among the embedded ones, by the SignerInfo's sid (issuer and serial, or key id). */
function findSigner(certificates: Element[], sid: Element): { raw: Buffer; facts: CertificateFacts } | null {
  for (const certificate of certificates) {
    const facts = certificateFacts(certificate.raw);
    if (sid.tag === 0x30) {
      const [issuer, serial] = childrenOf(sid);
      if (issuer && serial && facts.serial.equals(serial.raw) && issuedBy(facts, issuer.raw))
        return { raw: certificate.raw, facts };
    } else if (sid.tag === 0x80 || sid.tag === 0xa0) {
      // [0] SubjectKeyIdentifier: implicit (as RFC 5652 has it), or wrapping the OCTET STRING.
      const keyId = sid.tag === 0x80 ? sid.content : octetsOf(childrenOf(sid)[0] ?? fail('key identifier'));
      if (facts.keyId?.equals(keyId)) return { raw: certificate.raw, facts };
    }
  }
  return null;
}

const fail = (problem: string): never => {
  throw new Error(problem);
};

/**
 * Verifies a CMS SignedData's first signer over the detached content (`detached`, hashed in place: the PDF's
 * signed ranges) or the encapsulated content. Never throws: a structure that cannot be read is reported invalid.
 * Read in place (der-reader.ts); each embedded certificate is parsed once per process (certificateFacts).
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
    // ContentInfo { contentType, [0] EXPLICIT SignedData }
    const [type, wrapped] = childrenOf(readElement(cms));
    if (type?.tag !== 0x06 || oidOf(type) !== OID.signedData || wrapped?.tag !== 0xa0)
      throw new Error('not a CMS SignedData');
    // SignedData { version, digestAlgorithms, encapContentInfo, [0] certificates?, [1] crls?, signerInfos }
    const fields = childrenOf(childrenOf(wrapped)[0] ?? fail('not a CMS SignedData'));
    const encapContentInfo = fields[2]?.tag === 0x30 ? fields[2] : fail('no encapsulated content info');
    const signerInfos = fields.at(-1)?.tag === 0x31 ? fields.at(-1)! : fail('no signer infos');
    const embedded = fields.slice(3, -1).find((f) => f.tag === 0xa0);
    // SignerInfo { version, sid, digestAlgorithm, [0] signedAttrs?, signatureAlgorithm, signature, [1] unsignedAttrs? }
    const signerInfo = childrenOf(signerInfos)[0];
    if (!signerInfo) throw new Error('no signer');
    const parts = childrenOf(signerInfo);
    const [, sid, digestAlgorithm] = parts;
    let at = 3;
    const signedAttrs = parts[at]?.tag === 0xa0 ? parts[at++] : undefined;
    const signatureAlgorithm = parts[at++];
    const signature = parts[at++];
    const unsignedAttrs = parts[at]?.tag === 0xa1 ? parts[at] : undefined;
    if (
      !sid ||
      digestAlgorithm?.tag !== 0x30 ||
      signatureAlgorithm?.tag !== 0x30 ||
      !isOctetString(signature)
    )
      throw new Error('the signer info cannot be read');
    result.signedAttribute = attributeFinder(signedAttrs);
    result.unsignedAttribute = attributeFinder(unsignedAttrs);
    result.signatureValue = Buffer.from(octetsOf(signature));

    // CertificateChoices: only plain certificates (SEQUENCE), not the tagged attribute-certificate forms.
    const certificates = (embedded ? childrenOf(embedded) : []).filter((c) => c.tag === 0x30);
    const signer = findSigner(certificates, sid);
    if (!signer) throw new Error("the signer's certificate is not embedded");
    result.signer = signer.facts;
    // The certificate's bytes as embedded (not re-encoded): fingerprints and the ESS hash are over those.
    result.signerCertificate = Buffer.from(signer.raw);

    const digestOid = oidOf(childrenOf(digestAlgorithm)[0]);
    const digestName = DIGESTS[digestOid]?.node;
    if (!digestName) throw new Error(`unsupported digest algorithm ${digestOid}`);
    // EncapsulatedContentInfo { eContentType, [0] EXPLICIT eContent OCTET STRING? }
    const [eContentType, eContentWrapper] = childrenOf(encapContentInfo);
    result.contentType = oidOf(eContentType);
    const eContent = eContentWrapper?.tag === 0xa0 ? childrenOf(eContentWrapper)[0] : undefined;
    if (isOctetString(eContent)) result.content = Buffer.from(octetsOf(eContent));
    const contents = detached ?? (result.content ? [result.content] : null);
    if (!contents) throw new Error('no content to verify');
    const hash = createHash(digestName);
    for (const part of contents) hash.update(part);
    const contentDigest = hash.digest();

    if (!signedAttrs) {
      result.valid = verifySignature(
        signatureAlgorithm,
        result.signatureValue,
        Buffer.concat(contents),
        signer.facts,
        digestName,
      );
      if (!result.valid) result.problem = 'the signature does not verify';
      return result;
    }
    const messageDigest = result.signedAttribute(OID.messageDigest);
    if (!isOctetString(messageDigest) || !octetsOf(messageDigest).equals(contentDigest)) {
      result.problem = 'the signed content was changed (message digest mismatch)';
      return result;
    }
    const contentType = result.signedAttribute(OID.contentType);
    if (contentType?.tag !== 0x06 || oidOf(contentType) !== result.contentType) {
      result.problem = 'the content type attribute does not match';
      return result;
    }
    if (!signsWithCertificate(result.signedAttribute, result.signerCertificate)) {
      result.problem =
        "the signing-certificate attribute names another certificate than the embedded signer's";
      return result;
    }
    // The signature covers the signed attributes as a DER SET OF (tag 0x31 instead of the implicit [0]).
    const signed = Buffer.from(signedAttrs.raw);
    signed[0] = 0x31;
    result.valid = verifySignature(
      signatureAlgorithm,
      result.signatureValue,
      signed,
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
