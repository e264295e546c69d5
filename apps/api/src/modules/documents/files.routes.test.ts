import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/build-app';
import { registerFirm, type RegisteredFirm } from '../../../test/factories';
import { PNG, makeDoc, makeDocx, makePdf, post, upload } from '../../../test/document-factories';
import { multipart } from '../../../test/multipart';
import { sha256 } from '../../lib/tokens';

const t = useTestApp();
let token: string;
let other: RegisteredFirm;

beforeAll(async () => {
  token = await t().login(DEMO.attorney);
  other = await registerFirm(t());
});

const newDoc = async (as = token) =>
  (await t().as(as).post('/api/v1/documents/', { title: 'Files' })).json().data.id as number;
/** Every stored object of the demo firm's uploads (the "nothing left behind" check). */
const storedFiles = () => {
  const dir = join(t().env.DATA_DIR, 'files', 'files', '1');
  return existsSync(dir) ? readdirSync(dir).filter((f) => !f.endsWith('.part')).length : 0;
};
const caseFileCount = async (id: number) =>
  (
    await t().database.raw.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM case_files WHERE document_id = $1',
      [id],
    )
  )[0]!.n;

describe('upload', () => {
  it('streams PDF, DOC and DOCX files, typed by content, with their SHA-256; the first is primary', async () => {
    const id = await newDoc();
    const pdf = await makePdf(3);
    const docx = makeDocx();
    const doc = makeDoc();
    const res = await upload(t(), token, id, [
      { filename: 'summons.pdf', content: pdf },
      { filename: 'affidavit.docx', content: docx },
      { filename: 'old.doc', content: doc },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'success',
      data: { document_id: id, uploaded_count: 3, failed_count: 0, failed: [] },
    });
    expect(
      body.data.files.map(
        (f: {
          filename: string;
          file_type: string;
          mime_type: string;
          sha256: string;
          size: number;
          is_primary: boolean;
        }) => [f.filename, f.file_type, f.sha256, f.size, f.is_primary],
      ),
    ).toEqual([
      ['summons.pdf', 'pdf', sha256(pdf), pdf.length, true],
      ['affidavit.docx', 'docx', sha256(docx), docx.length, false],
      ['old.doc', 'doc', sha256(doc), doc.length, false],
    ]);
    expect(body.data.files[0]).toMatchObject({
      mime_type: 'application/pdf',
      uploaded_by: { full_name: 'Aisha Patel', firm_name: 'Demo Attorneys Inc.' },
    });
    const list = (await t().as(token).get(`/api/v1/documents/${id}/files`)).json();
    expect(list).toMatchObject({ total: 3, total_size: pdf.length + docx.length + doc.length });
    const timeline = (
      await t().as(token).get(`/api/v1/documents/${id}/timeline?event_types=file_uploaded`)
    ).json();
    expect(timeline.events[0].event_description).toBe(
      '3 files uploaded: summons.pdf, affidavit.docx, old.doc',
    );
  });

  it('accepts document_id in the query and after the files', async () => {
    const id = await newDoc();
    const res = await post(t(), token, '/api/v1/documents/upload', [
      { name: 'files', filename: 'late.pdf', content: await makePdf(1) },
      { name: 'document_id', value: String(id) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const q = await post(t(), token, `/api/v1/documents/upload?document_id=${id}`, [
      { name: 'files', filename: 'q.pdf', content: await makePdf(1) },
    ]);
    expect(q.statusCode).toBe(201);
    expect(await caseFileCount(id)).toBe(2);
  });

  it('answers per-file errors: a PNG named .pdf, a DOCX named .pdf, an empty file, a zip that is not Word', async () => {
    const id = await newDoc();
    const before = storedFiles();
    const res = await upload(t(), token, id, [
      { filename: 'good.pdf', content: await makePdf(1) },
      { filename: 'photo.pdf', content: PNG },
      { filename: 'word.pdf', content: makeDocx() },
      { filename: 'empty.pdf', content: Buffer.alloc(0) },
      { filename: 'archive.docx', content: Buffer.from('PK\u0003\u0004 not really a word file') },
      { filename: 'notes.txt', content: Buffer.from('%PDF-1.4 pretending') },
      {
        filename: 'page.pdf',
        content: Buffer.concat([Buffer.from('<html><script>alert(1)</script>'), await makePdf(1)]),
      },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.failed).toEqual([
      { filename: 'photo.pdf', error: 'Invalid file type', code: 'INVALID_FILE_TYPE' },
      { filename: 'word.pdf', error: 'Invalid file type', code: 'INVALID_FILE_TYPE' },
      { filename: 'empty.pdf', error: 'File is empty', code: 'EMPTY_FILE' },
      { filename: 'archive.docx', error: 'Invalid file type', code: 'INVALID_FILE_TYPE' },
      { filename: 'notes.txt', error: 'Invalid file type', code: 'INVALID_FILE_TYPE' },
      { filename: 'page.pdf', error: 'Invalid file type', code: 'INVALID_FILE_TYPE' },
    ]);
    expect(res.json().data.uploaded_count).toBe(1);
    expect(storedFiles()).toBe(before + 1);
  });

  it('stores file names without bidirectional controls (no "invoice\u202Efdp.exe" shown as "invoiceexe.pdf")', async () => {
    const id = await newDoc();
    const res = await upload(t(), token, id, [
      { filename: 'summons\u202Efdp.\u2066exe\u2069.pdf', content: await makePdf(1) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.files[0].filename).toBe('summonsfdp.exe.pdf');
  });

  it('answers 422 with every file’s reason when no file is acceptable, and keeps nothing', async () => {
    const id = await newDoc();
    const before = storedFiles();
    const res = await upload(t(), token, id, [{ filename: 'photo.pdf', content: PNG }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([
      { loc: ['body', 'files', 0], msg: 'photo.pdf: Invalid file type', type: 'INVALID_FILE_TYPE' },
    ]);
    expect(storedFiles()).toBe(before);
    expect(await caseFileCount(id)).toBe(0);
  });

  it('refuses a file over 100 MB per file, streaming it without keeping it', async () => {
    const id = await newDoc();
    const before = storedFiles();
    const { payload, headers } = multipart([
      { name: 'document_id', value: String(id) },
      { name: 'files', filename: 'huge.pdf', head: Buffer.from('%PDF-1.7\n'), size: 100 * 1024 * 1024 + 1 },
      { name: 'files', filename: 'small.pdf', content: await makePdf(1) },
    ]);
    const res = await t().inject({
      method: 'POST',
      url: '/api/v1/documents/upload',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.failed).toEqual([
      { filename: 'huge.pdf', error: 'File too large (max 100MB)', code: 'FILE_TOO_LARGE' },
    ]);
    expect(res.json().data.files.map((f: { filename: string }) => f.filename)).toEqual(['small.pdf']);
    expect(storedFiles()).toBe(before + 1);
  }, 120_000);

  it('accepts a file of exactly 100 MB, the limit itself', async () => {
    const id = await newDoc();
    const { payload, headers } = multipart([
      { name: 'document_id', value: String(id) },
      { name: 'files', filename: 'limit.pdf', head: Buffer.from('%PDF-1.7\n'), size: 100 * 1024 * 1024 },
    ]);
    const res = await t().inject({
      method: 'POST',
      url: '/api/v1/documents/upload',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.failed).toEqual([]);
    expect(
      res.json().data.files.map((f: { filename: string; size: number }) => [f.filename, f.size]),
    ).toEqual([['limit.pdf', 100 * 1024 * 1024]]);
  }, 120_000);

  it('refuses more than 50 files in one request and keeps none of them', async () => {
    const id = await newDoc();
    const before = storedFiles();
    const pdf = await makePdf(1);
    const res = await upload(
      t(),
      token,
      id,
      Array.from({ length: 51 }, (_, i) => ({ filename: `f${i}.pdf`, content: pdf })),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe('You can only upload 50 files at once. Please deselect some files.');
    expect(storedFiles()).toBe(before);
    expect(await caseFileCount(id)).toBe(0);
  });

  it('answers 400 for a broken multipart body and keeps nothing', async () => {
    const id = await newDoc();
    const before = storedFiles();
    const { payload, headers } = multipart(
      [
        { name: 'document_id', value: String(id) },
        {
          name: 'files',
          filename: 'cut.pdf',
          content: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200_000, 1)]),
        },
      ],
      { truncate: 100_000 },
    );
    const res = await t().inject({
      method: 'POST',
      url: '/api/v1/documents/upload',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('The upload could not be read. Please try uploading the files again.');
    expect(storedFiles()).toBe(before);
    expect(await caseFileCount(id)).toBe(0);
  });

  it('answers clear 4xx for a JSON body, a missing document id, no files, an unknown or foreign document', async () => {
    const id = await newDoc();
    const pdf = await makePdf(1);
    expect((await t().as(token).post('/api/v1/documents/upload', { document_id: id })).statusCode).toBe(400);
    const noId = await post(t(), token, '/api/v1/documents/upload', [
      { name: 'files', filename: 'a.pdf', content: pdf },
    ]);
    expect(noId.statusCode).toBe(422);
    expect(noId.json().detail).toBe('A valid document ID is required to upload files.');
    const noFiles = await post(t(), token, '/api/v1/documents/upload', [
      { name: 'document_id', value: String(id) },
    ]);
    expect(noFiles.statusCode).toBe(422);
    expect(noFiles.json().detail).toBe('Please select at least one file to upload');
    const unknown = await upload(t(), token, 999999, [{ filename: 'a.pdf', content: pdf }]);
    expect(unknown.statusCode).toBe(404);
    // Refused before its body was read: the connection is closed rather than left to receive an unread body.
    expect(unknown.headers.connection).toBe('close');
    expect(unknown.json().detail).toBe(
      "Document not found: The document ID 999999 doesn't exist or you don't have access to it.",
    );
    const foreign = await newDoc(other.token);
    const before = storedFiles();
    expect((await upload(t(), token, foreign, [{ filename: 'a.pdf', content: pdf }])).statusCode).toBe(404);
    expect(storedFiles()).toBe(before);
  });
});

describe('case files: download, primary, delete', () => {
  it('downloads by file_id, the primary file, or the first file; refuses another document’s file id', async () => {
    const id = await newDoc();
    const a = await makePdf(1, 'A');
    const b = await makePdf(2, 'B');
    const res = (
      await upload(t(), token, id, [
        { filename: 'a.pdf', content: a },
        { filename: 'Ünïcode b.pdf', content: b },
      ])
    ).json();
    const [fa, fb] = res.data.files;
    const byId = await t()
      .as(token)
      .get(`/api/v1/documents/${id}/download?file_id=${fb.id}&primary_only=false`);
    expect(byId.statusCode).toBe(200);
    expect(byId.headers['content-type']).toBe('application/pdf');
    expect(byId.headers['content-disposition']).toContain("filename*=UTF-8''%C3%9Cn%C3%AFcode%20b.pdf");
    expect(sha256(byId.rawPayload)).toBe(sha256(b));
    const primary = await t().as(token).get(`/api/v1/documents/${id}/download`);
    expect(sha256(primary.rawPayload)).toBe(sha256(a));
    const set = await t().as(token).put(`/api/v1/documents/${id}/files/${fb.id}/primary`);
    expect(set.json().data).toMatchObject({ id: fb.id, is_primary: true });
    expect((await t().as(token).get(`/api/v1/documents/${id}/files/primary`)).json().id).toBe(fb.id);
    expect((await t().as(token).get(`/api/v1/documents/${id}`)).json()).toMatchObject({
      file_name: 'Ünïcode b.pdf',
      file_size: b.length,
      file_count: 2,
    });
    const otherDoc = await newDoc();
    const wrong = await t().as(token).get(`/api/v1/documents/${otherDoc}/download?file_id=${fa.id}`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().detail).toBe('File not found. It may have been deleted or moved.');
    const del = await t().as(token).delete(`/api/v1/documents/${id}/files/${fa.id}`);
    expect(del.statusCode).toBe(200);
    expect((await t().as(token).get(`/api/v1/documents/${id}/download?file_id=${fa.id}`)).statusCode).toBe(
      404,
    );
  });

  it('answers 404 (not 500) when the stored content is gone', async () => {
    const id = await newDoc();
    const f = (await upload(t(), token, id, [{ filename: 'a.pdf', content: await makePdf(1) }])).json().data
      .files[0];
    const [row] = await t().database.raw.query<{ storage_key: string }>(
      'SELECT storage_key FROM case_files WHERE id = $1',
      [f.id],
    );
    const storage_key = row!.storage_key;
    const { unlinkSync } = await import('node:fs');
    unlinkSync(join(t().env.DATA_DIR, 'files', storage_key));
    const res = await t().as(token).get(`/api/v1/documents/${id}/download?file_id=${f.id}`);
    expect(res.statusCode).toBe(404);
  });
});

describe('bundles', () => {
  it('merges the chosen PDFs in the chosen order into one stored bundle', async () => {
    const id = await newDoc();
    const res = (
      await upload(t(), token, id, [
        { filename: 'one.pdf', content: await makePdf(1, 'One') },
        { filename: 'two.pdf', content: await makePdf(2, 'Two') },
        { filename: 'three.pdf', content: await makePdf(3, 'Three') },
      ])
    ).json();
    const [one, two, three] = res.data.files.map((f: { id: number }) => f.id);
    const { payload, headers } = multipart([
      { name: 'file_ids', value: `${three},${one},${two}` },
      { name: 'bundle_name', value: '2025-1234_Bundle_2025-11-21' },
    ]);
    const made = await t().inject({
      method: 'POST',
      url: `/api/v1/documents/${id}/bundle`,
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      message: 'Bundle created successfully!',
      data: {
        filename: '2025-1234_Bundle_2025-11-21.pdf',
        is_bundle: true,
        page_count: 6,
        bundle_source_ids: [three, one, two],
      },
    });
    const bytes = (await t().as(token).get(`/api/v1/documents/${id}/download?file_id=${made.json().data.id}`))
      .rawPayload;
    const merged = await PDFDocument.load(bytes);
    expect(merged.getPageCount()).toBe(6);
    expect(sha256(bytes)).toBe(made.json().data.sha256);
    const bundles = (await t().as(token).get(`/api/v1/documents/${id}/bundles`)).json();
    expect(bundles.files).toHaveLength(1);
    // JSON works too, and the default name is Bundle_YYYY-MM-DD.
    const json = await t()
      .as(token)
      .post(`/api/v1/documents/${id}/bundle`, { file_ids: [one] });
    expect(json.json().data.filename).toMatch(/^Bundle_\d{4}-\d{2}-\d{2}\.pdf$/);
  });

  it('applies the bundle rules with the spec’s messages', async () => {
    const empty = await newDoc();
    expect(
      (await t().as(token).post(`/api/v1/documents/${empty}/bundle`, { file_ids: '1' })).json().detail,
    ).toBe('No files available to bundle');
    const id = await newDoc();
    const files = (await upload(t(), token, id, [{ filename: 'a.pdf', content: await makePdf(1) }])).json()
      .data.files;
    const none = await t().as(token).post(`/api/v1/documents/${id}/bundle`, { file_ids: '' });
    expect(none.statusCode).toBe(422);
    expect(none.json().detail[0].msg).toBe('Please select at least one file to bundle');
    const blank = await t()
      .as(token)
      .post(`/api/v1/documents/${id}/bundle`, { file_ids: String(files[0].id), bundle_name: '  ' });
    expect(blank.json().detail[0].msg).toBe('Please provide a bundle name');
    const bundle = (
      await t()
        .as(token)
        .post(`/api/v1/documents/${id}/bundle`, { file_ids: String(files[0].id) })
    ).json().data;
    const again = await t()
      .as(token)
      .post(`/api/v1/documents/${id}/bundle`, { file_ids: `${files[0].id},${bundle.id}` });
    expect(again.statusCode).toBe(422);
    expect(again.json().detail).toBe('Bundle files cannot be put into a bundle.');
    const foreign = await t().as(token).post(`/api/v1/documents/${id}/bundle`, { file_ids: '999999' });
    expect(foreign.json().detail).toBe('File 999999 is not a file of this document.');
  });

  it('refuses a damaged PDF by name', async () => {
    const id = await newDoc();
    const files = (
      await upload(t(), token, id, [
        { filename: 'broken.pdf', content: Buffer.from('%PDF-1.4\nthis is not a real pdf') },
      ])
    ).json().data.files;
    const res = await t()
      .as(token)
      .post(`/api/v1/documents/${id}/bundle`, { file_ids: String(files[0].id) });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(
      'broken.pdf could not be read as a PDF. It may be damaged or password-protected.',
    );
  });
});
