import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDF } from '@libpdf/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/build-app';
import { registerFirm } from '../../../test/factories';
import { makePdf, makeReadyDraft, submit } from '../../../test/document-factories';
import { multipart } from '../../../test/multipart';
import { hasPdfsig, pdfsig } from '../../../test/tools';
import { FILE_NO_MATCH_MESSAGE } from '@lexserve/contracts/verification';
import { LOCAL_NAMES } from '../../lib/seal/local-authority';
import { createSealer } from '../../lib/seal/sealer';
import { scrubStoredProofs } from './verification.scrub';

/** Verification reads the seal (issue 17): from the stored proof, and from an uploaded file that LexServe never stored. */

const t = useTestApp();
let securityId: string;
/** The sealed proof of service, as the firm downloads it. */
let proof: Buffer;
let sealFingerprint: string;
let token: string;
let other: Awaited<ReturnType<typeof registerFirm>>;

const verify = (id: string) => t().inject({ method: 'GET', url: `/api/v1/verify/${encodeURIComponent(id)}` });
const verifyFile = (content: Buffer, filename = 'check.pdf') => {
  const { payload, headers } = multipart([{ name: 'file', filename, content }]);
  return t().inject({ method: 'POST', url: '/api/v1/verify/file', payload, headers });
};
/** The signed byte range [0, a) [b, b + c) of the last signature. */
const byteRange = (pdf: Buffer) => {
  const m = [...pdf.toString('latin1').matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].at(
    -1,
  )!;
  return m.slice(1, 5).map(Number) as [number, number, number, number];
};

beforeAll(async () => {
  token = await t().login(DEMO.attorney);
  other = await registerFirm(t());
  const d = await makeReadyDraft(t(), token, { firmId: other.firmId, branchId: other.branchId });
  const res = await submit(t(), token, d.id);
  expect(res.statusCode, res.body).toBe(200);
  securityId = res.json().data.security_id;
  proof = (await t().as(token).get(`/api/v1/proof-of-service/document/${d.id}/download`)).rawPayload;
  const cert = await t().inject({ method: 'GET', url: '/api/v1/seal/certificate' });
  expect(cert.statusCode).toBe(200);
  expect(cert.headers['content-disposition']).toContain('lexserve-document-seal.pem');
  sealFingerprint = new X509Certificate(cert.body).fingerprint256.replace(/:/g, '').toLowerCase();
});

describe('GET /verify/{securityId}: the seal of the stored proof', () => {
  it("is present, intact, LexServe's, time-stamped and covers the whole file (read twice, the same)", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await verify(securityId);
      expect(res.statusCode, res.body).toBe(200);
      const { seal, status } = res.json();
      expect(status).toBe('verified');
      expect(seal).toMatchObject({
        present: true,
        intact: true,
        covers_whole_file: true,
        by_lexserve: true,
        problem: null,
      });
      expect(seal.signer.subject).toContain(`CN=${LOCAL_NAMES.seal}`);
      expect(seal.signer.issuer).toContain('CN=LexServe Local CA');
      expect(seal.signer.fingerprint_sha256).toBe(sealFingerprint);
      expect(Date.parse(seal.signed_at)).toBeGreaterThan(Date.now() - 10 * 60_000);
      expect(seal.timestamp.authority).toContain('LexServe Local Time-Stamping Authority');
      expect(Math.abs(Date.parse(seal.timestamp.time) - Date.parse(seal.signed_at))).toBeLessThan(60_000);
    }
    if (hasPdfsig) {
      const out = pdfsig(proof);
      expect(out).toContain('Signature Validation: Signature is Valid.');
      expect(out).toContain('Total document signed');
    }
  });
});

describe("GET /verify/{securityId}: a stored proof altered behind LexServe's back", () => {
  it('reads the seal of the bytes now stored (not a cached read of the original): not intact', async () => {
    const d = await makeReadyDraft(t(), token, { firmId: other.firmId, branchId: other.branchId });
    const id = (await submit(t(), token, d.id)).json().data.security_id as string;
    expect((await verify(id)).json().seal).toMatchObject({ intact: true });
    const [row] = await t().database.raw.query<{ storage_key: string }>(
      'SELECT f.storage_key FROM proof_of_service_files f JOIN proofs_of_service p ON p.id = f.proof_id WHERE p.security_id = $1',
      [id],
    );
    const path = join(t().env.DATA_DIR, 'files', row!.storage_key);
    const bytes = readFileSync(path);
    const at = Math.floor(byteRange(bytes)[1] / 2);
    bytes[at] = bytes[at]! ^ 0x01;
    writeFileSync(path, bytes);
    // Checks answer from memory; the scrub job re-hashes stored proofs and its finding reaches every process.
    expect((await scrubStoredProofs(t().app.deps, t().app.log)).altered).toHaveLength(1);
    const res = (await verify(id)).json();
    expect(res).toMatchObject({
      status: 'invalid',
      hash_verified: false,
      seal: { present: true, intact: false, covers_whole_file: true, by_lexserve: true },
    });
  });
});

