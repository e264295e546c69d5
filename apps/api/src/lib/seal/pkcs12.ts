import { KeyObject, createPublicKey, randomBytes, sign as signWithKey, verify } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { OID, arrayBufferOf, derOf, parseDer, usePkijs } from './der';
import { parseCertificate } from './certificates';

/**
 * PKCS #12 files: written with pkijs (PBES2, AES-256-CBC, PBKDF2 and a SHA-256 MAC, as OpenSSL 3 writes them), read
 * with @libpdf/core's P12Signer, which also opens the legacy 3DES and RC2 files older tools export.
 */

/** A private key and its certificate, ready to sign (SHA-256). The key never leaves this object. */
export type SigningKey = {
  /** The key's certificate (DER). */
  certificate: Buffer;
  /** The other certificates of the file (DER), issuers first as found. */
  chain: Buffer[];
  keyType: 'RSA' | 'EC';
  sign(data: Uint8Array): Promise<Uint8Array>;
};

/** A PKCS #12 file that cannot be used: unreadable, wrong passphrase, no key, no matching or no valid certificate. */
export class SealKeyError extends Error {
  override name = 'SealKeyError';
}

/** Writes a PKCS #12 holding one key (PKCS #8, DER), its certificate and the issuers' certificates. */
export async function writePkcs12(opts: {
  key: Uint8Array;
  certificate: Uint8Array;
  chain: Uint8Array[];
  passphrase: string;
  friendlyName: string;
}): Promise<Buffer> {
  usePkijs();
  const password = arrayBufferOf(Buffer.from(opts.passphrase, 'utf8'));
  const encryption = {
    password,
    // pkijs draws a random IV for each encryption; its type asks for one all the same.
    contentEncryptionAlgorithm: { name: 'AES-CBC', length: 256, iv: new Uint8Array(16) },
    hmacHashAlgorithm: 'SHA-256',
    iterationCount: 2048,
  };
  const localKeyId = randomBytes(20);
  const attributes = (name?: string) => [
    ...(name
      ? [new pkijs.Attribute({ type: OID.friendlyName, values: [new asn1js.BmpString({ value: name })] })]
      : []),
    new pkijs.Attribute({
      type: OID.localKeyId,
      values: [new asn1js.OctetString({ valueHex: arrayBufferOf(localKeyId) })],
    }),
  ];
  const keyBag = new pkijs.PKCS8ShroudedKeyBag({
    parsedValue: new pkijs.PrivateKeyInfo({ schema: parseDer(opts.key, 'private key') }),
  });
  await keyBag.makeInternalValues(encryption);
  const certBag = (der: Uint8Array) =>
    new pkijs.CertBag({ certId: OID.x509Certificate, parsedValue: parseCertificate(der) });
  const pfx = new pkijs.PFX({
    parsedValue: {
      integrityMode: 0,
      authenticatedSafe: new pkijs.AuthenticatedSafe({
        parsedValue: {
          safeContents: [
            {
              privacyMode: 0,
              value: new pkijs.SafeContents({
                safeBags: [
                  new pkijs.SafeBag({
                    bagId: OID.pkcs8ShroudedKeyBag,
                    bagValue: keyBag,
                    bagAttributes: attributes(opts.friendlyName),
                  }),
                ],
              }),
            },
            {
              privacyMode: 1,
              value: new pkijs.SafeContents({
                safeBags: [
                  new pkijs.SafeBag({
                    bagId: OID.certBag,
                    bagValue: certBag(opts.certificate),
                    bagAttributes: attributes(opts.friendlyName),
                  }),
                  ...opts.chain.map(
                    (der) => new pkijs.SafeBag({ bagId: OID.certBag, bagValue: certBag(der) }),
                  ),
                ],
              }),
            },
          ],
        },
      }),
    },
  });
  await pfx.parsedValue!.authenticatedSafe!.makeInternalValues({ safeContents: [{}, encryption] });
  await pfx.makeInternalValues({
    password,
    iterations: 2048,
    pbkdf2HashAlgorithm: { name: 'SHA-256' },
    hmacHashAlgorithm: 'SHA-256',
  });
  return derOf(pfx);
}

const libpdf = () => import('@libpdf/core');

/**
 * How an opened PKCS #12 signs (SHA-256). P12Signer.sign goes through WebCrypto, which sends each signature to the
 * thread pool and back: that round trip cost a proof's seal more than the signature's own CPU time (docs/performance.md).
 * So the key P12Signer imported (a WebCrypto CryptoKey, kept in its `privateKey` field, which its types call private)
 * signs here synchronously with node:crypto; ECDSA comes out DER-encoded, as CMS wants it. Should a later @libpdf/core
 * keep its key otherwise, P12Signer.sign is used as before (`pkcs12.test.ts` fails then, so it is noticed).
 */
export function signerOf(signer: {
  sign(data: Uint8Array, algorithm: 'SHA-256'): Promise<Uint8Array>;
}): SigningKey['sign'] & { direct: boolean } {
  const key = (signer as { privateKey?: unknown }).privateKey;
  if (key instanceof CryptoKey) {
    const privateKey = KeyObject.from(key);
    return Object.assign(
      async (data: Uint8Array) => signWithKey('sha256', data, { key: privateKey, dsaEncoding: 'der' }),
      { direct: true },
    );
  }
  return Object.assign((data: Uint8Array) => signer.sign(data, 'SHA-256'), { direct: false });
}

/**
 * Opens a PKCS #12 in memory (nothing is written anywhere). The signing certificate is the one whose public key
 * verifies a probe signature, wherever it stands in the file; it must be valid now.
 */
export async function openPkcs12(
  bytes: Uint8Array,
  passphrase: string,
  now = new Date(),
): Promise<SigningKey> {
  usePkijs();
  const { P12Signer } = await libpdf();
  let signer: Awaited<ReturnType<typeof P12Signer.create>>;
  try {
    signer = await P12Signer.create(new Uint8Array(bytes), passphrase);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new SealKeyError(
      /password|mac|integrity|decrypt/i.test(message)
        ? 'The PKCS #12 passphrase is wrong, or the file is damaged'
        : `The PKCS #12 file cannot be read (${message})`,
      { cause: err },
    );
  }
  if (signer.signatureAlgorithm === 'RSA-PSS')
    throw new SealKeyError('RSA-PSS keys are not supported for sealing: use an RSA or ECDSA key');
  const sign = signerOf(signer);
  const probe = randomBytes(32);
  const probeSignature = await sign(probe);
  const certificates = [signer.certificate, ...signer.certificateChain].map((c) => Buffer.from(c));
  const own = certificates.find((der) => {
    try {
      const key = createPublicKey({
        key: derOf(parseCertificate(der).subjectPublicKeyInfo),
        format: 'der',
        type: 'spki',
      });
      return verify('sha256', probe, key, probeSignature);
    } catch {
      return false;
    }
  });
  if (!own) throw new SealKeyError('The PKCS #12 file holds no certificate for its private key');
  const cert = parseCertificate(own);
  if (cert.notBefore.value > now || cert.notAfter.value < now)
    throw new SealKeyError(
      `The PKCS #12 certificate is not valid now (valid ${cert.notBefore.value.toISOString()} to ${cert.notAfter.value.toISOString()})`,
    );
  return { certificate: own, chain: certificates.filter((c) => c !== own), keyType: signer.keyType, sign };
}
