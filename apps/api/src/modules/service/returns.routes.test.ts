import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_MANNER_DETAILS } from '@lexserve/contracts/returns';
import { DEMO, useTestApp } from '../../../test/build-app';
import { registerFirm, type RegisteredFirm } from '../../../test/factories';
import { SUMMONS_INFO, makePdf, makeReadyDraft, post, submit } from '../../../test/document-factories';
import { settleEvents } from '../../../test/settle-events';
import { hasPdfsig, hasPdftotext, pdfsig, pdfText } from '../../../test/tools';
import { sha256 } from '../../lib/tokens';

const t = useTestApp();

let tok: { attorney: string; firmAdmin: string; sheriff: string; admin: string };
let other: RegisteredFirm;
let sheriffId: number;
let attorneyId: number;

beforeAll(async () => {
  tok = {
    attorney: await t().login(DEMO.attorney),
    firmAdmin: await t().login(DEMO.firmAdmin),
    sheriff: await t().login(DEMO.sheriff),
    admin: await t().login(DEMO.admin),
  };
  other = await registerFirm(t());
  sheriffId = (await t().as(tok.sheriff).get('/api/v1/users/me')).json().id;
  attorneyId = (await t().as(tok.attorney).get('/api/v1/users/me')).json().id;
});

/** A second sheriff, invited by the system administrator, who has set a password and signed in. */
async function secondSheriff(): Promise<{ id: number; token: string }> {
  const id = randomBytes(3).toString('hex');
  const email = `sheriff-${id}@sheriffs.co.za`;
  const created = await t()
    .as(tok.admin)
    .post('/api/v1/admin/sheriffs', {
      email,
      full_name: `Lindiwe Dube ${id}`,
      phone_number: '+27 21 555 0199',
      office_name: `Sheriff Wynberg ${id}`,
      appointment_number: `SHF-${id}`,
      service_areas: ['Wynberg'],
    });
  expect(created.statusCode, created.body).toBe(201);
  const [mail] = await t().database.raw.query<{ text_body: string }>(
    'SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC',
    [email],
  );
  const token = /token=([\w-]+)/.exec(mail!.text_body)![1];
  const password = 'Sheriff@12345';
  const reset = await t().inject({
    method: 'POST',
    url: '/api/v1/auth/reset-password',
    payload: { token, new_password: password, confirm_password: password },
  });
  expect(reset.statusCode, reset.body).toBe(200);
  return { id: created.json().data.id, token: await t().login(email, password) };
}

const serveOn = () => ({ firmId: other.firmId, branchId: other.branchId });
const assign = async (docId: number, sheriff: number) => {
  const res = await t()
    .as(tok.attorney)
    .put(`/api/v1/documents/${docId}/assign-sheriff`, { assigned_sheriff_id: sheriff });
  expect(res.statusCode, res.body).toBe(200);
};

/** A summons (sheriff channel) with every step filled, submitted: it is with the demo sheriff for service. */
async function withSheriff(caseNumber = `RS-${randomBytes(2).toString('hex')}`): Promise<number> {
  const { id } = await makeReadyDraft(t(), tok.attorney, serveOn(), {
    caseInfo: { ...SUMMONS_INFO, case_number: caseNumber, assigned_sheriff_id: sheriffId },
  });
  const res = await submit(t(), tok.attorney, id);
  expect(res.json().data?.status, res.body).toBe('assigned');
  return id;
}

const GPS = { latitude: -26.2485, longitude: 27.854, accuracy_m: 12 };
const attemptBody = (extra: Record<string, unknown> = {}) => ({
  device_time: '2026-03-02T09:15:00+02:00',
  address: '5 Main Road, Soweto, 1804',
  ...GPS,
  outcome: 'not_found',
  notes: 'Nobody home',
  ...extra,
});
const recordAttempt = async (docId: number, token = tok.sheriff, extra: Record<string, unknown> = {}) => {
  const res = await t().as(token).post(`/api/v1/documents/${docId}/service-attempts`, attemptBody(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; [k: string]: unknown };
};

/** A small JPEG by content (SOI marker, JFIF header). */
const jpeg = (seed = 'a') =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0'),
    Buffer.alloc(200, seed),
  ]);
