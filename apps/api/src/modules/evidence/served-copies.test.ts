import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PDFDocument, StandardFonts, degrees } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/build-app';
import { registerFirm, type RegisteredFirm } from '../../../test/factories';
import {
  handToSheriff,
  makeDocx,
  makeManyPagePdf,
  makePdf,
  makeReadyDraft,
  rawPdf,
  submit,
  upload,
} from '../../../test/document-factories';
import { multipart } from '../../../test/multipart';
import { settleEvents } from '../../../test/settle-events';
import { hasPdfsig, hasPdftoppm, hasPdftotext, pdfPages, pdfText, pdfsig } from '../../../test/tools';
import { sha256 } from '../../lib/tokens';

/**
 * Stamped served copies (issue 17): every page of a served PDF carries the security ID, a QR code to the verification
 * page and the date of service at its foot; the copy is sealed; the original and the copy are both kept and both
 * verify; the firm downloads it, the recipient gets it from the delivery page.
 */
const t = useTestApp();
let token: string;
let other: RegisteredFirm;
let otherToken: string;

beforeAll(async () => {
  token = await t().login(DEMO.attorney);
  other = await registerFirm(t());
  otherToken = other.token;
}, 120_000);

/** A PDF whose second page is rotated 90° and third is landscape, with text down to the foot of each page. */
async function mixedPdf(label: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const pages: [number, number, number][] = [
    [595, 842, 0],
    [595, 842, 90],
    [842, 595, 0],
  ];
  for (const [i, [w, h, rotation]] of pages.entries()) {
    const page = doc.addPage([w, h]);
    page.setRotation(degrees(rotation));
    for (let y = h - 72; y > 60; y -= 16)
      page.drawText(`${label}, page ${i + 1}: the document's own text, line at ${y} pt.`, {
        x: 72,
        y,
        size: 11,
        font,
      });
    page.drawText(`Page ${i + 1} of 3`, { x: w / 2 - 20, y: 40, size: 10, font });
  }
  return Buffer.from(await doc.save());
}

/** An encrypted PDF (a standard security handler in the trailer): readers ask for a password, pdf-lib refuses it. */
const encryptedPdf = () =>
  Buffer.from(
    rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
      '<< /Filter /Standard /V 2 /R 3 /Length 128 /P -1028 /O <00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff> /U <00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff> >>',
    ])
      .toString('latin1')
      .replace(
        '/Root 1 0 R >>',
        '/Root 1 0 R /Encrypt 4 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>] >>',
      ),
    'latin1',
  );

/** A plea (served electronically at submit) with the given files, served on `other`; its served-copies job run. */
async function served(files: { filename: string; content: Buffer }[], opts: { runJob?: boolean } = {}) {
  const d = await makeReadyDraft(
    t(),
    token,
    { firmId: other.firmId, branchId: other.branchId },
    { caseInfo: { title: 'Plea in Mokoena v Dlamini', document_type: 'plea' }, files },
  );
  const res = await submit(t(), token, d.id);
  expect(res.statusCode, res.body).toBe(200);
  const doc = res.json().data;
  expect(doc.status).toBe('served');
  await settleEvents(t().app);
  if (opts.runJob !== false) await t().app.deps.jobs.tick();
  return {
    id: d.id,
    fileIds: d.fileIds,
    securityId: doc.security_id as string,
    dsa: doc.digital_service_address as string,
  };
}

const servedCopy = (id: number, fileId: number, as = token) =>
  t().as(as).get(`/api/v1/documents/${id}/files/${fileId}/served-copy`);
const copyRows = (documentId: number) =>
  t().database.raw.query<{
    case_file_id: number;
    status: string;
    sha256: string | null;
    storage_key: string | null;
    problem: string | null;
  }>(
    'SELECT case_file_id, status, sha256, storage_key, problem FROM served_copies WHERE document_id = $1 ORDER BY case_file_id',
    [documentId],
  );
const verifyFile = (content: Buffer) => {
  const { payload, headers } = multipart([{ name: 'file', filename: 'check.pdf', content }]);
  return t().inject({ method: 'POST', url: '/api/v1/verify/file', payload, headers });
};

/** Where the test leaves the pages it rendered, to look at (docs/evidence.md). */
const RENDER_DIR = join(process.env.TMPDIR ?? '/tmp', 'lexserve-served-copies');

