import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/build-app';
import { registerFirm, type RegisteredFirm } from '../../../test/factories';
import { CASE_INFO, makePdf, makeReadyDraft, submit } from '../../../test/document-factories';
import { hasPdfsig, hasPdftoppm, hasPdftotext, pdfPages, pdfText, pdfsig } from '../../../test/tools';
import { sha256 } from '../../lib/tokens';
import { scrubStoredProofs } from '../verification/verification.scrub';

const t = useTestApp();
let token: string;
let firmAdmin: string;
let other: RegisteredFirm;

beforeAll(async () => {
  token = await t().login(DEMO.attorney);
  firmAdmin = await t().login(DEMO.firmAdmin);
  other = await registerFirm(t());
});

const served = async () => {
  const d = await makeReadyDraft(
    t(),
    token,
    { firmId: other.firmId, branchId: other.branchId },
    {
      files: [
        { filename: 'summons.pdf', content: await makePdf(2, 'Summons') },
        { filename: 'particulars.pdf', content: await makePdf(1, 'Particulars') },
      ],
    },
  );
  const res = await submit(t(), token, d.id);
  expect(res.statusCode, res.body).toBe(200);
  return { ...d, doc: res.json().data };
};

/** The link e-mailed to a DSA (the last one sent there). */
const linkTokenFor = async (dsa: string) => {
  const mails = await t().database.raw.query<{ text_body: string }>(
    'SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
    [dsa],
  );
  return /\/delivery\/([A-Za-z0-9_-]+)/.exec(mails[0]!.text_body)![1]!;
};

