import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/build-app';
import { registerFirm, type RegisteredFirm } from '../../../test/factories';
import { makePdf, makeReadyDraft, submit, upload } from '../../../test/document-factories';
import { multipart } from '../../../test/multipart';
import { settleEvents } from '../../../test/settle-events';
import { hasPdfsig, pdfsig } from '../../../test/tools';
import { openLocalAuthority } from '../../lib/seal/local-authority';
import { createSealer, type Sealer } from '../../lib/seal/sealer';
import { timestampResponder } from '../../lib/seal/timestamp-responder';
import { sha256 } from '../../lib/tokens';

/**
 * The seal over a document's life (issue 17): bundles are sealed; a PDF sealed while the time-stamping authority is
 * down gets its time-stamp later, from a job; PDFs sealed with a seal certificate that was since replaced are still
 * LexServe's.
 */

// A time-stamping authority over HTTP (TSA_URL) that the test takes down and brings back on the same port.
const responder = timestampResponder(await (await openLocalAuthority(inject('sealTemplateDir'))).key('tsa'));
let tsa: Server;
let tsaPort = 0;
const tsaRequests = { count: 0 };
async function startTsa() {
  tsa = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      tsaRequests.count++;
      void responder
        .respond(Buffer.concat(chunks))
        .then((answer) => res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(answer));
    });
  });
  await new Promise<void>((resolve) => tsa.listen(tsaPort, '127.0.0.1', resolve));
  tsaPort = (tsa.address() as AddressInfo).port;
}
const stopTsa = () => new Promise<void>((resolve) => tsa.close(() => resolve()));
await startTsa();

const t = useTestApp({ TSA_URL: `http://127.0.0.1:${tsaPort}/tsa` });
let token: string;
let other: RegisteredFirm;

beforeAll(async () => {
  token = await t().login(DEMO.attorney);
  other = await registerFirm(t());
}, 120_000);

async function serve(label: string) {
  const d = await makeReadyDraft(
    t(),
    token,
    { firmId: other.firmId, branchId: other.branchId },
    {
      caseInfo: { title: `Plea ${label}`, document_type: 'plea' },
      files: [{ filename: 'plea.pdf', content: await makePdf(2, label) }],
    },
  );
  const res = await submit(t(), token, d.id);
  expect(res.statusCode, res.body).toBe(200);
  await settleEvents(t().app);
  await t().app.deps.jobs.tick();
  return { id: d.id, fileIds: d.fileIds, securityId: res.json().data.security_id as string };
}

const proofPdf = async (id: number) =>
  (await t().as(token).get(`/api/v1/proof-of-service/document/${id}/download`)).rawPayload;
const copyPdf = async (id: number, fileId: number) =>
  (await t().as(token).get(`/api/v1/documents/${id}/files/${fileId}/served-copy`)).rawPayload;
const verifyFile = (content: Buffer) => {
  const { payload, headers } = multipart([{ name: 'file', filename: 'check.pdf', content }]);
  return t().inject({ method: 'POST', url: '/api/v1/verify/file', payload, headers });
};
const expectPdfsigValid = (pdf: Buffer) => {
  if (!hasPdfsig)
    return console.warn('pdfsig is not installed (poppler-utils): the seal was checked by readSeal only');
  const out = pdfsig(pdf);
  expect(out).toContain('Signature Validation: Signature is Valid.');
  expect(out).toContain('Total document signed');
};

describe('bundles', () => {
  it('are sealed like every PDF LexServe issues (pdfsig: valid; time-stamped)', async () => {
    const created = (await t().as(token).post('/api/v1/documents/', { title: 'Bundle to seal' })).json().data
      .id as number;
    const up = await upload(t(), token, created, [
      { filename: 'a.pdf', content: await makePdf(1, 'A') },
      { filename: 'b.pdf', content: await makePdf(2, 'B') },
    ]);
    const ids = up.json().data.files.map((f: { id: number }) => f.id);
    const res = await t()
      .as(token)
      .post(`/api/v1/documents/${created}/bundle`, { file_ids: ids.join(','), bundle_name: 'Sealed bundle' });
    expect(res.statusCode, res.body).toBe(201);
    const bundle = res.json().data;
    const pdf = (await t().as(token).get(`/api/v1/documents/${created}/download?file_id=${bundle.id}`))
      .rawPayload;
    expect(sha256(pdf)).toBe(bundle.sha256);
    const seal = t().app.deps.seal.read(pdf);
    expect(seal).toMatchObject({ present: true, intact: true, covers_whole_file: true, problem: null });
    expect(seal.timestamp).not.toBeNull();
    expect(seal.signer!.fingerprint_sha256).toBe(
      (await t().app.deps.seal.sealCertificate()).fingerprint_sha256,
    );
    expectPdfsigValid(pdf);
  }, 120_000);
});

