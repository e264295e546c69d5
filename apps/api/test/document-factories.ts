import { once } from 'node:events';
import { createDeflate, crc32 } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './build-app';
import { multipart, type Part } from './multipart';

/** A small real PDF with the given number of pages, each saying its label and page number. */
export async function makePdf(pages = 1, label = 'Test document'): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = pdf.addPage([595, 842]);
    page.drawText(`${label} — page ${i} of ${pages}`, { x: 50, y: 780, size: 14, font });
  }
  pdf.setCreationDate(new Date('2025-01-01T00:00:00Z'));
  return Buffer.from(await pdf.save());
}

/** A PDF written in raw syntax: the given objects numbered from 1 (object 1 is the catalog), with a cross-reference table. */
export function rawPdf(objects: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const bytes = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      Buffer.isBuffer(body) ? body : Buffer.from(body),
      Buffer.from('\nendobj\n'),
    ]);
    offsets.push(offset);
    parts.push(bytes);
    offset += bytes.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  parts.push(
    Buffer.from(
      `${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

/** A hostile PDF of `pages` empty pages in raw syntax (50,000 pages make about 4 MB). */
export function makeManyPagePdf(pages: number): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  const page = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>';
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    ...Array<string>(pages).fill(page),
  ]);
}

/**
 * A decompression bomb: a valid one-page PDF holding an object stream that is a few hundred KB as stored and
 * inflates to `inflatedMb` MB (a readable object, then spaces). PDF readers inflate object streams on load.
 */
export async function makeInflateBombPdf(inflatedMb: number): Promise<Buffer> {
  const head = Buffer.from('4 0 << /Bomb true >>');
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  deflate.write(head);
  const spaces = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < inflatedMb; i++) if (!deflate.write(spaces)) await once(deflate, 'drain');
  deflate.end();
  await once(deflate, 'end');
  const packed = Buffer.concat(out);
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    Buffer.concat([
      Buffer.from(
        `<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`,
      ),
      packed,
      Buffer.from('\nendstream'),
    ]),
  ]);
}

/** A minimal zip (stored entries), enough to be a .docx by content: it holds word/document.xml. */
export function makeZip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBuf = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    locals.push(local, nameBuf, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** A real Word document (the parts Word and LibreOffice need) with one paragraph per line of text. */
export const makeDocx = (lines: string[] = ['Founding affidavit']) =>
  makeZip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml':
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
      lines
        .map(
          (line) =>
            `<w:p><w:r><w:t xml:space="preserve">${line.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</w:t></w:r></w:p>`,
        )
        .join('') +
      '</w:body></w:document>',
  });

/** The head of an OLE compound file with a "WordDocument" directory entry: a .doc by content. */
export function makeDoc(): Buffer {
  const buf = Buffer.alloc(2048);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(buf, 0);
  Buffer.from('WordDocument', 'utf16le').copy(buf, 1024);
  return buf;
}

export const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** Valid South African ID numbers (birth date + Luhn check digit). */
export const VALID_SA_IDS = ['8001015009087', '9202204720083', '0001015800087', '0002295800086'];

export const post = (
  t: TestApp,
  token: string,
  url: string,
  parts: Part[],
): Promise<LightMyRequestResponse> => {
  const { payload, headers } = multipart(parts);
  return t.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
};

/** Uploads files to a document through the real multipart call. */
export const upload = (
  t: TestApp,
  token: string,
  documentId: number | string,
  files: { filename: string; content: Buffer }[],
) =>
  post(t, token, '/api/v1/documents/upload', [
    { name: 'document_id', value: String(documentId) },
    ...files.map((f) => ({ name: 'files', filename: f.filename, content: f.content })),
    { name: 'use_chunked_upload', value: 'false' },
    { name: 'use_parallel_upload', value: 'false' },
  ]);

/** A document after initiating process: served electronically on the DSA at submit (Uniform Rule 4A). */
export const CASE_INFO = {
  title: 'Plea in Mokoena v Dlamini',
  document_type: 'plea',
  case_category: 'Pleadings',
  case_number: '2025-1234',
  case_priority: 'urgent',
  client_name: 'Thandi Mokoena',
  court_name: 'Western Cape Division, Cape Town',
};

/** Initiating process: submitting it hands it to the assigned sheriff (Uniform Rule 4(1)(a)). */
export const SUMMONS_INFO = {
  ...CASE_INFO,
  title: 'Summons in Mokoena v Dlamini',
  document_type: 'summons_simple',
};

export const INDIVIDUAL = {
  party_type: 'individual',
  title: 'Mr',
  first_name: 'Sipho',
  last_name: 'Dlamini',
  gender: 'Male',
  marital_status: 'Single',
  nationality: 'South African',
  race: 'African',
  id_number: VALID_SA_IDS[0],
  date_of_birth: '1980-01-01',
  email: 'sipho@example.co.za',
  physical_address: '5 Main Road, Soweto, 1804',
  language: 'Zulu',
};

/** The plaintiff of the citation (the defendant is INDIVIDUAL). */
const ENTITY = {
  party_type: 'entity',
  trading_name: 'Mokoena Holdings (Pty) Ltd',
  registration_number: '2015/123456/07',
  business_type: 'Company',
  email: 'legal@mokoena.co.za',
  physical_address: '1 Long Street, Cape Town, 8001',
};

/** The signature the review step builds from a full name: first and last word. */
export const signatureOf = (fullName: string) => {
  const w = fullName.trim().split(/\s+/);
  return w.length === 1 ? w[0]! : `${w[0]} ${w.at(-1)}`;
};

type Ready = { id: number; fileIds: number[]; partyId: number; plaintiffId: number };

/**
 * A draft with every wizard step filled (case info with the court, one PDF, the citation — an entity plaintiff
 * and an individual defendant — and the legal representative of `serveOn`), ready to be submitted by the user
 * holding `token`.
 */
export async function makeReadyDraft(
  t: TestApp,
  token: string,
  serveOn: { firmId: number; branchId: number },
  opts: { files?: { filename: string; content: Buffer }[]; caseInfo?: Record<string, unknown> } = {},
): Promise<Ready> {
  const created = await t.as(token).post('/api/v1/documents/', {
    ...CASE_INFO,
    ...opts.caseInfo,
    firm_id: serveOn.firmId,
    branch_id: serveOn.branchId,
    draft_metadata: { version: 1, step_status: { step1_completed: true } },
  });
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.statusCode} ${created.body}`);
  const id = created.json().data.id as number;
  const files = opts.files ?? [{ filename: 'summons.pdf', content: await makePdf(2, 'Summons') }];
  const up = await upload(t, token, id, files);
  if (up.statusCode !== 201) throw new Error(`upload failed: ${up.statusCode} ${up.body}`);
  const party = await t.as(token).post('/api/v1/parties/', INDIVIDUAL);
  if (party.statusCode !== 201) throw new Error(`party failed: ${party.statusCode} ${party.body}`);
  const partyId = party.json().data.id as number;
  const link = await t.as(token).post(`/api/v1/parties/${partyId}/documents/${id}`, {
    party_id: partyId,
    role: 'defendant',
    notes: 'Added from wizard',
    is_primary: true,
  });
  if (link.statusCode !== 201) throw new Error(`link failed: ${link.statusCode} ${link.body}`);
  const plaintiff = await t.as(token).post('/api/v1/parties/', ENTITY);
  if (plaintiff.statusCode !== 201)
    throw new Error(`party failed: ${plaintiff.statusCode} ${plaintiff.body}`);
  const plaintiffId = plaintiff.json().data.id as number;
  const link2 = await t.as(token).post(`/api/v1/parties/${plaintiffId}/documents/${id}`, {
    party_id: plaintiffId,
    role: 'plaintiff',
    notes: 'Added from wizard',
    is_primary: false,
  });
  if (link2.statusCode !== 201) throw new Error(`link failed: ${link2.statusCode} ${link2.body}`);
  return { id, fileIds: up.json().data.files.map((f: { id: number }) => f.id), partyId, plaintiffId };
}

/** Submits (status served with the signer's signature) and answers the PUT's response. */
export async function submit(t: TestApp, token: string, id: number) {
  const me = (await t.as(token).get('/api/v1/users/me')).json();
  return t.as(token).put(`/api/v1/documents/${id}`, {
    signature_name: signatureOf(me.full_name),
    status: 'served',
    service_date: new Date().toISOString(),
  });
}

/**
 * Initiating process submitted for service: a ready summons with the given sheriff assigned, submitted, so it is with
 * the sheriff (status assigned). Answers the draft's ids.
 */
export async function handToSheriff(
  t: TestApp,
  token: string,
  serveOn: { firmId: number; branchId: number },
  sheriffId: number,
): Promise<Ready> {
  const ready = await makeReadyDraft(t, token, serveOn, {
    caseInfo: { ...SUMMONS_INFO, assigned_sheriff_id: sheriffId },
  });
  const res = await submit(t, token, ready.id);
  if (res.statusCode !== 200 || res.json().data.status !== 'assigned')
    throw new Error(`hand to sheriff failed: ${res.statusCode} ${res.body}`);
  return ready;
}