const photoUrl = (docId: number, attemptId: number) =>
  `/api/v1/documents/${docId}/service-attempts/${attemptId}/photos`;
const sendPhotos = (
  token: string,
  docId: number,
  attemptId: number,
  files: { filename: string; content: Buffer }[],
) =>
  post(
    t(),
    token,
    photoUrl(docId, attemptId),
    files.map((f) => ({ name: 'photos', filename: f.filename, content: f.content })),
  );

describe('service attempts', () => {
  it('records the phone time, the server time, the address and the GPS position; readers of the document list them', async () => {
    const id = await withSheriff();
    const before = Date.now();
    const a = await recordAttempt(id);
    expect(a).toMatchObject({
      document_id: id,
      device_time: '2026-03-02T07:15:00.000Z',
      address: '5 Main Road, Soweto, 1804',
      ...GPS,
      outcome: 'not_found',
      outcome_label: 'Not found (non est)',
      notes: 'Nobody home',
      photos: [],
      recorded_by: { id: sheriffId },
      attempt_date: '2026-03-02',
      attempt_time: '09:15',
      place: '5 Main Road, Soweto, 1804',
    });
    expect(Date.parse(a.server_time as string)).toBeGreaterThanOrEqual(before - 1000);
    const listed = (await t().as(tok.attorney).get(`/api/v1/documents/${id}/service-attempts`)).json()
      .attempts;
    expect(listed.map((x: { id: number }) => x.id)).toEqual([a.id]);
    const timeline = (
      await t().as(tok.attorney).get(`/api/v1/documents/${id}/timeline?event_types=service_attempt`)
    ).json().events;
    expect(timeline[0].event_metadata).toMatchObject({
      attempt_id: a.id,
      latitude: GPS.latitude,
      attempt_date: '2026-03-02',
    });
    expect((await t().as(other.token).get(`/api/v1/documents/${id}/service-attempts`)).statusCode).toBe(404);
  });

  it('takes a GPS position whole or not at all (422 naming the missing fields), and none when the phone gives none', async () => {
    const id = await withSheriff();
    const partial = await t()
      .as(tok.sheriff)
      .post(
        `/api/v1/documents/${id}/service-attempts`,
        attemptBody({ longitude: null, accuracy_m: undefined }),
      );
    expect(partial.statusCode).toBe(422);
    expect(
      partial
        .json()
        .detail.map((d: { loc: string[] }) => d.loc.join('.'))
        .sort(),
    ).toEqual(['body.accuracy_m', 'body.longitude']);
    const none = await recordAttempt(id, tok.sheriff, { latitude: null, longitude: null, accuracy_m: null });
    expect(none).toMatchObject({ latitude: null, longitude: null, accuracy_m: null });
    const [row] = await t().database.raw.query<{ latitude: number | null }>(
      'SELECT latitude FROM service_attempts WHERE id = $1',
      [none.id],
    );
    expect(row!.latitude).toBeNull();
  });

  it('is written by the assigned sheriff only', async () => {
    const id = await withSheriff();
    const res = await t().as(tok.attorney).post(`/api/v1/documents/${id}/service-attempts`, attemptBody());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('NOT_ASSIGNED_SHERIFF');
    expect(
      (await t().as(other.token).post(`/api/v1/documents/${id}/service-attempts`, attemptBody())).statusCode,
    ).toBe(404);
  });
});