describe('a time-stamping authority that is down', () => {
  it('seals without a time-stamp, records it, and the job adds the time-stamp once the authority is back', async () => {
    await stopTsa();
    let served: Awaited<ReturnType<typeof serve>>;
    let bundleId: number;
    let bundleDoc: number;
    try {
      served = await serve('TSA down');
      bundleDoc = (await t().as(token).post('/api/v1/documents/', { title: 'Bundle while down' })).json().data
        .id as number;
      const up = await upload(t(), token, bundleDoc, [{ filename: 'a.pdf', content: await makePdf(1, 'A') }]);
      const made = await t()
        .as(token)
        .post(`/api/v1/documents/${bundleDoc}/bundle`, { file_ids: String(up.json().data.files[0].id) });
      expect(made.statusCode, made.body).toBe(201);
      bundleId = made.json().data.id;
      // The job while the authority is still down: the first try fails, is recorded, and the run stops there.
      await t().app.deps.jobs.runPeriodic();
      const tried = await t().database.raw.query<{ attempts: number; last_error: string | null }>(
        'SELECT attempts, last_error FROM late_timestamps WHERE document_id IN ($1, $2) ORDER BY attempts DESC',
        [served.id, bundleDoc],
      );
      expect(tried.map((r) => r.attempts)).toEqual([1, 0, 0]);
      expect(tried[0]!.last_error).toContain('cannot be reached');
    } finally {
      await startTsa();
    }
    const { id, fileIds, securityId } = served;
    const pending = await t().database.raw.query<{ kind: string; problem: string; done_at: Date | null }>(
      'SELECT kind, problem, done_at FROM late_timestamps WHERE document_id IN ($1, $2) ORDER BY kind',
      [id, bundleDoc],
    );
    expect(pending.map((p) => p.kind)).toEqual(['bundle', 'proof', 'served_copy']);
    for (const p of pending) {
      expect(p.problem).toContain('cannot be reached');
      expect(p.done_at).toBeNull();
    }

    // Sealed without a time-stamp (PAdES B-B): valid, and says so.
    const before = await proofPdf(id);
    const copyBefore = await copyPdf(id, fileIds[0]!);
    for (const pdf of [before, copyBefore]) {
      expect(t().app.deps.seal.read(pdf)).toMatchObject({
        present: true,
        intact: true,
        covers_whole_file: true,
        timestamp: null,
      });
      expectPdfsigValid(pdf);
    }
    const tl = JSON.stringify(
      (await t().as(token).get(`/api/v1/documents/${id}/timeline?event_types=proof_generated`)).json(),
    );
    expect(tl).toContain('"timestamped":false');

    // The authority is back: the job adds the time-stamps.
    const asked = tsaRequests.count;
    await t().app.deps.jobs.runPeriodic();
    expect(tsaRequests.count).toBeGreaterThanOrEqual(asked + 3);
    const done = await t().database.raw.query<{
      kind: string;
      done_at: Date | null;
      timestamped_sha256: string | null;
      sealed_sha256: string;
    }>(
      'SELECT kind, done_at, timestamped_sha256, sealed_sha256 FROM late_timestamps WHERE document_id IN ($1, $2) ORDER BY kind',
      [id, bundleDoc],
    );
    for (const d of done) expect(d.done_at, d.kind).not.toBeNull();

    const after = await proofPdf(id);
    const copyAfter = await copyPdf(id, fileIds[0]!);
    const bundleAfter = (
      await t().as(token).get(`/api/v1/documents/${bundleDoc}/download?file_id=${bundleId}`)
    ).rawPayload;
    for (const [pdf, old] of [
      [after, before],
      [copyAfter, copyBefore],
    ] as const) {
      expect(pdf.length).toBe(old.length);
      expect(sha256(pdf)).not.toBe(sha256(old));
      const seal = t().app.deps.seal.read(pdf);
      const oldSeal = t().app.deps.seal.read(old);
      expect(seal).toMatchObject({
        present: true,
        intact: true,
        covers_whole_file: true,
        problem: null,
        signed_at: oldSeal.signed_at,
      });
      expect(seal.timestamp?.authority).toContain('Time-Stamping Authority');
      expect(new Date(seal.timestamp!.time).getTime()).toBeGreaterThanOrEqual(
        new Date(oldSeal.signed_at!).getTime() - 1000,
      );
      expectPdfsigValid(pdf);
    }
    expect(t().app.deps.seal.read(bundleAfter).timestamp).not.toBeNull();
    expect(done.find((d) => d.kind === 'proof')!.timestamped_sha256).toBe(sha256(after));

    // Both the file as first sealed and the one since verify.
    const check = (await t().inject({ method: 'GET', url: `/api/v1/verify/${securityId}` })).json();
    expect(check).toMatchObject({ status: 'verified', hash_verified: true });
    expect(check.seal.timestamp).not.toBeNull();
    for (const pdf of [before, after])
      expect((await verifyFile(pdf)).json()).toMatchObject({
        status: 'verified',
        match: 'proof_of_service',
        security_id: securityId,
      });
    for (const pdf of [copyBefore, copyAfter])
      expect((await verifyFile(pdf)).json()).toMatchObject({
        status: 'verified',
        match: 'served_document',
        pdf_type: 'served_copy',
      });
    const events = JSON.stringify(
      (await t().as(token).get(`/api/v1/documents/${id}/timeline?event_types=seal_timestamped`)).json(),
    );
    expect(events).toContain(sha256(before));
    expect(events).toContain(sha256(after));

    // Nothing is left to do: another run asks for nothing.
    const settled = tsaRequests.count;
    await t().app.deps.jobs.runPeriodic();
    expect(tsaRequests.count).toBe(settled);
  }, 120_000);
});