describe('proof of service', () => {
  it('is generated on submit: existence check, download, and a PDF that says what was served', async () => {
    const { id, doc } = await served();
    const status = (await t().as(token).get(`/api/v1/proof-of-service/document/${id}`)).json();
    expect(status).toMatchObject({
      exists: true,
      document_id: id,
      security_id: doc.security_id,
      version: 1,
      verification_count: 0,
    });
    expect(status.verification_url).toBe(`${t().env.PUBLIC_URL}/verify/${doc.security_id}`);
    const pdf = await t().as(token).get(`/api/v1/proof-of-service/document/${id}/download`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('proof_of_service_2025-1234.pdf');
    expect(sha256(pdf.rawPayload)).toBe(status.sha256);
    const parsed = await PDFDocument.load(pdf.rawPayload);
    expect(parsed.getPageCount()).toBeGreaterThanOrEqual(1);
    if (hasPdftotext) {
      const text = pdfText(pdf.rawPayload);
      // The title may wrap: it is read with its spaces and line breaks as one.
      expect(text.replace(/\s+/g, ' ')).toContain('Notice of Electronic Service (Uniform Rule 4A)');
      expect(text).not.toContain('Return of Service');
      for (const expected of [
        'Address nominated in',
        'Demo Attorneys Inc.',
        'Cape Town (Main)',
        doc.digital_service_address,
        CASE_INFO.title,
        '2025-1234',
        'Plea',
        'Mr Sipho Dlamini',
        'summons.pdf',
        'particulars.pdf',
        'Aisha Patel',
        `/verify/${doc.security_id}`,
      ])
        expect(text).toContain(expected);
      const files = (await t().as(token).get(`/api/v1/documents/${id}/files`)).json().files;
      for (const f of files) expect(text).toContain(f.sha256);
      // The security ID is at the bottom of every page.
      const pages = text.split('\f').filter((p) => p.trim());
      expect(pages.length).toBe(parsed.getPageCount());
      for (const page of pages) expect(page).toContain(`Security ID: ${doc.security_id}`);
    }
  });

  it('answers the existing proof on generate, and a new version (same security ID) on regenerate', async () => {
    const { id, doc } = await served();
    const again = await t().as(token).post(`/api/v1/proof-of-service/generate/${id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      message: 'Proof of service already generated',
      data: { exists: true, version: 1 },
    });
    const regen = await t().as(token).post(`/api/v1/proof-of-service/generate/${id}`, { regenerate: true });
    expect(regen.statusCode).toBe(201);
    expect(regen.json().data).toMatchObject({ version: 2, security_id: doc.security_id });
    expect(regen.json().data.sha256).not.toBe(again.json().data.sha256);
    const tl = (
      await t().as(token).get(`/api/v1/documents/${id}/timeline?event_types=proof_generated`)
    ).json();
    expect(tl.total).toBe(2);
  });

  it('answers the spec’s messages: invalid id, unknown document, draft, not generated', async () => {
    const bad = await t().as(token).post('/api/v1/proof-of-service/generate/0');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].msg).toBe('Valid document ID is required.');
    const unknown = await t().as(token).post('/api/v1/proof-of-service/generate/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Document not found. Please verify the document ID.');
    const draft = (await t().as(token).post('/api/v1/documents/', {})).json().data.id;
    const gen = await t().as(token).post(`/api/v1/proof-of-service/generate/${draft}`);
    expect(gen.statusCode).toBe(422);
    expect(gen.json().detail).toBe(
      'Document validation failed. The document may not be in a valid state for proof generation.',
    );
    expect((await t().as(token).get(`/api/v1/proof-of-service/document/${draft}`)).json()).toMatchObject({
      exists: false,
      security_id: null,
    });
    const dl = await t().as(token).get(`/api/v1/proof-of-service/document/${draft}/download`);
    expect(dl.statusCode).toBe(404);
    expect(dl.json().detail).toBe(
      'Proof of service not found for this document. You may need to generate it first.',
    );
  });

  it('is sealed: the stored PDF (whose SHA-256 is recorded) carries a time-stamped PAdES seal that pdfsig accepts', async () => {
    const { id } = await served();
    const status = (await t().as(token).get(`/api/v1/proof-of-service/document/${id}`)).json();
    const pdf = (await t().as(token).get(`/api/v1/proof-of-service/document/${id}/download`)).rawPayload;
    expect(sha256(pdf)).toBe(status.sha256);
    const seal = t().app.deps.seal.read(pdf);
    expect(seal).toMatchObject({
      present: true,
      intact: true,
      covers_whole_file: true,
      reason: 'Sealed by LexServe',
      problem: null,
    });
    expect(seal.signer?.subject).toContain('CN=LexServe Document Seal (local)');
    expect(seal.timestamp?.authority).toContain(
      'CN=LexServe Local Time-Stamping Authority (not publicly trusted)',
    );
    const tl = (
      await t().as(token).get(`/api/v1/documents/${id}/timeline?event_types=proof_generated`)
    ).json();
    expect(JSON.stringify(tl)).toContain(`"sealed_by":"${seal.signer!.fingerprint_sha256}"`);
    expect(JSON.stringify(tl)).toContain('"timestamped":true');
    if (hasPdfsig) {
      const out = pdfsig(pdf);
      expect(out).toContain('Signature Validation: Signature is Valid.');
      expect(out).toContain('Signature Type: ETSI.CAdES.detached');
      expect(out).toContain('Total document signed');
      expect(out).toMatch(/Signing Time: \w{3} \d{1,2} \d{4} \d{2}:\d{2}:\d{2}/);
    } else console.warn('pdfsig is not installed (poppler-utils): the seal was checked by readSeal only');
    if (hasPdftoppm) {
      // The pages render as before sealing: the same pages, non-blank (a sealed proof was also looked at by eye).
      const pages = pdfPages(pdf);
      expect(pages.length).toBe((await PDFDocument.load(pdf)).getPageCount());
      for (const png of pages) expect(png.length).toBeGreaterThan(5_000);
    }
  });

  it('refuses regeneration of a revoked document with 409', async () => {
    const { id } = await served();
    await t().as(firmAdmin).post(`/api/v1/documents/${id}/revoke`, { reason: 'Wrong recipient' });
    const res = await t().as(token).post(`/api/v1/proof-of-service/generate/${id}`, { regenerate: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      'Proof of service already exists for this document or document is not ready for proof generation.',
    );
  });
});

describe('electronic service on the DSA', () => {
  it('marks delivered and received only on the delivery record: opened, then downloaded', async () => {
    const { id, doc } = await served();
    const mark = (status: string) => t().as(token).put(`/api/v1/documents/${id}`, { status });
    const early = await mark('delivered');
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe(
      'The recipient has not opened the served documents yet: the document becomes delivered when its delivery record shows it.',
    );
    const page = (
      await t().inject({
        method: 'GET',
        url: `/api/v1/delivery/${await linkTokenFor(doc.digital_service_address)}`,
      })
    ).json();
    expect((await mark('received')).statusCode).toBe(409);
    expect((await mark('delivered')).statusCode).toBe(200);
    const dl = await t().inject({
      method: 'GET',
      url: `${page.files[0].download_url}?session=${page.session}`,
    });
    expect(dl.statusCode).toBe(200);
    const received = await mark('received');
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().data.status).toBe('received');
  });

  it('e-mails a link; opening and each download are recorded and shown on a regenerated proof', async () => {
    const { id, doc } = await served();
    const link = await linkTokenFor(doc.digital_service_address);
    const ua = { 'user-agent': 'Mozilla/5.0 (Recipient Browser)' };
    const open = await t().inject({ method: 'GET', url: `/api/v1/delivery/${link}`, headers: ua });
    expect(open.statusCode, open.body).toBe(200);
    const page = open.json();
    expect(page).toMatchObject({
      document: {
        title: CASE_INFO.title,
        case_number: '2025-1234',
        firm_name: 'Demo Attorneys Inc.',
        served_on: doc.digital_service_address,
      },
      proof_of_service: { security_id: doc.security_id },
    });
    expect(page.files.map((f: { filename: string }) => f.filename)).toEqual([
      'summons.pdf',
      'particulars.pdf',
    ]);
    expect(page.session).toBeTruthy();
    // A reload in the same browser with the session answers the page without recording the opening twice.
    const reload = await t().inject({
      method: 'GET',
      url: `/api/v1/delivery/${link}?session=${page.session}`,
      headers: ua,
    });
    expect(reload.statusCode).toBe(200);
    expect(reload.json().session).toBeNull();
    // Downloads need an opening's session and are recorded with time, address and browser.
    const file = page.files[0];
    const bare = await t().inject({ method: 'GET', url: file.download_url });
    expect(bare.statusCode).toBe(403);
    expect(bare.json().detail).toBe('Open the link in your e-mail again to download these documents.');
    const dl = await t().inject({
      method: 'GET',
      url: `${file.download_url}?session=${page.session}`,
      headers: ua,
    });
    expect(dl.statusCode).toBe(200);
    // The recipient gets the stamped served copy (served-copies.test.ts, which also downloads the file as uploaded).
    const [copy] = await t().database.raw.query<{ sha256: string }>(
      'SELECT sha256 FROM served_copies WHERE case_file_id = $1',
      [file.id],
    );
    expect(sha256(dl.rawPayload)).toBe(copy!.sha256);
    const proof = await t().inject({
      method: 'GET',
      url: `/api/v1/delivery/${link}/proof`,
      headers: { 'x-delivery-session': page.session },
    });
    expect(proof.statusCode).toBe(200);
    const record = (await t().as(token).get(`/api/v1/documents/${id}/delivery`)).json().deliveries[0];
    expect(record).toMatchObject({ status: 'downloaded', link_used: true, open_count: 1, download_count: 1 });
    expect(record.events.map((e: { kind: string }) => e.kind)).toEqual(['sent', 'opened', 'downloaded']);
    expect(record.events[2]).toMatchObject({
      filename: 'summons.pdf',
      user_agent: 'Mozilla/5.0 (Recipient Browser)',
      ip: '127.0.0.1',
    });
    expect((await t().as(token).get(`/api/v1/documents/${id}`)).json().delivery).toMatchObject({
      status: 'downloaded',
      download_count: 1,
    });
    const tl = (
      await t()
        .as(token)
        .get(`/api/v1/documents/${id}/timeline?event_types=delivery_sent,delivery_opened,delivery_downloaded`)
    ).json();
    expect(tl.events.map((e: { event_type: string }) => e.event_type)).toEqual([
      'delivery_downloaded',
      'delivery_opened',
      'delivery_sent',
    ]);
    expect(tl.events.every((e: { is_system_event: boolean }) => e.is_system_event)).toBe(true);
    if (hasPdftotext) {
      await t().as(token).post(`/api/v1/proof-of-service/generate/${id}`, { regenerate: true });
      const text = pdfText(
        (await t().as(token).get(`/api/v1/proof-of-service/document/${id}/download`)).rawPayload,
      );
      expect(text).toContain('ELECTRONIC DELIVERY RECORD');
      expect(text).toContain('Link opened');
      expect(text).toContain('File downloaded: summons.pdf');
      expect(text).toContain('Mozilla/5.0 (Recipient Browser)');
    }
  });

  it('answers 404 for an unknown link, 410 after a resend and after revocation', async () => {
    expect((await t().inject({ method: 'GET', url: `/api/v1/delivery/${'x'.repeat(43)}` })).statusCode).toBe(
      404,
    );
    const { id, doc } = await served();
    const first = await linkTokenFor(doc.digital_service_address);
    const resend = await t().as(token).post(`/api/v1/documents/${id}/delivery/resend`);
    expect(resend.statusCode).toBe(201);
    expect(resend.json().data).toMatchObject({ status: 'sent', link_used: false });
    const old = await t().inject({ method: 'GET', url: `/api/v1/delivery/${first}` });
    expect(old.statusCode).toBe(410);
    expect(old.json().detail).toBe(
      'A newer delivery link has been sent for these documents. Please use the latest e-mail.',
    );
    const second = await linkTokenFor(doc.digital_service_address);
    expect(second).not.toBe(first);
    await t().as(firmAdmin).post(`/api/v1/documents/${id}/revoke`, { reason: 'Withdrawn' });
    const revoked = await t().inject({ method: 'GET', url: `/api/v1/delivery/${second}` });
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json().detail).toBe(
      'These documents have been revoked by the sending firm and are no longer available.',
    );
    const history = (await t().as(token).get(`/api/v1/documents/${id}/delivery`)).json().deliveries;
    expect(history.map((d: { status: string }) => d.status)).toEqual(['revoked', 'revoked']);
  });

  it('keeps files uploaded after service out of the delivery', async () => {
    const { id, doc } = await served();
    const { upload } = await import('../../../test/document-factories');
    await upload(t(), token, id, [{ filename: 'later.pdf', content: await makePdf(1, 'Later') }]);
    const page = (
      await t().inject({
        method: 'GET',
        url: `/api/v1/delivery/${await linkTokenFor(doc.digital_service_address)}`,
      })
    ).json();
    expect(page.files.map((f: { filename: string }) => f.filename)).not.toContain('later.pdf');
    const later = (await t().as(token).get(`/api/v1/documents/${id}/files`))
      .json()
      .files.find((f: { filename: string }) => f.filename === 'later.pdf');
    expect(later.is_served).toBe(false);
    expect(
      (await t().inject({ method: 'GET', url: `/api/v1/delivery/x/files/${later.id}` })).statusCode,
    ).toBe(404);
  });
});

describe('stored proof integrity', () => {
  it('is what verification re-hashes: a tampered stored PDF verifies as invalid', async () => {
    const { doc } = await served();
    const ok = (await t().inject({ method: 'GET', url: `/api/v1/verify/${doc.security_id}` })).json();
    expect(ok).toMatchObject({ valid: true, status: 'verified', hash_verified: true });
    const [row] = await t().database.raw.query<{ storage_key: string }>(
      'SELECT f.storage_key FROM proof_of_service_files f JOIN proofs_of_service p ON p.id = f.proof_id WHERE p.security_id = $1',
      [doc.security_id],
    );
    const path = join(t().env.DATA_DIR, 'files', row!.storage_key);
    const bytes = readFileSync(path);
    const at = Math.floor(bytes.length / 2);
    bytes[at] = bytes[at]! ^ 0xff;
    writeFileSync(path, bytes);
    // Checks answer from memory; the scrub job re-hashes stored proofs and its finding reaches every process.
    expect((await scrubStoredProofs(t().app.deps, t().app.log)).altered).toHaveLength(1);
    const tampered = (await t().inject({ method: 'GET', url: `/api/v1/verify/${doc.security_id}` })).json();
    expect(tampered).toMatchObject({ valid: false, status: 'invalid', hash_verified: false });
  });
});