describe('attempt photos', () => {
  it('stores a JPEG with the SHA-256 of its bytes and shows it to whoever may read the document', async () => {
    const id = await withSheriff();
    const a = await recordAttempt(id);
    const bytes = jpeg();
    const res = await sendPhotos(tok.sheriff, id, a.id, [{ filename: 'IMG_0001.jpg', content: bytes }]);
    expect(res.statusCode, res.body).toBe(201);
    const [photo] = res.json().data.photos;
    expect(photo).toMatchObject({
      attempt_id: a.id,
      content_type: 'image/jpeg',
      size: bytes.length,
      sha256: sha256(bytes),
    });
    expect(photo.url).toBe(`/api/v1/documents/${id}/service-attempts/${a.id}/photos/${photo.id}`);
    for (const token of [tok.attorney, tok.firmAdmin, tok.sheriff]) {
      const got = await t().as(token).get(photo.url);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/jpeg');
      expect(sha256(got.rawPayload)).toBe(sha256(bytes));
    }
    expect((await t().as(other.token).get(photo.url)).statusCode).toBe(404);
    const listed = (await t().as(tok.attorney).get(`/api/v1/documents/${id}/service-attempts`)).json()
      .attempts;
    expect(listed[0].photos.map((p: { sha256: string }) => p.sha256)).toEqual([sha256(bytes)]);
  });

  it('refuses a text file named .jpg (422), more than 10 photos or one over 15 MB (413) and nothing at all (422)', async () => {
    const id = await withSheriff();
    const a = await recordAttempt(id);
    const text = await sendPhotos(tok.sheriff, id, a.id, [
      { filename: 'photo.jpg', content: Buffer.from('this is not a photo, only text') },
    ]);
    expect(text.statusCode).toBe(422);
    expect(text.json()).toMatchObject({
      code: 'PHOTO_INVALID_TYPE',
      detail: 'photo.jpg is not a photo: only JPEG, PNG, WebP and HEIC images are accepted.',
    });
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      filename: `p${i}.jpg`,
      content: jpeg(String(i)),
    }));
    const many = await sendPhotos(tok.sheriff, id, a.id, eleven);
    expect(many.statusCode).toBe(413);
    expect(many.json().code).toBe('PHOTO_TOO_MANY');
    const big = Buffer.concat([jpeg(), Buffer.alloc(15 * 1024 * 1024, 1)]);
    const large = await sendPhotos(tok.sheriff, id, a.id, [{ filename: 'huge.jpg', content: big }]);
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({
      code: 'PHOTO_TOO_LARGE',
      detail: 'huge.jpg is too large (at most 15 MB per photo).',
    });
    const empty = await post(t(), tok.sheriff, photoUrl(id, a.id), [{ name: 'note', value: 'x' }]);
    expect(empty.statusCode).toBe(422);
    const [count] = await t().database.raw.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM service_attempt_photos WHERE attempt_id = $1',
      [a.id],
    );
    expect(count!.n).toBe(0);
    // Ten in all per attempt: eight, then three more, is refused.
    expect((await sendPhotos(tok.sheriff, id, a.id, eleven.slice(0, 8))).statusCode).toBe(201);
    const over = await sendPhotos(tok.sheriff, id, a.id, eleven.slice(0, 3));
    expect(over.statusCode).toBe(413);
    expect(over.json().detail).toBe(
      'Too many photos: an attempt can have at most 10 photos, and this one has 8 already.',
    );
  });

  it('is added by the sheriff who recorded the attempt only: a firm user or another sheriff 403, another firm 404', async () => {
    const id = await withSheriff();
    const a = await recordAttempt(id);
    const photo = [{ filename: 'a.jpg', content: jpeg() }];
    const firm = await sendPhotos(tok.attorney, id, a.id, photo);
    expect(firm.statusCode).toBe(403);
    expect(firm.json().code).toBe('NOT_ASSIGNED_SHERIFF');
    expect((await sendPhotos(other.token, id, a.id, photo)).statusCode).toBe(404);
    // The document goes to another sheriff: the attempt stays the first sheriff's.
    const second = await secondSheriff();
    expect((await sendPhotos(second.token, id, a.id, photo)).statusCode).toBe(404);
    await assign(id, second.id);
    const notOwn = await sendPhotos(second.token, id, a.id, photo);
    expect(notOwn.statusCode).toBe(403);
    expect(notOwn.json().code).toBe('PHOTO_NOT_OWN_ATTEMPT');
    expect((await sendPhotos(tok.sheriff, id, a.id, photo)).statusCode).toBe(404);
    expect((await sendPhotos(second.token, id, 999999, photo)).statusCode).toBe(404);
  });
});

