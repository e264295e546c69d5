import { X509Certificate, createHash, generateKeyPairSync, sign as rsaSign } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDF } from '@libpdf/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../../test/document-factories';
import { hasPdfsig, hasPdftoppm, pdfPages, pdfsig } from '../../../test/tools';
import { issueCertificate, summaryOf } from './certificates';
import { LOCAL_FILES, LOCAL_NAMES, openLocalAuthority } from './local-authority';
import { SealKeyError, openPkcs12, writePkcs12 } from './pkcs12';
import { readSeal } from './read-seal';
import { sealPdf } from './seal-pdf';
import { createSealer, type Sealer } from './sealer';
import { timestampResponder } from './timestamp-responder';

const sealerIn = (dataDir: string, extra: { TSA_URL?: string } = {}) =>
  createSealer({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    SEAL_P12_PATH: undefined,
    SEAL_P12_PASSPHRASE: undefined,
    ...extra,
  });

/** Every file under `dir` with its SHA-256: what a call may not have written. */
const snapshot = (dir: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => {
        const path = join(e.parentPath, e.name);
        return [path, createHash('sha256').update(readFileSync(path)).digest('hex')];
      }),
  );

let dataDir: string;
let sealer: Sealer;
let original: Buffer;
let sealed: Buffer;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lexserve-seal-'));
  sealer = sealerIn(dataDir);
  original = await makePdf(2, 'Notice of motion');
  const result = await sealer.seal(original);
  expect(result.timestamped).toBe(true);
  sealed = result.pdf;
}, 60_000);