describe('a replaced seal certificate', () => {
  it('keeps PDFs sealed with the previous one recognised as LexServe’s, and gives its certificate by fingerprint', async () => {
    const first = await serve('Before the new certificate');
    const oldProof = await proofPdf(first.id);
    const oldFingerprint = t().app.deps.seal.read(oldProof).signer!.fingerprint_sha256;

    // The local CA and seal issued again (a new DATA_DIR/seal), as after deleting it or configuring a new PKCS #12.
    const deps: { seal: Sealer } = t().app.deps;
    const previous = deps.seal;
    deps.seal = createSealer({ ...t().env, DATA_DIR: mkdtempSync(join(tmpdir(), 'lexserve-new-seal-')) });
    try {
      const newFingerprint = (await deps.seal.sealCertificate()).fingerprint_sha256;
      expect(newFingerprint).not.toBe(oldFingerprint);

      const check = (await t().inject({ method: 'GET', url: `/api/v1/verify/${first.securityId}` })).json();
      expect(check.status).toBe('verified');
      expect(check.seal).toMatchObject({
        intact: true,
        by_lexserve: true,
        signer: { fingerprint_sha256: oldFingerprint },
      });
      expect((await verifyFile(oldProof)).json()).toMatchObject({
        status: 'verified',
        seal: { by_lexserve: true },
      });

      const second = await serve('After the new certificate');
      const newProof = await proofPdf(second.id);
      expect(t().app.deps.seal.read(newProof).signer!.fingerprint_sha256).toBe(newFingerprint);
      expect((await verifyFile(newProof)).json()).toMatchObject({
        status: 'verified',
        seal: { by_lexserve: true },
      });
      expectPdfsigValid(newProof);

      const list = (await t().inject({ method: 'GET', url: '/api/v1/seal/certificates' })).json()
        .certificates;
      expect(list[0]).toMatchObject({ fingerprint_sha256: newFingerprint, current: true });
      expect(
        list.find((c: { fingerprint_sha256: string }) => c.fingerprint_sha256 === oldFingerprint),
      ).toMatchObject({ current: false });

      const pem = await t().inject({
        method: 'GET',
        url: `/api/v1/seal/certificate?fingerprint=${oldFingerprint.toUpperCase()}`,
      });
      expect(pem.statusCode).toBe(200);
      expect(createHash('sha256').update(new X509Certificate(pem.body).raw).digest('hex')).toBe(
        oldFingerprint,
      );
      const current = await t().inject({ method: 'GET', url: '/api/v1/seal/certificate' });
      expect(createHash('sha256').update(new X509Certificate(current.body).raw).digest('hex')).toBe(
        newFingerprint,
      );
      const unknown = await t().inject({
        method: 'GET',
        url: `/api/v1/seal/certificate?fingerprint=${'0'.repeat(64)}`,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().detail).toBe(
        'LexServe has not sealed any document with a certificate of this fingerprint.',
      );
      expect(
        (await t().inject({ method: 'GET', url: '/api/v1/seal/certificate?fingerprint=abc' })).statusCode,
      ).toBe(422);
    } finally {
      deps.seal = previous;
    }
  }, 120_000);
});