const FEES = [
  { description: 'Service of summons', amount_cents: 25000 },
  { description: 'Travelling, 12 km', amount_cents: 5000 },
];
const servedBody = (extra: Record<string, unknown> = {}) => ({
  outcome: 'served',
  manner: 'domicilium',
  served_at: '2026-03-02T09:40:00+02:00',
  address: '5 Main Road, Soweto, 1804',
  person_served_name: 'Sipho Dlamini',
  person_served_capacity: 'Defendant',
  nature_explained: true,
  fees: FEES,
  ...extra,
});
const notServedBody = {
  outcome: 'not_served',
  non_service_reason: 'The defendant is unknown at the address.',
  diligent_search: 'Enquired with the occupant and two neighbours; no forwarding address.',
  fees: [{ description: 'Attempted service', amount_cents: 15000 }],
  vat_registered: false,
};

const proofPdf = async (id: number) => {
  const res = await t().as(tok.attorney).get(`/api/v1/proof-of-service/document/${id}/download`);
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
};

describe('returns', () => {
  it('names each missing fact in the 422, on its field and in one message', async () => {
    const id = await withSheriff();
    const res = await t().as(tok.sheriff).post(`/api/v1/documents/${id}/returns`, { outcome: 'served' });
    expect(res.statusCode).toBe(422);
    const detail = res.json().detail as { loc: string[]; msg: string }[];
    const fields = [
      'manner',
      'served_at',
      'address',
      'person_served_name',
      'person_served_capacity',
      'nature_explained',
      'fees',
    ];
    expect(detail.map((d) => d.loc.join('.')).filter((l) => l !== 'body')).toEqual(
      fields.map((f) => `body.${f}`),
    );
    const summary = detail.find((d) => d.loc.join('.') === 'body')!.msg;
    expect(summary).toBe(
      'The return is missing: manner of service, date and time of service, address where served, name of the person served, ' +
        'capacity of the person served, confirmation that the nature and exigency of the process were explained, fees (at least one).',
    );
    const ns = await t()
      .as(tok.sheriff)
      .post(`/api/v1/documents/${id}/returns`, { outcome: 'not_served', fees: FEES });
    expect(
      ns
        .json()
        .detail.map((d: { loc: string[] }) => d.loc.join('.'))
        .filter((l: string) => l !== 'body'),
    ).toEqual(['body.non_service_reason', 'body.diligent_search']);
    const unexplained = await t()
      .as(tok.sheriff)
      .post(`/api/v1/documents/${id}/returns`, servedBody({ nature_explained: false }));
    expect(unexplained.statusCode).toBe(422);
  });

  it('is issued by the assigned sheriff only (403), on a document of their scope (404), while it is with the sheriff (409)', async () => {
    const id = await withSheriff();
    for (const token of [tok.attorney, tok.firmAdmin]) {
      const res = await t().as(token).post(`/api/v1/documents/${id}/returns`, servedBody());
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('RETURN_NOT_ASSIGNED_SHERIFF');
    }
    expect((await t().as(other.token).post(`/api/v1/documents/${id}/returns`, servedBody())).statusCode).toBe(
      404,
    );
    expect((await t().as(other.token).get(`/api/v1/documents/${id}/returns`)).statusCode).toBe(404);
    const draft = (
      await makeReadyDraft(t(), tok.attorney, serveOn(), {
        caseInfo: { ...SUMMONS_INFO, assigned_sheriff_id: sheriffId },
      })
    ).id;
    // Assigned, but not submitted: not yet with the sheriff for service.
    await t().database.raw.query(`UPDATE documents SET status = 'assigned' WHERE id = $1`, [draft]);
    const early = await t().as(tok.sheriff).post(`/api/v1/documents/${draft}/returns`, servedBody());
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('RETURN_NOT_AWAITING_SERVICE');
  });

  it('a return of non-service leaves the document with the sheriff and becomes the proof ("Return of Non-Service")', async () => {
    const id = await withSheriff();
    await recordAttempt(id);
    const res = await t().as(tok.sheriff).post(`/api/v1/documents/${id}/returns`, notServedBody);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Return of non-service issued');
    const ret = res.json().data;
    expect(ret).toMatchObject({
      kind: 'return_of_non_service',
      outcome: 'not_served',
      manner: null,
      rule: null,
      vat_registered: false,
      subtotal_cents: 15000,
      vat_cents: 0,
      total_cents: 15000,
      sheriff: { id: sheriffId, full_name: 'Sipho Ndlovu' },
      proof_version: 1,
    });
    expect(ret.attempts).toHaveLength(1);
    expect(ret.security_id).toMatch(/\S/);
    const doc = (await t().as(tok.attorney).get(`/api/v1/documents/${id}`)).json();
    expect(doc).toMatchObject({ status: 'assigned', served_at: null, has_proof_of_service: true });
    if (hasPdftotext) {
      const text = pdfText(await proofPdf(id));
      expect(text).toContain('RETURN OF NON-SERVICE');
      expect(text).toContain('The defendant is unknown at the address.');
      expect(text).toContain(ret.security_id);
    }
    await settleEvents(t().app);
    const notes = await t().database.raw.query<{ title: string }>(
      'SELECT title FROM notifications WHERE user_id = $1 AND document_id = $2',
      [attorneyId, id],
    );
    expect(notes.map((n) => n.title)).toContain('Return of non-service issued');
  });

  it('a return of service serves the document on served_at, notifies the firm and becomes a new version of the same proof', async () => {
    const caseNumber = `RS-${randomBytes(2).toString('hex')}`;
    const id = await withSheriff(caseNumber);
    const attempt = await recordAttempt(id);
    const photo = jpeg('p');
    expect(
      (await sendPhotos(tok.sheriff, id, attempt.id, [{ filename: 'door.jpg', content: photo }])).statusCode,
    ).toBe(201);
    const first = (await t().as(tok.sheriff).post(`/api/v1/documents/${id}/returns`, notServedBody)).json()
      .data;
    await recordAttempt(id, tok.sheriff, {
      outcome: 'served_personally',
      device_time: '2026-03-02T09:39:00+02:00',
    });

    const res = await t().as(tok.sheriff).post(`/api/v1/documents/${id}/returns`, servedBody());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Return of service issued');
    const ret = res.json().data;
    expect(ret).toMatchObject({
      kind: 'return_of_service',
      outcome: 'served',
      manner: 'domicilium',
      manner_label: SERVICE_MANNER_DETAILS.domicilium.label,
      rule: 'Uniform Rule 4(1)(a)(iv)',
      served_at: '2026-03-02T07:40:00.000Z',
      person_served_name: 'Sipho Dlamini',
      nature_explained: true,
      subtotal_cents: 30000,
      vat_cents: 4500,
      total_cents: 34500,
      security_id: first.security_id,
      proof_version: 2,
      sheriff: { office_name: expect.any(String), appointment_number: expect.any(String) },
    });
    expect(ret.attempts).toHaveLength(2);

    const doc = (await t().as(tok.attorney).get(`/api/v1/documents/${id}`)).json();
    expect(doc).toMatchObject({
      status: 'served',
      service_date: '2026-03-02T07:40:00.000Z',
      security_id: first.security_id,
    });
    const [row] = await t().database.raw.query<{ served_by_id: number }>(
      'SELECT served_by_id FROM documents WHERE id = $1',
      [id],
    );
    expect(row!.served_by_id).toBe(sheriffId);
    const files = (await t().as(tok.attorney).get(`/api/v1/documents/${id}/files`)).json().files;
    expect(files.every((f: { is_served: boolean }) => f.is_served)).toBe(true);
    const status = (await t().as(tok.attorney).get(`/api/v1/proof-of-service/document/${id}`)).json();
    expect(status).toMatchObject({ exists: true, version: 2, security_id: first.security_id });

    const listed = (await t().as(tok.firmAdmin).get(`/api/v1/documents/${id}/returns`)).json().returns;
    expect(listed.map((r: { id: number }) => r.id)).toEqual([ret.id, first.id]);

    await settleEvents(t().app);
    const notes = await t().database.raw.query<{ title: string; message: string }>(
      'SELECT title, message FROM notifications WHERE user_id = $1 AND document_id = $2 ORDER BY id',
      [attorneyId, id],
    );
    expect(notes.map((n) => n.title)).toContain('Return of service issued');
    expect(notes.map((n) => n.title)).not.toContain('Document served');

    const pdf = await proofPdf(id);
    if (hasPdftotext) {
      const text = pdfText(pdf);
      // The timeline's head hash when the return was drawn (docs/evidence.md).
      expect(text).toMatch(/Timeline head hash\s+[0-9a-f]{64}/);
      expect(text).toContain('RETURN OF SERVICE');
      expect(text).toContain('IN THE HIGH COURT OF SOUTH AFRICA');
      expect(text).toContain(`Case No: ${caseNumber}`);
      expect(text).toContain('Uniform Rule 4(1)(a)(iv)');
      expect(text).toContain('Sipho Dlamini, Defendant');
      expect(text).toContain('MOKOENA HOLDINGS (PTY) LTD');
      expect(text).toContain('I explained the nature and exigency of the process');
      expect(text).toMatch(/VAT at 15%\s+R 45\.00/);
      expect(text).toMatch(/Total\s+R 345\.00/);
      expect(text).toContain(sha256(photo));
      expect(text).toContain('-26.248500, 27.854000 (accuracy ±12 m)');
      expect(text).toContain('2 pages');
      expect(text).not.toContain('summons.pdf');
      // The security ID is in the footer of every page.
      const pages = text.split('\f').filter((p) => p.trim());
      expect(pages.length).toBeGreaterThan(1);
      for (const page of pages) expect(page).toContain(`Security ID: ${first.security_id}`);
    }
    if (hasPdfsig) expect(pdfsig(pdf)).toMatch(/Signature Validation: Signature is Valid/);

    const again = await t().as(tok.sheriff).post(`/api/v1/documents/${id}/returns`, servedBody());
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('RETURN_ALREADY_SERVED');
  });

  it('cites the Magistrates’ Courts Rules in a magistrate’s court', async () => {
    const id = await withSheriff();
    await t().database.raw.query(
      `UPDATE documents SET court_name = 'Magistrate''s Court, Johannesburg' WHERE id = $1`,
      [id],
    );
    const res = await t()
      .as(tok.sheriff)
      .post(`/api/v1/documents/${id}/returns`, servedBody({ manner: 'domicilium' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.rule).toBe("Magistrates' Courts Rule 9(3)(d)");
    if (hasPdftotext)
      expect(pdfText(await proofPdf(id))).toContain(
        "IN THE MAGISTRATE'S COURT FOR THE DISTRICT OF JOHANNESBURG",
      );
  });
});

describe('page counts', () => {
  it('counts the pages of each served PDF once and keeps the count', async () => {
    const { id } = await makeReadyDraft(t(), tok.attorney, serveOn(), {
      caseInfo: { ...SUMMONS_INFO, assigned_sheriff_id: sheriffId },
      files: [{ filename: 'summons.pdf', content: await makePdf(3, 'Summons') }],
    });
    expect((await submit(t(), tok.attorney, id)).json().data.status).toBe('assigned');
    expect((await t().as(tok.sheriff).post(`/api/v1/documents/${id}/returns`, servedBody())).statusCode).toBe(
      201,
    );
    const files = (await t().as(tok.attorney).get(`/api/v1/documents/${id}/files`)).json().files;
    expect(files.map((f: { page_count: number | null }) => f.page_count)).toEqual([3]);
  });
});