describe('the embedded seal', () => {
  it('makes the local CA, seal and TSA keys once in DATA_DIR/seal (mode 0600) and reuses them on a second start', async () => {
    const dir = join(dataDir, 'seal');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    for (const name of Object.values(LOCAL_FILES))
      expect(statSync(join(dir, name)).mode & 0o777, name).toBe(0o600);
    const ca = readFileSync(join(dir, LOCAL_FILES.caPem), 'utf8');
    expect(ca).toMatch(/^-----BEGIN CERTIFICATE-----\n[A-Za-z0-9+/=\n]+-----END CERTIFICATE-----\n$/);
    const caDer = Buffer.from(ca.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');
    expect(summaryOf(caDer).subject).toBe(`CN=${LOCAL_NAMES.ca}, O=LexServe, C=ZA`);

    const first = readSeal(sealed);
    expect(first.signer).toMatchObject({
      subject: `CN=${LOCAL_NAMES.seal}, O=LexServe, C=ZA`,
      issuer: `CN=${LOCAL_NAMES.ca}, O=LexServe, C=ZA`,
    });
    expect(first.timestamp?.authority).toBe(`CN=${LOCAL_NAMES.tsa}, O=LexServe, C=ZA`);

    const before = snapshot(dir);
    const again = sealerIn(dataDir);
    await again.prepare();
    const second = readSeal((await again.seal(original)).pdf);
    expect(snapshot(dir)).toEqual(before);
    expect(second.signer).toEqual(first.signer);
    expect(second.timestamp?.authority).toBe(first.timestamp?.authority);
    expect(await again.localCaCertificate()).toBe(ca);
  });

  it('keys the seal and the time-stamping authority with ECDSA P-256 under an RSA-3072 CA, and reissues an RSA-2048 key an earlier version left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lexserve-seal-keys-'));
    const authority = await openLocalAuthority(dir);
    const keyOf = (der: Uint8Array) => new X509Certificate(der).publicKey;
    for (const profile of ['seal', 'tsa'] as const) {
      const key = await authority.key(profile);
      expect(key.keyType, profile).toBe('EC');
      expect(keyOf(key.certificate).asymmetricKeyDetails, profile).toEqual({ namedCurve: 'prime256v1' });
      expect(key.chain, profile).toEqual([authority.caCertificate]);
    }
    expect(keyOf(authority.caCertificate).asymmetricKeyDetails?.modulusLength).toBe(3072);

    // The seal as versions before this one made it: RSA-2048, issued by the same CA, years from expiry.
    const files = join(dir, 'seal');
    const passphrase = readFileSync(join(files, LOCAL_FILES.passphrase), 'utf8').trim();
    const ca = await openPkcs12(readFileSync(join(files, LOCAL_FILES.ca)), passphrase);
    const old = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const certificate = await issueCertificate({
      profile: 'seal',
      commonName: LOCAL_NAMES.seal,
      publicKey: old.publicKey.export({ format: 'der', type: 'spki' }),
      issuer: ca.certificate,
      sign: ca.sign,
      notBefore: new Date(Date.now() - 86_400_000),
      notAfter: new Date(Date.now() + 4 * 365 * 86_400_000),
    });
    const pkcs8 = old.privateKey.export({ format: 'der', type: 'pkcs8' });
    writeFileSync(
      join(files, LOCAL_FILES.seal),
      await writePkcs12({
        key: pkcs8,
        certificate,
        chain: [ca.certificate],
        passphrase,
        friendlyName: LOCAL_NAMES.seal,
      }),
    );
    expect((await openPkcs12(readFileSync(join(files, LOCAL_FILES.seal)), passphrase)).keyType).toBe('RSA');

    // A lock left by a process killed while reissuing (two minutes old), then two processes starting on the directory
    // at once: one takes the stale lock over, the key is reissued once, and both use the new one.
    const staleLock = join(files, `${LOCAL_FILES.seal}.lock`);
    writeFileSync(staleLock, 'a dead process');
    utimesSync(staleLock, new Date(Date.now() - 120_000), new Date(Date.now() - 120_000));
    const [reopened, other] = await Promise.all([openLocalAuthority(dir), openLocalAuthority(dir)]);
    const [seal, others] = await Promise.all([reopened.key('seal'), other.key('seal')]);
    expect(seal.keyType).toBe('EC');
    expect(others.certificate.equals(seal.certificate)).toBe(true);
    expect(
      readdirSync(files).filter((f) => f.endsWith('.lock') || f.endsWith('.tmp') || f.endsWith('.stale')),
    ).toEqual([]);
    expect(seal.certificate.equals(certificate)).toBe(false);
    expect(reopened.caCertificate.equals(authority.caCertificate)).toBe(true);
    const result = await sealPdf(original, { key: seal, timestamps: null, reason: 'Sealed by LexServe' });
    expect(readSeal(result.pdf)).toMatchObject({
      present: true,
      intact: true,
      covers_whole_file: true,
      problem: null,
    });
    if (hasPdfsig) expect(pdfsig(result.pdf)).toContain('Signature Validation: Signature is Valid.');
  }, 60_000);

  it('reads back an intact, time-stamped seal over the whole file, with reason and location', () => {
    const report = readSeal(sealed);
    expect(report).toMatchObject({
      present: true,
      intact: true,
      covers_whole_file: true,
      reason: 'Sealed by LexServe',
      location: 'South Africa',
      signature_count: 1,
      problem: null,
    });
    expect(report.signer?.fingerprint_sha256).toMatch(/^[0-9a-f]{64}$/);
    const signedAt = Date.parse(report.signed_at!);
    const stampedAt = Date.parse(report.timestamp!.time);
    expect(Math.abs(signedAt - Date.now())).toBeLessThan(5 * 60_000);
    expect(Math.abs(stampedAt - signedAt)).toBeLessThan(60_000);
    expect(readSeal(original)).toMatchObject({
      present: false,
      intact: false,
      signer: null,
      timestamp: null,
    });
  });

  it.skipIf(!hasPdfsig)(
    'passes pdfsig: a valid ETSI.CAdES.detached signature over the total document, with its signing time',
    () => {
      const out = pdfsig(sealed);
      expect(out).toContain('Signature Validation: Signature is Valid.');
      expect(out).toContain('Signature Type: ETSI.CAdES.detached');
      expect(out).toContain('Total document signed');
      expect(out).toContain(`Signer Certificate Common Name: ${LOCAL_NAMES.seal}`);
      expect(out).toMatch(/Signing Time: \w{3} \d{1,2} \d{4} \d{2}:\d{2}:\d{2}/);
    },
  );

  it.skipIf(!hasPdftoppm)('leaves the pages as they were: sealed and unsealed render the same', () => {
    const before = pdfPages(original);
    const after = pdfPages(sealed);
    expect(after).toHaveLength(2);
    expect(after.map((page, i) => page.equals(before[i]!))).toEqual([true, true]);
  });

  it('reports an appended incremental update: the signed part is intact, but the seal no longer covers the whole file', async () => {
    const doc = await PDF.load(new Uint8Array(sealed));
    doc.setTitle('Changed after sealing');
    const updated = Buffer.from(await doc.save({ incremental: true }));
    expect(updated.subarray(0, sealed.length).equals(sealed)).toBe(true);
    const report = readSeal(updated);
    expect(report).toMatchObject({ present: true, intact: true, covers_whole_file: false });
    expect(report.problem).toMatch(/bytes were added after the signed range/);
    if (hasPdfsig) expect(pdfsig(updated)).not.toContain('Total document signed');
  });

  it('reports a byte changed inside the signed range as not intact', () => {
    const tampered = Buffer.from(sealed);
    const at = tampered.indexOf('Notice of motion');
    const offset = at >= 0 ? at : 200;
    tampered[offset] = tampered[offset]! ^ 0x01;
    const report = readSeal(tampered);
    expect(report).toMatchObject({ present: true, intact: false, covers_whole_file: true });
    expect(report.problem).toMatch(/changed/);
    if (hasPdfsig) expect(pdfsig(tampered)).not.toContain('Signature is Valid');
  });

  it('reports a changed signature time-stamp as no time-stamp (the signature itself still verifies)', () => {
    const tampered = Buffer.from(sealed);
    // The TSA's name is in the token (its certificate and TSTInfo), which the signature does not cover.
    const hex = Buffer.from('Time-Stamping', 'latin1').toString('hex');
    const at = tampered.indexOf(hex);
    expect(at).toBeGreaterThan(0);
    tampered.write(Buffer.from('Time-Stomping', 'latin1').toString('hex'), at, 'latin1');
    const report = readSeal(tampered);
    expect(report).toMatchObject({ intact: true, timestamp: null });
    expect(report.problem).toMatch(/time-stamp does not check out/);
  });

  it('seals without a time-stamp when TSA_URL cannot be reached, and says so', async () => {
    const offline = sealerIn(dataDir, { TSA_URL: 'http://127.0.0.1:9/tsr' });
    const result = await offline.seal(original);
    expect(result).toMatchObject({ timestamped: false, timestampTime: null });
    expect(result.timestampProblem).toMatch(/cannot be reached/);
    expect(readSeal(result.pdf)).toMatchObject({
      present: true,
      intact: true,
      covers_whole_file: true,
      timestamp: null,
      problem: null,
    });
    if (hasPdfsig) expect(pdfsig(result.pdf)).toContain('Signature is Valid');
  });

  it('signs with a PKCS #12 supplied at signing time, which is used once and not written anywhere', async () => {
    // The user's own authority and an ECDSA P-256 key: nothing of the local seal's.
    const ca = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const user = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const spki = (k: typeof ca.publicKey) => k.export({ format: 'der', type: 'spki' });
    const signWith = (k: typeof ca.privateKey) => async (tbs: Uint8Array) => rsaSign('sha256', tbs, k);
    const now = Date.now();
    const caCert = await issueCertificate({
      profile: 'ca',
      commonName: 'Test Attorneys Root',
      publicKey: spki(ca.publicKey),
      sign: signWith(ca.privateKey),
      notBefore: new Date(now - 60_000),
      notAfter: new Date(now + 86_400_000),
    });
    const userCert = await issueCertificate({
      profile: 'seal',
      commonName: 'Thandi Nkosi',
      publicKey: spki(user.publicKey),
      issuer: caCert,
      sign: signWith(ca.privateKey),
      notBefore: new Date(now - 60_000),
      notAfter: new Date(now + 86_400_000),
    });
    const bytes = await writePkcs12({
      key: user.privateKey.export({ format: 'der', type: 'pkcs8' }),
      certificate: userCert,
      chain: [caCert],
      passphrase: 'correct horse',
      friendlyName: 'Thandi Nkosi',
    });

    const before = snapshot(dataDir);
    const result = await sealer.seal(original, { pkcs12: { bytes, passphrase: 'correct horse' } });
    expect(snapshot(dataDir)).toEqual(before);
    expect(result.signer.fingerprint_sha256).toBe(summaryOf(userCert).fingerprint_sha256);
    const report = readSeal(result.pdf);
    expect(report).toMatchObject({
      intact: true,
      covers_whole_file: true,
      signer: {
        subject: 'CN=Thandi Nkosi, O=LexServe, C=ZA',
        issuer: 'CN=Test Attorneys Root, O=LexServe, C=ZA',
      },
    });
    expect(report.timestamp).not.toBeNull();
    if (hasPdfsig) expect(pdfsig(result.pdf)).toContain('Signature is Valid');

    // Used once: the next seal is the local seal's again; a wrong passphrase is refused, not guessed around.
    expect((await sealer.seal(original)).signer.subject).toContain(LOCAL_NAMES.seal);
    await expect(sealer.seal(original, { pkcs12: { bytes, passphrase: 'wrong' } })).rejects.toBeInstanceOf(
      SealKeyError,
    );
    await expect(
      sealer.seal(original, { pkcs12: { bytes: Buffer.from('not a pkcs12'), passphrase: '' } }),
    ).rejects.toBeInstanceOf(SealKeyError);
  });

  it('makes room and seals again when the time-stamp token does not fit the space reserved for it', async () => {
    const authority = await openLocalAuthority(dataDir);
    const responder = timestampResponder(await authority.key('tsa'));
    const result = await sealPdf(original, {
      key: await authority.key('seal'),
      timestamps: (q) => responder.respond(q),
      tokenAllowance: 16,
    });
    expect(result.timestamped).toBe(true);
    expect(result.tokenBytes).toBeGreaterThan(1_000);
    expect(readSeal(result.pdf)).toMatchObject({ intact: true, covers_whole_file: true, problem: null });
    expect(readSeal(result.pdf).timestamp).not.toBeNull();
  });
});