describe('stamped served copies', () => {
  it('are made when the document is served: sealed, every page stamped at its foot, the original kept; both verify', async () => {
    const original = await mixedPdf('Plea');
    const { id, fileIds, securityId } = await served([{ filename: 'plea.pdf', content: original }]);
    const [row] = await copyRows(id);
    expect(row).toMatchObject({ case_file_id: fileIds[0], status: 'ready', problem: null });

    const res = await servedCopy(id, fileIds[0]!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('plea (served copy).pdf');
    const copy = res.rawPayload;
    expect(sha256(copy)).toBe(row!.sha256);
    // The original is kept as uploaded.
    const orig = await t().as(token).get(`/api/v1/documents/${id}/download?file_id=${fileIds[0]}`);
    expect(sha256(orig.rawPayload)).toBe(sha256(original));

    const parsed = await PDFDocument.load(copy);
    expect(parsed.getPageCount()).toBe(3);
    expect(parsed.getPage(1).getRotation().angle).toBe(90);
    const seal = t().app.deps.seal.read(copy);
    expect(seal).toMatchObject({
      present: true,
      intact: true,
      covers_whole_file: true,
      reason: 'Sealed by LexServe',
      problem: null,
    });
    expect(seal.timestamp).not.toBeNull();
    if (hasPdfsig) {
      const out = pdfsig(copy);
      expect(out).toContain('Signature Validation: Signature is Valid.');
      expect(out).toContain('Total document signed');
    }
    if (hasPdftotext) {
      const date = new Intl.DateTimeFormat('en-ZA', {
        timeZone: 'Africa/Johannesburg',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }).format(new Date());
      const pages = pdfText(copy)
        .split('\f')
        .filter((p) => p.trim());
      expect(pages).toHaveLength(3);
      for (const page of pages) {
        expect(page).toContain(`Served through LexServe on ${date} at`);
        expect(page).toContain(`Security ID: ${securityId}`);
        expect(page).toContain(`Verify: ${t().env.PUBLIC_URL}/verify/${securityId}`);
        // The document's own text is still there.
        expect(page).toContain("the document's own text");
      }
    }
    if (hasPdftoppm) {
      mkdirSync(RENDER_DIR, { recursive: true });
      pdfPages(copy, 60).forEach((png, i) =>
        writeFileSync(join(RENDER_DIR, `served-copy-${i + 1}.png`), png),
      );
    }

    // Both files verify: by file, and the security ID lists both hashes.
    const byOriginal = (await verifyFile(original)).json();
    expect(byOriginal).toMatchObject({
      status: 'verified',
      match: 'served_document',
      pdf_type: 'served_document',
      security_id: securityId,
    });
    const byCopy = (await verifyFile(copy)).json();
    expect(byCopy).toMatchObject({
      status: 'verified',
      match: 'served_document',
      pdf_type: 'served_copy',
      security_id: securityId,
    });
    expect(byCopy.seal).toMatchObject({ present: true, intact: true, by_lexserve: true });
    const check = (await t().inject({ method: 'GET', url: `/api/v1/verify/${securityId}` })).json();
    expect(check.served_files).toEqual([
      {
        filename: 'plea.pdf',
        sha256: sha256(original),
        size: original.length,
        served_copy_sha256: sha256(copy),
      },
    ]);
    // The trail records it.
    const tl = (
      await t().as(token).get(`/api/v1/documents/${id}/timeline?event_types=served_copy_made`)
    ).json();
    expect(JSON.stringify(tl)).toContain(sha256(copy));
  }, 120_000);

  it('answers 404 outside the scope, 409 before service, for files added after it and for Word files, 401 without a session', async () => {
    const { id, fileIds } = await served([
      { filename: 'plea.pdf', content: await makePdf(1, 'Scope') },
      { filename: 'affidavit.docx', content: await makeDocx() },
    ]);
    expect((await servedCopy(id, fileIds[0]!, otherToken)).statusCode).toBe(404);
    // A file added after service was not served: it has no served copy.
    const later = await upload(t(), token, id, [
      { filename: 'later.pdf', content: await makePdf(1, 'Later') },
    ]);
    expect(later.statusCode, later.body).toBe(201);
    const notServed = await servedCopy(id, later.json().data.files[0].id);
    expect(notServed.statusCode).toBe(409);
    expect(notServed.json().detail).toBe('later.pdf was not part of the service, so it has no served copy.');
    const word = await servedCopy(id, fileIds[1]!);
    expect(word.statusCode).toBe(409);
    expect(word.json().detail).toBe(
      'affidavit.docx is a Word document: stamped served copies are made of PDFs only. Download the file as it was served.',
    );
    expect(
      (await t().inject({ method: 'GET', url: `/api/v1/documents/${id}/files/${fileIds[0]}/served-copy` }))
        .statusCode,
    ).toBe(401);
    expect((await servedCopy(id, 999_999)).statusCode).toBe(404);

    const draft = await makeReadyDraft(t(), token, { firmId: other.firmId, branchId: other.branchId });
    const early = await servedCopy(draft.id, draft.fileIds[0]!);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe(
      'This document has not been served yet. Its stamped served copies are made when it is served.',
    );

    // Initiating process with the sheriff is not served until the return of service.
    const sheriffId = (
      await t()
        .as(await t().login(DEMO.sheriff))
        .get('/api/v1/users/me')
    ).json().id as number;
    const withSheriff = await handToSheriff(
      t(),
      token,
      { firmId: other.firmId, branchId: other.branchId },
      sheriffId,
    );
    expect((await servedCopy(withSheriff.id, withSheriff.fileIds[0]!)).statusCode).toBe(409);
  }, 120_000);

  it("is made when the sheriff's return of service serves initiating process, with the date of service on it", async () => {
    const sheriffToken = await t().login(DEMO.sheriff);
    const sheriffId = (await t().as(sheriffToken).get('/api/v1/users/me')).json().id as number;
    const ready = await handToSheriff(
      t(),
      token,
      { firmId: other.firmId, branchId: other.branchId },
      sheriffId,
    );
    expect((await servedCopy(ready.id, ready.fileIds[0]!)).statusCode).toBe(409);
    const attempt = await t().as(sheriffToken).post(`/api/v1/documents/${ready.id}/service-attempts`, {
      device_time: '2026-03-02T09:39:00+02:00',
      address: '5 Main Road, Soweto, 1804',
      latitude: -26.2485,
      longitude: 27.854,
      accuracy_m: 12,
      outcome: 'served_personally',
    });
    expect(attempt.statusCode, attempt.body).toBe(201);
    const ret = await t()
      .as(sheriffToken)
      .post(`/api/v1/documents/${ready.id}/returns`, {
        outcome: 'served',
        manner: 'personal',
        served_at: '2026-03-02T09:40:00+02:00',
        address: '5 Main Road, Soweto, 1804',
        person_served_name: 'Sipho Dlamini',
        person_served_capacity: 'Defendant',
        nature_explained: true,
        fees: [{ description: 'Service of summons', amount_cents: 25000 }],
      });
    expect(ret.statusCode, ret.body).toBe(201);
    await settleEvents(t().app);
    await t().app.deps.jobs.tick();
    expect((await copyRows(ready.id)).map((r) => r.status)).toEqual(['ready']);
    const copy = await servedCopy(ready.id, ready.fileIds[0]!);
    expect(copy.statusCode).toBe(200);
    if (hasPdftotext)
      expect(pdfText(copy.rawPayload)).toContain('Served through LexServe on 2 March 2026 at 09:40 SAST');
  }, 120_000);

  it('is made once when many ask at once before the job ran, leaving no second file behind', async () => {
    const { id, fileIds } = await served(
      [{ filename: 'plea.pdf', content: await makePdf(3, 'Concurrent') }],
      { runJob: false },
    );
    expect(await copyRows(id)).toHaveLength(0);
    const answers = await Promise.all(Array.from({ length: 5 }, () => servedCopy(id, fileIds[0]!)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(new Set(answers.map((a) => sha256(a.rawPayload))).size).toBe(1);
    const rows = await copyRows(id);
    expect(rows).toHaveLength(1);
    // One file stored: every stored served copy is one a row uses (none left behind by a second maker).
    const keys: string[] = [];
    for await (const { key } of t().app.deps.files.list('served/')) keys.push(key);
    const used = await t().database.raw.query<{ storage_key: string }>(
      'SELECT storage_key FROM served_copies WHERE storage_key IS NOT NULL',
    );
    expect(keys.sort()).toEqual(used.map((r) => r.storage_key).sort());
    // The job finds it made and makes no other.
    await t().app.deps.jobs.tick(new Date(Date.now() + 60_000));
    expect(await copyRows(id)).toHaveLength(1);
  }, 120_000);

  it('serves the original with a clear reason when a PDF cannot be stamped (encrypted)', async () => {
    const locked = encryptedPdf();
    const { id, fileIds, dsa } = await served([
      { filename: 'locked.pdf', content: locked },
      { filename: 'annexure.pdf', content: await makePdf(1, 'Annexure') },
    ]);
    const rows = await copyRows(id);
    expect(rows.map((r) => r.status)).toEqual(['failed', 'ready']);
    const res = await servedCopy(id, fileIds[0]!);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      'locked.pdf could not be stamped: it is password-protected (encrypted), so its pages cannot be stamped. It was served as uploaded; download the original instead.',
    );

    // The recipient: the page says which file is stamped; downloads give the copy, or the original when there is none.
    const mail = await t().database.raw.query<{ text_body: string }>(
      'SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
      [dsa],
    );
    const link = /\/delivery\/([A-Za-z0-9_-]+)/.exec(mail[0]!.text_body)![1]!;
    const page = (await t().inject({ method: 'GET', url: `/api/v1/delivery/${link}` })).json();
    const [lockedFile, annexure] = page.files;
    expect(lockedFile).toMatchObject({ filename: 'locked.pdf', stamped: false, served_copy_sha256: null });
    expect(annexure).toMatchObject({
      filename: 'annexure.pdf',
      stamped: true,
      served_copy_sha256: rows[1]!.sha256,
    });
    const headers = { 'x-delivery-session': page.session };
    const gotLocked = await t().inject({ method: 'GET', url: lockedFile.download_url, headers });
    expect(gotLocked.statusCode).toBe(200);
    expect(sha256(gotLocked.rawPayload)).toBe(sha256(locked));
    const gotCopy = await t().inject({ method: 'GET', url: annexure.download_url, headers });
    expect(sha256(gotCopy.rawPayload)).toBe(rows[1]!.sha256);
    expect(gotCopy.headers['content-disposition']).toContain('annexure (served copy).pdf');
    const gotOriginal = await t().inject({ method: 'GET', url: annexure.original_download_url, headers });
    expect(sha256(gotOriginal.rawPayload)).not.toBe(rows[1]!.sha256);
    expect(gotOriginal.headers['content-disposition']).toContain('annexure.pdf');
    // Each download is counted, as before.
    const events = (await t().as(token).get(`/api/v1/documents/${id}/delivery`)).json().deliveries[0].events;
    expect(events.filter((e: { kind: string }) => e.kind === 'downloaded')).toHaveLength(3);
  }, 120_000);

  it('opens a hostile PDF (50,000 pages in 4 MB) in the PDF worker: refused with the reason, /healthz stays fast', async () => {
    const { id, fileIds } = await served([{ filename: 'many-pages.pdf', content: makeManyPagePdf(50_000) }], {
      runJob: false,
    });
    await t().app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t().app.server.address() as AddressInfo).port}`;
    let done = false;
    const asked = servedCopy(id, fileIds[0]!).finally(() => (done = true));
    const latencies: number[] = [];
    while (!done) {
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, 10));
      const res = await fetch(`${base}/healthz`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
    }
    const res = await asked;
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      'many-pages.pdf could not be stamped: it has more than 2,000 pages. It was served as uploaded; download the original instead.',
    );
    // The same bound as the hostile bundles' (bundles-hostile.test.ts).
    expect(Math.max(...latencies), `slowest /healthz answer (ms) of ${latencies.length}`).toBeLessThan(2_000);
    expect((await copyRows(id))[0]).toMatchObject({
      status: 'failed',
      problem: 'it has more than 2,000 pages',
    });
  }, 120_000);

  it('are described in the OpenAPI document, with the verification seal object and the files served', async () => {
    const doc = (await t().inject({ method: 'GET', url: '/api/docs/json' })).json();
    const route = doc.paths['/api/v1/documents/{id}/files/{fileId}/served-copy'].get;
    expect(route.summary).toBe('The stamped served copy of a served PDF');
    expect(route.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['fileId', 'id']);
    const schemaOf = (path: string, method: string) =>
      doc.paths[path][method].responses['200'].content['application/json'].schema;
    for (const [path, method] of [
      ['/api/v1/verify/{securityId}', 'get'],
      ['/api/v1/verify/file', 'post'],
    ]) {
      const seal = schemaOf(path!, method!).properties.seal;
      expect(Object.keys(seal.properties ?? seal.anyOf?.[0]?.properties ?? {}).sort(), path).toEqual(
        [
          'by_lexserve',
          'covers_whole_file',
          'intact',
          'present',
          'problem',
          'signed_at',
          'signer',
          'timestamp',
        ].sort(),
      );
    }
    expect(
      Object.keys(
        schemaOf('/api/v1/verify/{securityId}', 'get').properties.served_files.items.properties,
      ).sort(),
    ).toEqual(['filename', 'served_copy_sha256', 'sha256', 'size']);
    expect(doc.paths['/api/v1/seal/certificates'].get).toBeTruthy();
    expect(doc.paths['/api/v1/seal/certificate'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      ['fingerprint'],
    );
  });
});