describe('POST /verify/file: the seal of the uploaded bytes', () => {
  it('reports the proof itself as verified, with its seal intact', async () => {
    const res = await verifyFile(proof, 'proof.pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'verified',
      match: 'proof_of_service',
      seal: {
        present: true,
        intact: true,
        covers_whole_file: true,
        by_lexserve: true,
        signer: { fingerprint_sha256: sealFingerprint },
      },
    });
  });

  it('reports the proof with an incremental update appended as modified after sealing', async () => {
    const doc = await PDF.load(new Uint8Array(proof));
    doc.setTitle('Changed after sealing');
    const updated = Buffer.from(await doc.save({ incremental: true }));
    expect(updated.subarray(0, proof.length).equals(proof)).toBe(true);
    const res = await verifyFile(updated);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      valid: false,
      status: 'modified_after_sealing',
      match: null,
      seal: { present: true, intact: true, covers_whole_file: false, by_lexserve: true },
    });
    expect(body.message).toBe(
      'This PDF was sealed by LexServe, but it was changed after sealing: content was added after the seal (an incremental update), which the seal does not cover. Do not rely on it; ask the issuing firm for the original.',
    );
    if (hasPdfsig) expect(pdfsig(updated)).not.toContain('Total document signed');
  });

  it('reports a byte flipped inside the signed range as not intact, modified after sealing', async () => {
    const [, a] = byteRange(proof);
    const tampered = Buffer.from(proof);
    const at = Math.floor(a / 2);
    tampered[at] = tampered[at]! ^ 0x01;
    const res = await verifyFile(tampered);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'modified_after_sealing',
      seal: { present: true, intact: false, covers_whole_file: true, by_lexserve: true },
    });
    expect(body.message).toMatch(
      /^This PDF was sealed by LexServe, but it was changed after sealing: bytes inside the sealed content were altered/,
    );
    if (hasPdfsig) expect(pdfsig(tampered)).not.toContain('Signature is Valid');
  });

  it('reports an unsealed PDF as carrying no seal', async () => {
    const res = await verifyFile(await makePdf(1, 'Never sealed'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'not_found',
      message: FILE_NO_MATCH_MESSAGE,
      seal: { present: false, intact: false, by_lexserve: false, signer: null },
    });
  });

  it("says plainly that a seal is not LexServe's", async () => {
    const stranger = createSealer({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'other-seal-')),
      PUBLIC_URL: 'http://elsewhere.test',
      SEAL_P12_PATH: undefined,
      SEAL_P12_PASSPHRASE: undefined,
      TSA_URL: undefined,
    });
    const { pdf } = await stranger.seal(await makePdf(1, 'Sealed elsewhere'));
    const res = await verifyFile(pdf);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'not_found',
      seal: { present: true, intact: true, by_lexserve: false },
    });
    expect(body.seal.signer.fingerprint_sha256).not.toBe(sealFingerprint);
    expect(body.message).toMatch(
      /^This file does not match any document served through LexServe, and its seal is not LexServe's: it was signed by CN=/,
    );
  }, 60_000);

  it('answers hostile signatures with a clear 200, never a 5xx', async () => {
    const base = await makePdf(1, 'Hostile');
    const garbage = (dict: string) => Buffer.concat([base, Buffer.from(`\n99 0 obj\n${dict}\nendobj\n`)]);
    const len = base.length;
    const cases = [
      garbage(`<< /Type /Sig /ByteRange [0 ${len + 40} ${len + 60} 10] /Contents <3082ffff0102> >>`),
      garbage('<< /Type /Sig /ByteRange [0 999999999 5 5] /Contents <zz> >>'),
      garbage(`<< /Type /Sig /Contents <${'30'.repeat(4000)}> /ByteRange [0 10 20 5] >>`),
      garbage(Array.from({ length: 200 }, () => '/ByteRange [0 1 2 3]').join(' ')),
    ];
    for (const pdf of cases) {
      const res = await verifyFile(pdf);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('not_found');
    }
  });
});
