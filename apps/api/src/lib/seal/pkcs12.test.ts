import { generateKeyPairSync, randomBytes, sign as nodeSign, verify, type KeyObject } from 'node:crypto';
import { P12Signer } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { issueCertificate } from './certificates';
import { openPkcs12, signerOf, writePkcs12 } from './pkcs12';

/** A PKCS #12 of a self-signed seal certificate for `keys`. */
async function pkcs12Of(keys: { publicKey: KeyObject; privateKey: KeyObject }): Promise<Buffer> {
  const now = Date.now();
  const certificate = await issueCertificate({
    profile: 'seal',
    commonName: 'Test Seal',
    publicKey: keys.publicKey.export({ format: 'der', type: 'spki' }),
    sign: async (tbs) => nodeSign('sha256', tbs, keys.privateKey),
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + 86_400_000),
  });
  return writePkcs12({
    key: keys.privateKey.export({ format: 'der', type: 'pkcs8' }),
    certificate,
    chain: [],
    passphrase: 'pw',
    friendlyName: 'Test Seal',
  });
}

describe('signing with an opened PKCS #12', () => {
  it.each([
    ['RSA', () => generateKeyPairSync('rsa', { modulusLength: 2048 })],
    ['ECDSA P-256', () => generateKeyPairSync('ec', { namedCurve: 'P-256' })],
  ])(
    'signs %s with node:crypto directly (not through WebCrypto), DER-encoded, verifiable with the certificate',
    async (_kind, make) => {
      const keys = make();
      const bytes = await pkcs12Of(keys);
      // What @libpdf/core's P12Signer keeps is what the direct path reads: if it changes, this says so.
      expect(signerOf(await P12Signer.create(new Uint8Array(bytes), 'pw')).direct).toBe(true);
      const key = await openPkcs12(bytes, 'pw');
      const data = randomBytes(100);
      const signature = await key.sign(data);
      expect(verify('sha256', data, { key: keys.publicKey, dsaEncoding: 'der' }, signature)).toBe(true);
    },
  );

  it('falls back to the signer’s own sign when it keeps no CryptoKey', async () => {
    const calls: string[] = [];
    const sign = signerOf({
      sign: async (_data, algorithm) => (calls.push(algorithm), new Uint8Array([1, 2, 3])),
    });
    expect(sign.direct).toBe(false);
    expect(await sign(new Uint8Array([9]))).toEqual(new Uint8Array([1, 2, 3]));
    expect(calls).toEqual(['SHA-256']);
  });
});
