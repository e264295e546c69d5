import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp, type TestApp } from '../../../test/build-app';
import { makeDocx, makePdf, upload } from '../../../test/document-factories';
import { hasPdftotext, installed, pdfText } from '../../../test/tools';

/** A Word 97-2003 file saying "Founding affidavit" and "Sworn at Johannesburg" (saved by LibreOffice 7.4). */
const DOC = readFileSync(join(import.meta.dirname, '..', '..', '..', 'test', 'fixtures', 'affidavit.doc'));

/** A document of the demo firm holding a PDF, a DOCX and a DOC; answers the file ids by name. */
async function documentWithWordFiles(t: TestApp, token: string) {
  const id = (await t.as(token).post('/api/v1/documents/', { title: 'Word bundle' })).json().data
    .id as number;
  const res = await upload(t, token, id, [
    { filename: 'summons.pdf', content: await makePdf(1, 'Summons') },
    { filename: 'statement.docx', content: makeDocx(['Statement of Sipho Dlamini']) },
    { filename: 'affidavit.doc', content: DOC },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  const ids = Object.fromEntries(
    res.json().data.files.map((f: { filename: string; id: number }) => [f.filename, f.id]),
  );
  return { id, ids: ids as Record<'summons.pdf' | 'statement.docx' | 'affidavit.doc', number> };
}

const bundleCount = async (t: TestApp, id: number) =>
  (
    await t.database.raw.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM case_files WHERE document_id = $1 AND is_bundle',
      [id],
    )
  )[0]!.n;

describe('bundles with Word files, converted by LibreOffice', () => {
  const hasSoffice = installed('soffice', 'libreoffice-writer-nogui');
  const t = useTestApp();
  let token: string;
  beforeAll(async () => {
    token = await t().login(DEMO.attorney);
  });

  it.runIf(hasSoffice)(
    'turns DOCX and DOC files into PDF pages, in the chosen order',
    { timeout: 180_000 },
    async () => {
      const { id, ids } = await documentWithWordFiles(t(), token);
      const order = [ids['statement.docx'], ids['summons.pdf'], ids['affidavit.doc']];
      const res = await t()
        .as(token)
        .post(`/api/v1/documents/${id}/bundle`, { file_ids: order.join(','), bundle_name: 'Word and PDF' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ filename: 'Word and PDF.pdf', page_count: 3 });
      const pdf = await t().as(token).get(`/api/v1/documents/${id}/download?file_id=${res.json().data.id}`);
      expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBe(3);
      if (hasPdftotext) {
        const text = pdfText(pdf.rawPayload);
        const at = ['Statement of Sipho Dlamini', 'Summons', 'Sworn at Johannesburg'].map((words) =>
          text.indexOf(words),
        );
        expect(
          at.every((i) => i >= 0),
          text,
        ).toBe(true);
        expect([...at].sort((a, b) => a - b)).toEqual(at);
      }
    },
  );
});

describe('bundles with Word files, LibreOffice switched off (SOFFICE_PATH=off)', () => {
  const t = useTestApp({ SOFFICE_PATH: 'off' });

  it('refuses the Word files by name and keeps no bundle; PDF files alone still bundle', async () => {
    const token = await t().login(DEMO.attorney);
    const { id, ids } = await documentWithWordFiles(t(), token);
    const res = await t()
      .as(token)
      .post(`/api/v1/documents/${id}/bundle`, { file_ids: Object.values(ids).join(',') });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(
      'Word documents cannot be converted for bundling on this server: statement.docx, affidavit.doc. Save them as PDF, upload them and try again.',
    );
    expect(await bundleCount(t(), id)).toBe(0);
    const pdfOnly = await t()
      .as(token)
      .post(`/api/v1/documents/${id}/bundle`, { file_ids: String(ids['summons.pdf']) });
    expect(pdfOnly.statusCode).toBe(201);
  });
});

describe.each([
  {
    when: 'LibreOffice failing (a converter that exits 1 and writes nothing)',
    SOFFICE_PATH: '/bin/false',
    files: ['summons.pdf', 'statement.docx'] as const,
    detail: 'statement.docx could not be converted to PDF. Save it as PDF, upload it and try again.',
  },
  {
    when: 'SOFFICE_PATH naming no program',
    SOFFICE_PATH: '/nonexistent/soffice',
    files: ['affidavit.doc', 'summons.pdf'] as const,
    detail:
      'Word documents cannot be converted for bundling on this server: affidavit.doc. Save them as PDF, upload them and try again.',
  },
])('bundles with Word files, $when', ({ SOFFICE_PATH, files, detail }) => {
  const t = useTestApp({ SOFFICE_PATH });

  it('names the Word file in a 422 and keeps no bundle', async () => {
    const token = await t().login(DEMO.attorney);
    const { id, ids } = await documentWithWordFiles(t(), token);
    const res = await t()
      .as(token)
      .post(`/api/v1/documents/${id}/bundle`, { file_ids: files.map((name) => ids[name]).join(',') });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(detail);
    expect(await bundleCount(t(), id)).toBe(0);
  });
});
