import { constants, createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { DIGESTS, OID, SHA256, der, derOf, digest, parseDer, usePkijs } from './der';
import { certificateParts } from './certificates';
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
  const essCertIdV2 = der.sequence(der.octetString(digest('sha256', certificate)), der.sequence(der.sequence(der.context(4, issuer)), serial));
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
      der.sequence(der.oid(opts.contentType), ...(opts.encapsulated ? [der.context(0, der.octetString(opts.encapsulated))] : [])),
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
  signer: pkijs.Certificate | null;
  signatureValue: Buffer | null;
  contentType: string | null;
  /** The encapsulated content (a time-stamp token's TSTInfo), if any. */
  content: Buffer | null;
  signedAttribute(type: string): asn1js.AsnType | undefined;
  unsignedAttribute(type: string): asn1js.AsnType | undefined;
};

const octets = (value: asn1js.OctetString): Buffer =>
  value.valueBlock.isConstructed
    ? Buffer.concat((value.valueBlock.value as asn1js.OctetString[]).map(octets))
    : Buffer.from(value.valueBlock.valueHexView);

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

/** Public keys by their SubjectPublicKeyInfo (DER, as Latin-1 text): the same few signers (the seal, the authority) recur. */
const publicKeys = new Map<string, KeyObject>();
function publicKeyOf(spki: Buffer): KeyObject {
  const id = spki.toString('latin1');
  let key = publicKeys.get(id);
  if (!key) {
    key = createPublicKey({ key: spki, format: 'der', type: 'spki' });
    if (publicKeys.size >= 64) publicKeys.clear();
    publicKeys.set(id, key);
  }
  return key;
}

function verifySignature(signerInfo: pkijs.SignerInfo, data: Buffer, cert: pkijs.Certificate, digestName: string): boolean {
  const key = publicKeyOf(derOf(cert.subjectPublicKeyInfo));
  const algorithm = signerInfo.signatureAlgorithm.algorithmId;
  const signature = Buffer.from(signerInfo.signature.valueBlock.valueHexView);
  if (algorithm === '1.2.840.113549.1.1.10') {
    const params = new pkijs.RSASSAPSSParams({ schema: signerInfo.signatureAlgorithm.algorithmParams });
    const hash = DIGESTS[params.hashAlgorithm.algorithmId]?.node ?? 'sha1';
    return verify(hash, data, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: params.saltLength }, signature);
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
  const first = ((attr as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence | undefined)?.valueBlock.value[0] as asn1js.Sequence | undefined;
  const parts = first?.valueBlock.value ?? [];
  let algorithm = v2 ? 'sha256' : 'sha1';
  let i = 0;
  if (v2 && parts[0] instanceof asn1js.Sequence) {
    const oid = (parts[0].valueBlock.value[0] as asn1js.ObjectIdentifier).valueBlock.toString();
    algorithm = DIGESTS[oid]?.node ?? '';
    i = 1;
  }
  const hash = parts[i];
  return Boolean(algorithm) && hash instanceof asn1js.OctetString && octets(hash).equals(digest(algorithm, certificate));
}

/**
 * Verifies a CMS SignedData's first signer over the detached content (`detached`, hashed in place: the PDF's
 * signed ranges) or the encapsulated content. Never throws: a structure that cannot be read is reported invalid.
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
    usePkijs();
    const info = new pkijs.ContentInfo({ schema: parseDer(cms, 'CMS') });
    if (info.contentType !== OID.signedData) throw new Error('not a CMS SignedData');
    const signedData = new pkijs.SignedData({ schema: info.content });
    const signerInfo = signedData.signerInfos[0];
    if (!signerInfo) throw new Error('no signer');
    const findAttribute = (attrs: pkijs.SignedAndUnsignedAttributes | undefined) => (type: string) =>
      attrs?.attributes.find((a) => a.type === type)?.values[0];
    result.signedAttribute = findAttribute(signerInfo.signedAttrs);
    result.unsignedAttribute = findAttribute(signerInfo.unsignedAttrs);
    result.signatureValue = Buffer.from(signerInfo.signature.valueBlock.valueHexView);

    const certificates = (signedData.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
    const sid = signerInfo.sid;
    const signer = certificates.find((c) =>
      sid instanceof pkijs.IssuerAndSerialNumber
        ? c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber)
        : c.extensions?.some(
            (e) => e.extnID === OID.subjectKeyIdentifier && Buffer.from(e.extnValue.valueBlock.valueHexView).subarray(2).equals(octets(sid as asn1js.OctetString)),
          ),
    );
    if (!signer) throw new Error("the signer's certificate is not embedded");
    result.signer = signer;
    // The certificate's bytes as embedded (not re-encoded): fingerprints and the ESS hash are over those.
    const embedded = (info.content as asn1js.Sequence).valueBlock.value.find((e) => e.idBlock.tagClass === 3 && e.idBlock.tagNumber === 0);
    const raw = (embedded as asn1js.Constructed | undefined)?.valueBlock.value[(signedData.certificates ?? []).indexOf(signer)];
    result.signerCertificate = raw ? Buffer.from(raw.valueBeforeDecodeView) : derOf(signer);

    const digestName = DIGESTS[signerInfo.digestAlgorithm.algorithmId]?.node;
    if (!digestName) throw new Error(`unsupported digest algorithm ${signerInfo.digestAlgorithm.algorithmId}`);
    result.contentType = signedData.encapContentInfo.eContentType;
    const eContent = signedData.encapContentInfo.eContent;
    if (eContent) result.content = octets(eContent);
    const parts = detached ?? (result.content ? [result.content] : null);
    if (!parts) throw new Error('no content to verify');
    const hash = createHash(digestName);
    for (const part of parts) hash.update(part);
    const contentDigest = hash.digest();

    if (!signerInfo.signedAttrs) {
      result.valid = verifySignature(signerInfo, Buffer.concat(parts), signer, digestName);
      if (!result.valid) result.problem = 'the signature does not verify';
      return result;
    }
    const messageDigest = result.signedAttribute(OID.messageDigest);
    if (!(messageDigest instanceof asn1js.OctetString) || !octets(messageDigest).equals(contentDigest)) {
      result.problem = 'the signed content was changed (message digest mismatch)';
      return result;
    }
    const contentType = result.signedAttribute(OID.contentType);
    if (!(contentType instanceof asn1js.ObjectIdentifier) || contentType.valueBlock.toString() !== signedData.encapContentInfo.eContentType) {
      result.problem = 'the content type attribute does not match';
      return result;
    }
    if (!signsWithCertificate(result.signedAttribute, result.signerCertificate)) {
      result.problem = "the signing-certificate attribute names another certificate than the embedded signer's";
      return result;
    }
    // The signature covers the signed attributes as a DER SET OF (tag 0x31 instead of the implicit [0]).
    const signedAttrs = Buffer.from(signerInfo.signedAttrs.encodedValue);
    signedAttrs[0] = 0x31;
    result.valid = verifySignature(signerInfo, signedAttrs, signer, digestName);
    if (!result.valid) result.problem = 'the signature does not verify';
  } catch (err) {
    result.valid = false;
    result.problem = err instanceof Error ? err.message : String(err);
  }
  return result;
}
