import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './build-app';
import { registerFirm, type RegisteredFirm } from './factories';
import { makePdf, makeReadyDraft, submit, upload } from './document-factories';
import { multipart } from './multipart';
import { startS3Server, type S3TestServer } from './s3-server';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let s3: S3TestServer;
let app: TestApp;
let firm: RegisteredFirm;
let other: RegisteredFirm;
beforeAll(async () => {
  s3 = await startS3Server();
  app = await createTestApp({ ...s3.env });
  firm = await registerFirm(app);
  other = await registerFirm(app);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await s3?.close();
});

const keyOf = async (fileId: number) =>
  (
    await app.database.raw.query<{ storage_key: string }>(
      'SELECT storage_key FROM case_files WHERE id = $1',
      [fileId],
    )
  )[0]!.storage_key;

describe('the app with its files on S3', () => {
  it('uploads, downloads, bundles, serves with a sealed proof of service, every byte on the S3 server', async () => {
    expect(app.app.deps.files.kind).toBe('s3');
    const one = await makePdf(1, 'One');
    const two = await makePdf(2, 'Two');
    const draft = await makeReadyDraft(
      app,
      firm.token,
      { firmId: other.firmId, branchId: other.branchId },
      {
        files: [
          { filename: 'one.pdf', content: one },
          { filename: 'two.pdf', content: two },
        ],
      },
    );
    const [oneId, twoId] = draft.fileIds as [number, number];
    const stored = await s3.objectKeys();
    expect(stored).toEqual(expect.arrayContaining([await keyOf(oneId), await keyOf(twoId)]));

    const down = await app.as(firm.token).get(`/api/v1/documents/${draft.id}/download?file_id=${twoId}`);
    expect(down.statusCode).toBe(200);
    expect(sha256(down.rawPayload)).toBe(sha256(two));

    const bundle = await app
      .as(firm.token)
      .post(`/api/v1/documents/${draft.id}/bundle`, { file_ids: `${twoId},${oneId}` });
    expect(bundle.statusCode, bundle.body).toBe(201);
    const bundleFile = bundle.json().data;
    expect(await s3.objectKeys()).toContain(await keyOf(bundleFile.id));
    const bundleBytes = (
      await app.as(firm.token).get(`/api/v1/documents/${draft.id}/download?file_id=${bundleFile.id}`)
    ).rawPayload;
    expect(sha256(bundleBytes)).toBe(bundleFile.sha256);
    expect((await PDFDocument.load(bundleBytes)).getPageCount()).toBe(3);

    const served = await submit(app, firm.token, draft.id);
    expect(served.statusCode, served.body).toBe(200);
    const proof = await app.as(firm.token).get(`/api/v1/proof-of-service/document/${draft.id}/download`);
    expect(proof.statusCode, proof.body).toBe(200);
    expect(proof.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [proofRow] = await app.database.raw.query<{ storage_key: string; sha256: string }>(
      `SELECT f.storage_key, f.sha256 FROM proof_of_service_files f JOIN proofs_of_service p ON p.id = f.proof_id
       WHERE p.document_id = $1 ORDER BY f.version DESC LIMIT 1`,
      [draft.id],
    );
    expect(await s3.objectKeys()).toContain(proofRow!.storage_key);
    expect(sha256(proof.rawPayload)).toBe(proofRow!.sha256);
    expect(s3.uploadsInProgress()).toEqual([]);
  }, 120_000);

  it('a deleted file is removed from the bucket', async () => {
    const created = await app.as(firm.token).post('/api/v1/documents/', {
      title: 'Draft for deletion',
      firm_id: other.firmId,
      branch_id: other.branchId,
      draft_metadata: { version: 1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const up = await upload(app, firm.token, id, [
      { filename: 'gone.pdf', content: await makePdf(1, 'Gone') },
    ]);
    expect(up.statusCode, up.body).toBe(201);
    const fileId = up.json().data.files[0].id as number;
    const key = await keyOf(fileId);
    expect(await s3.objectKeys()).toContain(key);
    const del = await app.as(firm.token).delete(`/api/v1/documents/${id}/files/${fileId}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(await s3.objectKeys()).not.toContain(key);
  }, 60_000);

  it('a 100 MB upload (the limit itself) streams through to S3 as a multipart upload; one over 100 MB is cut off and leaves nothing', async () => {
    const created = await app.as(firm.token).post('/api/v1/documents/', {
      title: 'Draft with a large file',
      firm_id: other.firmId,
      branch_id: other.branchId,
      draft_metadata: { version: 1 },
    });
    const id = created.json().data.id as number;
    const send = (size: number) => {
      const { payload, headers } = multipart([
        { name: 'document_id', value: String(id) },
        { name: 'files', filename: 'large.pdf', head: Buffer.from('%PDF-1.7\n'), size },
      ]);
      return app.inject({
        method: 'POST',
        url: '/api/v1/documents/upload',
        payload,
        headers: { ...headers, authorization: `Bearer ${firm.token}` },
      });
    };
    const before = await s3.objectKeys();
    const big = await send(100 * 1024 * 1024);
    expect(big.statusCode, big.body).toBe(201);
    const stored = big.json().data.files as { id: number; file_size?: number; size?: number }[];
    const key = await keyOf(stored[0]!.id);
    expect(await app.app.deps.files.stat(key)).toEqual({ size: 100 * 1024 * 1024 });
    expect(
      s3.requests.filter((r) => r.startsWith(`PUT /lexserve-files/${key}?`) && r.includes('partNumber=')),
    ).toHaveLength(13);

    const deletes = () =>
      s3.requests.filter((r) => r.startsWith('DELETE /lexserve-files/files/') && !r.includes('uploadId='))
        .length;
    const deletedBefore = deletes();
    const over = await send(100 * 1024 * 1024 + 1);
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json().detail).toEqual([
      { loc: ['body', 'files', 0], msg: 'large.pdf: File too large (max 100MB)', type: 'FILE_TOO_LARGE' },
    ]);
    expect(await s3.objectKeys()).toEqual([...before, key].sort());
    // The upload limit stops the part at 100 MB: the prefix that reached S3 is removed again.
    expect(deletes()).toBe(deletedBefore + 1);
    expect(s3.uploadsInProgress()).toEqual([]);
  }, 180_000);

  it('an upload the S3 server refuses is answered with an error and leaves no row and no object', async () => {
    const created = await app.as(firm.token).post('/api/v1/documents/', {
      title: 'Draft whose upload fails',
      firm_id: other.firmId,
      branch_id: other.branchId,
      draft_metadata: { version: 1 },
    });
    const id = created.json().data.id as number;
    const before = await s3.objectKeys();
    s3.failNext((r) => r.method === 'PUT', 20);
    const up = await upload(app, firm.token, id, [
      { filename: 'refused.pdf', content: await makePdf(1, 'Refused') },
    ]);
    // The store's outage is the server's failure, answered in the one error shape without its details.
    expect(up.statusCode).toBe(500);
    expect(up.json()).toMatchObject({ detail: 'Server error. Please try again later.', code: 'INTERNAL' });
    expect(await s3.objectKeys()).toEqual(before);
    const rows = await app.database.raw.query('SELECT id FROM case_files WHERE document_id = $1', [id]);
    expect(rows).toEqual([]);
  }, 60_000);
});
