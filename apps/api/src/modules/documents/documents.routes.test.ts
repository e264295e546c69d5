import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/build-app';
import { addFirmUser, registerFirm, type RegisteredFirm } from '../../../test/factories';
import {
  CASE_INFO,
  makePdf,
  makeReadyDraft,
  signatureOf,
  submit,
  upload,
} from '../../../test/document-factories';
import { settleEvents } from '../../../test/settle-events';

const t = useTestApp();

type Tokens = { firmAdmin: string; branchAdmin: string; attorney: string; sheriff: string; admin: string };
let tok: Tokens;
let other: RegisteredFirm;
let sheriffId: number;

beforeAll(async () => {
  tok = {
    firmAdmin: await t().login(DEMO.firmAdmin),
    branchAdmin: await t().login(DEMO.branchAdmin),
    attorney: await t().login(DEMO.attorney),
    sheriff: await t().login(DEMO.sheriff),
    admin: await t().login(DEMO.admin),
  };
  other = await registerFirm(t());
  sheriffId = (await t().as(tok.sheriff).get('/api/v1/users/me')).json().id;
});

const create = async (token: string, body: Record<string, unknown> = {}) => {
  const res = await t().as(token).post('/api/v1/documents/', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; [k: string]: unknown };
};
const serveOn = () => ({ firmId: other.firmId, branchId: other.branchId });

describe('create and read', () => {
  it('creates a draft owned by the actor, with the default title, and answers it under data', async () => {
    const res = await t().as(tok.attorney).post('/api/v1/documents/', {});
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ status: 'success', message: 'Document created successfully' });
    expect(body.data).toMatchObject({
      title: 'Draft Document',
      status: 'draft',
      status_enum: 'draft',
      owner_firm: { name: 'Demo Attorneys Inc.' },
      created_by: { full_name: 'Aisha Patel', email: DEMO.attorney },
      file_count: 0,
      has_proof_of_service: false,
      delivery: null,
      draft_metadata: null,
      parsed_draft_metadata: null,
    });
  });

  it('stores the spec fields, converts a document type label and takes the DSA from the chosen branch', async () => {
    const doc = await create(tok.attorney, {
      ...CASE_INFO,
      document_type: 'Rule 30 / 30A Applications',
      recipient_name: 'Sipho Dlamini',
      recipient_address: '5 Main Road, Soweto',
      special_instructions: 'Serve before noon',
      firm_id: other.firmId,
      branch_id: other.branchId,
      digital_service_address: 'somewhere-else@example.com',
    });
    expect(doc).toMatchObject({
      document_type: 'rule_30_30a_applications',
      document_type_label: 'Rule 30 / 30A Applications',
      case_number: '2025-1234',
      case_priority: 'urgent',
      client_name: 'Thandi Mokoena',
      firm_id: other.firmId,
      branch_id: other.branchId,
      firm: { id: other.firmId },
      assigned_branch: { id: other.branchId, name: 'Pretoria Main' },
    });
    expect(doc.digital_service_address).toMatch(/@dsa\.lexserve\.co\.za$/);
    const read = await t().as(tok.attorney).get(`/api/v1/documents/${doc.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().special_instructions).toBe('Serve before noon');
  });

  it('keeps draft_metadata raw and parsed, whether sent as an object or a JSON string', async () => {
    const meta = {
      version: 1,
      step_status: { step1_completed: true, last_active_step: 2 },
      wizard_data: { case_info: { title: 'X' } },
    };
    const a = await create(tok.attorney, { draft_metadata: meta });
    expect(a.draft_metadata).toBe(JSON.stringify(meta));
    expect(a.parsed_draft_metadata).toEqual(meta);
    const b = await create(tok.attorney, { draft_metadata: JSON.stringify(meta) });
    expect(b.parsed_draft_metadata).toEqual(meta);
    const c = await create(tok.attorney, { draft_metadata: 'not json' });
    expect(c).toMatchObject({ draft_metadata: 'not json', parsed_draft_metadata: null });
  });

  it('refuses bad input with 422 and the field list, never 500', async () => {
    const res = await t().as(tok.attorney).post('/api/v1/documents/', {
      case_priority: 'whenever',
      document_type: 'Not A Type',
      digital_service_address: 'nope',
      firm_id: 'x',
    });
    expect(res.statusCode).toBe(422);
    const locs = res.json().detail.map((d: { loc: string[] }) => d.loc.join('.'));
    expect(locs).toEqual(
      expect.arrayContaining([
        'body.case_priority',
        'body.document_type',
        'body.digital_service_address',
        'body.firm_id',
      ]),
    );
  });

  it('refuses an unknown legal representative firm or a branch of another firm', async () => {
    expect((await t().as(tok.attorney).post('/api/v1/documents/', { firm_id: 999999 })).json().detail).toBe(
      'Please select a law firm',
    );
    const third = await registerFirm(t());
    const res = await t()
      .as(tok.attorney)
      .post('/api/v1/documents/', { firm_id: other.firmId, branch_id: third.branchId });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('Please select a branch');
  });

  it('answers 404 with the spec message for an unknown document', async () => {
    const res = await t().as(tok.attorney).get('/api/v1/documents/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe(
      "Document not found: The document ID 999999 doesn't exist or you don't have access to it.",
    );
  });

  it('lets neither a sheriff nor the system administrator create documents', async () => {
    for (const token of [tok.sheriff, tok.admin]) {
      expect((await t().as(token).post('/api/v1/documents/', {})).statusCode).toBe(403);
    }
  });
});

describe('update', () => {
  it('drops null and empty fields, changes the others and records what changed on the timeline', async () => {
    const doc = await create(tok.attorney, { title: 'Original', case_number: '2025-1' });
    const res = await t()
      .as(tok.attorney)
      .put(`/api/v1/documents/${doc.id}`, { title: '', case_number: null, client_name: 'New Attorney' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Document updated successfully',
      data: { title: 'Original', case_number: '2025-1', client_name: 'New Attorney' },
    });
    const tl = (
      await t().as(tok.attorney).get(`/api/v1/documents/${doc.id}/timeline?event_types=updated`)
    ).json();
    expect(tl.events[0]).toMatchObject({
      event_type: 'updated',
      event_metadata: { changed_fields: ['client_name'] },
    });
  });

  it('describes changes on the timeline in people\'s words, and a draft save without them as "Draft saved"', async () => {
    const doc = await create(tok.attorney, { title: 'Original', case_number: '2025-1' });
    await t().as(tok.attorney).put(`/api/v1/documents/${doc.id}`, {
      title: 'Renamed',
      court_name: 'Western Cape Division, Cape Town',
      signature_name: 'Aisha Patel',
      draft_metadata: '{"version":1}',
    });
    await t()
      .as(tok.attorney)
      .put(`/api/v1/documents/${doc.id}`, { draft_metadata: '{"version":1,"step":2}' });
    await t().as(tok.attorney).put(`/api/v1/documents/${doc.id}`, { status: 'pending' });
    const tl = (
      await t()
        .as(tok.attorney)
        .get(`/api/v1/documents/${doc.id}/timeline?event_types=updated,status_changed`)
    ).json();
    expect(tl.events.map((e: { event_description: string }) => e.event_description)).toEqual([
      'Status changed from Draft to Pending',
      'Draft saved',
      'Details changed: title, court and signature',
    ]);
  });

  it('moves between pre-service statuses and refuses unknown ones', async () => {
    const doc = await create(tok.attorney);
    expect(
      (await t().as(tok.attorney).put(`/api/v1/documents/${doc.id}`, { status: 'pending' })).json().data
        .status,
    ).toBe('pending');
    expect(
      (await t().as(tok.attorney).put(`/api/v1/documents/${doc.id}`, { status: 'draft' })).json().data.status,
    ).toBe('draft');
    expect(
      (await t().as(tok.attorney).put(`/api/v1/documents/${doc.id}`, { status: 'lost' })).statusCode,
    ).toBe(422);
    // Completion belongs to case closure, not to a PUT.
    const res = await t().as(tok.attorney).put(`/api/v1/documents/${doc.id}`, { status: 'completed' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('The document status cannot change from draft to completed.');
  });
});

describe('submit (status served)', () => {
  it('lists every missing step in the wizard’s words', async () => {
    const doc = await create(tok.attorney);
    const res = await t().as(tok.attorney).put(`/api/v1/documents/${doc.id}`, { status: 'served' });
    expect(res.statusCode).toBe(422);
    const msgs = res.json().detail.map((d: { msg: string }) => d.msg);
    expect(msgs).toEqual([
      'Attorney Name is required',
      'Case Number is required',
      'Case Priority is required',
      'Document Type is required',
      'Please choose the court the matter is in: a High Court division such as "Gauteng Division, Pretoria", or "Magistrate\'s Court, <district>"',
      'Please upload at least one document',
      'Add a plaintiff or applicant: the party bringing the matter (one party on each side of the citation is required)',
      'Add a defendant or respondent: the party the matter is brought against (one party on each side of the citation is required)',
      'Please select a law firm',
      'Please select a branch',
      'Digital signature is required to complete the document.',
    ]);
    expect((await t().as(tok.attorney).get(`/api/v1/documents/${doc.id}`)).json().status).toBe('draft');
  });

  it('requires the signature to be the signer’s name', async () => {
    const d = await makeReadyDraft(t(), tok.attorney, serveOn());
    const res = await t()
      .as(tok.attorney)
      .put(`/api/v1/documents/${d.id}`, { status: 'served', signature_name: 'Someone Else' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({
      loc: ['body', 'signature_name'],
      msg: 'The digital signature must match your name: sign as "Aisha Patel".',
    });
  });

  it('serves: status, service date, fixed files, DSA e-mail, proof of service and events', async () => {
    const d = await makeReadyDraft(t(), tok.attorney, serveOn());
    const res = await submit(t(), tok.attorney, d.id);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(res.json().message).toBe('Document submitted and served successfully');
    expect(data).toMatchObject({
      status: 'served',
      signature_name: 'Aisha Patel',
      has_proof_of_service: true,
    });
    expect(data.served_at).toBeTruthy();
    expect(data.service_date).toBeTruthy();
    expect(data.security_id).toMatch(/^LS-[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(data.delivery).toMatchObject({
      status: 'sent',
      to_address: data.digital_service_address,
      link_used: false,
    });
    const files = (await t().as(tok.attorney).get(`/api/v1/documents/${d.id}/files`)).json().files;
    expect(files.every((f: { is_served: boolean }) => f.is_served)).toBe(true);
    const mails = await t().database.raw.query<{ to_address: string; text_body: string }>(
      'SELECT to_address, text_body FROM mail_outbox WHERE to_address = $1',
      [data.digital_service_address],
    );
    expect(mails.at(-1)?.text_body).toMatch(/\/delivery\/[A-Za-z0-9_-]{20,}/);
    const events = await t().database.raw.query<{ type: string; payload: Record<string, unknown> }>(
      "SELECT type, payload FROM domain_events WHERE type LIKE 'document.%' AND (payload->>'documentId')::int = $1 ORDER BY id",
      [d.id],
    );
    const served = events.find((e) => e.type === 'document.served')!;
    expect(served.payload).toMatchObject({
      documentId: d.id,
      firmId: 1,
      branchId: 1,
      title: CASE_INFO.title,
      case_number: CASE_INFO.case_number,
    });
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'document.created',
        'document.files_uploaded',
        'document.served',
        'document.proof_generated',
      ]),
    );
  });

  it('fixes a served document: no return to draft, no change of served content, no new parties, no deletion', async () => {
    const d = await makeReadyDraft(t(), tok.attorney, serveOn());
    await submit(t(), tok.attorney, d.id);
    const back = await t().as(tok.attorney).put(`/api/v1/documents/${d.id}`, { status: 'draft' });
    expect(back.statusCode).toBe(409);
    expect(back.json().detail).toBe('A served document cannot go back to draft.');
    const title = await t()
      .as(tok.attorney)
      .put(`/api/v1/documents/${d.id}`, { title: 'Changed after service' });
    expect(title.statusCode).toBe(409);
    expect(title.json().detail).toBe(
      'This document has been served; its case details can no longer be changed.',
    );
    // Resending unchanged values and notes is fine; a later status needs the delivery record's evidence.
    const ok = await t()
      .as(tok.attorney)
      .put(`/api/v1/documents/${d.id}`, { title: CASE_INFO.title, service_notes: 'Recipient acknowledged' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'served', service_notes: 'Recipient acknowledged' });
    const claimed = await t().as(tok.attorney).put(`/api/v1/documents/${d.id}`, { status: 'received' });
    expect(claimed.statusCode).toBe(409);
    expect(claimed.json().detail).toBe(
      'The recipient has not downloaded the served documents yet: the document becomes received when its delivery record shows it.',
    );
    expect(
      (await t().as(tok.attorney).post(`/api/v1/parties/${d.partyId}/documents/${d.id}`, { role: 'witness' }))
        .statusCode,
    ).toBe(409);
    const del = await t().as(tok.attorney).delete(`/api/v1/documents/${d.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().detail).toBe('Only draft documents can be deleted.');
  });
});

describe('delete', () => {
  it('deletes a draft with its files and answers the spec’s success text', async () => {
    const doc = await create(tok.attorney, { title: 'Throwaway' });
    await upload(t(), tok.attorney, doc.id, [{ filename: 'a.pdf', content: await makePdf(1) }]);
    const res = await t().as(tok.attorney).delete(`/api/v1/documents/${doc.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Draft "Throwaway" has been deleted successfully.');
    expect((await t().as(tok.attorney).get(`/api/v1/documents/${doc.id}`)).statusCode).toBe(404);
    const rows = await t().database.raw.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM case_files WHERE document_id = $1',
      [doc.id],
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe('lists (spec 2 §6)', () => {
  it('scopes by role: practitioner its branch, firm admin its firm, sheriff its assignments, admin all', async () => {
    const mine = await create(tok.attorney, { title: 'Listed' });
    const foreign = await create(other.token, { title: 'Foreign' });
    const ids = async (token: string, q = '') =>
      (await t().as(token).get(`/api/v1/documents/${q}`))
        .json()
        .documents.map((d: { id: number }) => d.id) as number[];
    expect(await ids(tok.attorney, '?my_branch_only=true&assigned_to_me=false')).toContain(mine.id);
    expect(await ids(tok.attorney)).not.toContain(foreign.id);
    expect(await ids(tok.firmAdmin, '?assigned_to_me=true')).toContain(mine.id);
    expect(await ids(tok.branchAdmin)).toContain(mine.id);
    expect(await ids(other.token)).toEqual([foreign.id]);
    expect(await ids(tok.sheriff, '?assigned_to_me=true')).not.toContain(mine.id);
    const all = await ids(tok.admin);
    expect(all).toEqual(expect.arrayContaining([mine.id, foreign.id]));
  });

  it('filters by status', async () => {
    const res = (await t().as(tok.firmAdmin).get('/api/v1/documents/?status=draft')).json();
    expect(res.documents.length).toBeGreaterThan(0);
    expect(res.documents.every((d: { status: string }) => d.status === 'draft')).toBe(true);
    expect((await t().as(tok.firmAdmin).get('/api/v1/documents/?status=bogus')).statusCode).toBe(422);
  });

  it('keeps another branch of the firm out of a practitioner’s and branch admin’s view', async () => {
    const branch = await t()
      .as(tok.firmAdmin)
      .post('/api/v1/branches', { name: 'Durban', firm_id: 1, practice_number: `DBN-${Date.now()}` });
    expect(branch.statusCode, branch.body).toBe(201);
    const firm = {
      firmId: 1,
      branchId: branch.json().data.id,
      adminId: 0,
      adminEmail: DEMO.firmAdmin,
      password: '',
      token: tok.firmAdmin,
    };
    const durban = await addFirmUser(t(), firm, 'legal_practitioner', { branch_id: firm.branchId });
    const doc = await create(durban.token, { title: 'Durban matter' });
    expect((await t().as(tok.attorney).get(`/api/v1/documents/${doc.id}`)).statusCode).toBe(404);
    expect((await t().as(tok.branchAdmin).get(`/api/v1/documents/${doc.id}`)).statusCode).toBe(404);
    expect((await t().as(tok.firmAdmin).get(`/api/v1/documents/${doc.id}`)).statusCode).toBe(200);
    const mineOnly = (await t().as(tok.firmAdmin).get('/api/v1/documents/?my_branch_only=true')).json()
      .documents;
    expect(mineOnly.some((d: { id: number }) => d.id === doc.id)).toBe(false);
  });
});

describe('tenancy: firm A never reads or changes firm B’s documents', () => {
  it('answers 404 without data on every document call', async () => {
    const d = await makeReadyDraft(t(), tok.attorney, serveOn());
    await submit(t(), tok.attorney, d.id);
    const as = t().as(other.token);
    const calls = [
      as.get(`/api/v1/documents/${d.id}`),
      as.put(`/api/v1/documents/${d.id}`, { title: 'stolen' }),
      as.delete(`/api/v1/documents/${d.id}`),
      as.get(`/api/v1/documents/${d.id}/files`),
      as.get(`/api/v1/documents/${d.id}/files/primary`),
      as.get(`/api/v1/documents/${d.id}/download`),
      as.get(`/api/v1/documents/${d.id}/download?file_id=${d.fileIds[0]}`),
      as.put(`/api/v1/documents/${d.id}/files/${d.fileIds[0]}/primary`),
      as.delete(`/api/v1/documents/${d.id}/files/${d.fileIds[0]}`),
      as.post(`/api/v1/documents/${d.id}/bundle`, { file_ids: String(d.fileIds[0]) }),
      as.get(`/api/v1/documents/${d.id}/timeline`),
      as.get(`/api/v1/documents/${d.id}/parties`),
      as.put(`/api/v1/documents/${d.id}/assign-sheriff`, { assigned_sheriff_id: sheriffId }),
      as.post(`/api/v1/documents/${d.id}/revoke`, { reason: 'x' }),
      as.get(`/api/v1/documents/${d.id}/delivery`),
      as.post(`/api/v1/documents/${d.id}/delivery/resend`),
      as.get(`/api/v1/documents/${d.id}/service-attempts`),
      as.get(`/api/v1/proof-of-service/document/${d.id}`),
      as.get(`/api/v1/proof-of-service/document/${d.id}/download`),
      as.post(`/api/v1/proof-of-service/generate/${d.id}`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain(CASE_INFO.title);
      expect(res.body).not.toContain('summons.pdf');
    }
    const up = await upload(t(), other.token, d.id, [{ filename: 'x.pdf', content: await makePdf(1) }]);
    expect(up.statusCode).toBe(404);
    expect((await t().as(tok.attorney).get(`/api/v1/documents/${d.id}`)).json().title).toBe(CASE_INFO.title);
  });
});

describe('role matrix on one document', () => {
  it('lets firm roles change it, the assigned sheriff and the admin only read it', async () => {
    const doc = await create(tok.attorney, { title: 'Roles' });
    await t()
      .as(tok.attorney)
      .put(`/api/v1/documents/${doc.id}/assign-sheriff`, { assigned_sheriff_id: sheriffId });
    for (const token of [tok.firmAdmin, tok.branchAdmin, tok.attorney]) {
      expect(
        (await t().as(token).put(`/api/v1/documents/${doc.id}`, { service_notes: 'ok' })).statusCode,
      ).toBe(200);
    }
    for (const token of [tok.sheriff, tok.admin]) {
      expect((await t().as(token).get(`/api/v1/documents/${doc.id}`)).statusCode).toBe(200);
      expect((await t().as(token).get(`/api/v1/documents/${doc.id}/timeline`)).statusCode).toBe(200);
      expect(
        (await t().as(token).put(`/api/v1/documents/${doc.id}`, { service_notes: 'no' })).statusCode,
      ).toBe(403);
      expect((await t().as(token).delete(`/api/v1/documents/${doc.id}`)).statusCode).toBe(403);
      const up = await upload(t(), token, doc.id, [{ filename: 'x.pdf', content: await makePdf(1) }]);
      expect(up.statusCode).toBe(403);
      expect(up.json().detail).toBe(
        "Access denied: You don't have permission to upload files to this document.",
      );
      const bundle = await t().as(token).post(`/api/v1/documents/${doc.id}/bundle`, { file_ids: '1' });
      expect(bundle.statusCode).toBe(403);
      expect(bundle.json().detail).toBe(
        'You do not have permission to create bundles for this document. Please check your access rights.',
      );
    }
    expect((await t().inject({ method: 'GET', url: `/api/v1/documents/${doc.id}` })).statusCode).toBe(401);
  });
});

describe('sheriffs', () => {
  it('assigns a sheriff who then lists, reads and records service attempts on the timeline', async () => {
    const doc = await create(tok.attorney, { ...CASE_INFO, title: 'For the sheriff' });
    expect((await t().as(tok.sheriff).get(`/api/v1/documents/${doc.id}`)).statusCode).toBe(404);
    const bad = await t()
      .as(tok.attorney)
      .put(`/api/v1/documents/${doc.id}/assign-sheriff`, { assigned_sheriff_id: 5 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBe('The selected sheriff does not exist or is not active.');
    const res = await t()
      .as(tok.attorney)
      .put(`/api/v1/documents/${doc.id}/assign-sheriff`, { assigned_sheriff_id: sheriffId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Sheriff Sipho Ndlovu assigned',
      data: { assigned_sheriff: { full_name: 'Sipho Ndlovu' } },
    });
    const listed = (await t().as(tok.sheriff).get('/api/v1/documents/?assigned_to_me=true')).json().documents;
    expect(listed.map((d: { id: number }) => d.id)).toContain(doc.id);
    const attempt = {
      attempt_date: '2025-11-20',
      attempt_time: '09:30',
      place: '5 Main Road, Soweto',
      outcome: 'not_found',
      notes: 'Nobody home',
    };
    const rec = await t().as(tok.sheriff).post(`/api/v1/documents/${doc.id}/service-attempts`, attempt);
    expect(rec.statusCode, rec.body).toBe(201);
    expect(rec.json().data).toMatchObject({
      ...attempt,
      outcome_label: 'Not found (non est)',
      recorded_by: { full_name: 'Sipho Ndlovu' },
    });
    expect(
      (await t().as(tok.attorney).post(`/api/v1/documents/${doc.id}/service-attempts`, attempt)).statusCode,
    ).toBe(403);
    const bad2 = await t()
      .as(tok.sheriff)
      .post(`/api/v1/documents/${doc.id}/service-attempts`, {
        ...attempt,
        attempt_time: '25:00',
        outcome: 'maybe',
      });
    expect(bad2.statusCode).toBe(422);
    const attempts = (await t().as(tok.attorney).get(`/api/v1/documents/${doc.id}/service-attempts`)).json()
      .attempts;
    expect(attempts).toHaveLength(1);
    const tl = (
      await t()
        .as(tok.attorney)
        .get(`/api/v1/documents/${doc.id}/timeline?event_types=service_attempt,assigned`)
    ).json();
    expect(tl.events.map((e: { event_type: string }) => e.event_type)).toEqual([
      'service_attempt',
      'assigned',
    ]);
    const events = await t().database.raw.query<{ type: string; payload: { assignedSheriffId: number } }>(
      "SELECT type, payload FROM domain_events WHERE type IN ('document.assigned','document.service_attempt') AND (payload->>'documentId')::int = $1",
      [doc.id],
    );
    expect(events.map((e) => e.type).sort()).toEqual(['document.assigned', 'document.service_attempt']);
    expect(events[0]!.payload.assignedSheriffId).toBe(sheriffId);
    // The firm's notification says what happened at the door, not only that something did.
    await settleEvents(t().app);
    const notes = await t().database.raw.query<{ message: string }>(
      "SELECT DISTINCT message FROM notifications WHERE document_id = $1 AND title = 'Service attempt recorded'",
      [doc.id],
    );
    expect(notes.map((n) => n.message)).toEqual([
      `The sheriff recorded a service attempt for For the sheriff (case ${String(doc.case_number)}): Not found (non est).`,
    ]);
    // Unassigning hides the document from the sheriff again.
    await t()
      .as(tok.attorney)
      .put(`/api/v1/documents/${doc.id}/assign-sheriff`, { assigned_sheriff_id: null });
    expect((await t().as(tok.sheriff).get(`/api/v1/documents/${doc.id}`)).statusCode).toBe(404);
  });
});

describe('timeline filters (spec 2 §7)', () => {
  it('pages, filters by type, hides system events and filters by performer', async () => {
    const d = await makeReadyDraft(t(), tok.attorney, serveOn());
    await t()
      .as(tok.firmAdmin)
      .put(`/api/v1/documents/${d.id}`, { special_instructions: 'by the firm admin' });
    await submit(t(), tok.attorney, d.id);
    const url = `/api/v1/documents/${d.id}/timeline`;
    const all = (await t().as(tok.attorney).get(url)).json();
    expect(all.total).toBe(all.events.length);
    const types = all.events.map((e: { event_type: string }) => e.event_type);
    expect(types).toEqual(
      expect.arrayContaining([
        'created',
        'file_uploaded',
        'party_added',
        'updated',
        'status_changed',
        'delivery_sent',
        'proof_generated',
      ]),
    );
    const system = all.events.find((e: { event_type: string }) => e.event_type === 'delivery_sent');
    expect(system).toMatchObject({ is_system_event: true, performed_by: { id: 1 } });
    const noSystem = (await t().as(tok.attorney).get(`${url}?include_system_events=false`)).json();
    expect(noSystem.events.some((e: { is_system_event: boolean }) => e.is_system_event)).toBe(false);
    expect(noSystem.total).toBe(all.total - 1);
    const page = (await t().as(tok.attorney).get(`${url}?skip=1&limit=2`)).json();
    expect(page.events.map((e: { id: number }) => e.id)).toEqual(
      all.events.slice(1, 3).map((e: { id: number }) => e.id),
    );
    const byAdmin = (
      await t()
        .as(tok.attorney)
        .get(`${url}?performed_by_id=${(await t().as(tok.firmAdmin).get('/api/v1/users/me')).json().id}`)
    ).json();
    expect(byAdmin.events).toHaveLength(1);
    expect(byAdmin.events[0]).toMatchObject({
      event_type: 'updated',
      performed_by: { full_name: 'Thandi Mokoena', firm_name: 'Demo Attorneys Inc.' },
    });
    const typed = (await t().as(tok.attorney).get(`${url}?event_types=created,party_added`)).json();
    expect(typed.events.map((e: { event_type: string }) => e.event_type).sort()).toEqual([
      'created',
      'party_added',
      'party_added',
    ]);
    const asc = (await t().as(tok.attorney).get(`${url}?order=asc`)).json();
    expect(asc.events[0].event_type).toBe('created');
  });
});

describe('court and service channel', () => {
  it('stores the court in its canonical name, the Court Online flag and answers the type’s service channel', async () => {
    const doc = await create(tok.attorney, {
      document_type: 'Summons Combined',
      court_name: "magistrates' court, wynberg",
    });
    expect(doc).toMatchObject({
      court_name: "Magistrate's Court, Wynberg",
      on_court_online: false,
      service_channel: 'sheriff',
    });
    const res = await t().as(tok.attorney).put(`/api/v1/documents/${doc.id}`, {
      document_type: 'plea',
      court_name: 'Gauteng Local Division, Johannesburg',
      on_court_online: true,
    });
    expect(res.json().data).toMatchObject({
      court_name: 'Gauteng Local Division, Johannesburg',
      on_court_online: true,
      service_channel: 'electronic_or_sheriff',
    });
    const letter = await t()
      .as(tok.attorney)
      .put(`/api/v1/documents/${doc.id}`, { document_type: 'Client Instruction Letter' });
    expect(letter.json().data.service_channel).toBe('not_served');
    expect((await create(tok.attorney)).service_channel).toBeNull();
  });

  it('refuses a court that is neither a listed High Court seat nor a magistrates’ court', async () => {
    const res = await t()
      .as(tok.attorney)
      .post('/api/v1/documents/', { court_name: 'Court of Appeal of Atlantis' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({
      loc: ['body', 'court_name'],
      msg: 'Court must be a High Court division from the list (e.g. "Gauteng Division, Pretoria") or "Magistrate\'s Court, <district>"',
    });
  });

  it('refuses to submit without the court, or with Court Online in a magistrates’ court', async () => {
    const d = await makeReadyDraft(t(), tok.attorney, serveOn(), {
      caseInfo: { court_name: "Magistrate's Court, Cape Town", on_court_online: true },
    });
    const res = await submit(t(), tok.attorney, d.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([
      {
        loc: ['body', 'on_court_online'],
        msg: expect.stringMatching(/^Court Online serves the High Court only/),
        type: 'missing',
      },
    ]);
    await t().as(tok.attorney).put(`/api/v1/documents/${d.id}`, { on_court_online: false });
    expect((await submit(t(), tok.attorney, d.id)).statusCode).toBe(200);
  });

  it('refuses to submit with only one side of the citation, naming the missing side', async () => {
    const d = await makeReadyDraft(t(), tok.attorney, serveOn());
    expect(
      (await t().as(tok.attorney).delete(`/api/v1/parties/${d.plaintiffId}/documents/${d.id}`)).statusCode,
    ).toBeLessThan(300);
    const res = await submit(t(), tok.attorney, d.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail.map((x: { loc: string[]; msg: string }) => [x.loc, x.msg])).toEqual([
      [
        ['body', 'parties'],
        'Add a plaintiff or applicant: the party bringing the matter (one party on each side of the citation is required)',
      ],
    ]);
    // An excipient or the firm's client is not a side of the citation.
    await t().as(tok.attorney).post(`/api/v1/parties/${d.plaintiffId}/documents/${d.id}`, { role: 'client' });
    expect((await submit(t(), tok.attorney, d.id)).statusCode).toBe(422);
    await t()
      .as(tok.attorney)
      .post(`/api/v1/parties/${d.plaintiffId}/documents/${d.id}`, { role: 'applicant' });
    expect((await submit(t(), tok.attorney, d.id)).statusCode).toBe(200);
  });
});

describe('revocation', () => {
  it('lets only a firm administrator revoke a served document, with a reason, once', async () => {
    const draft = await create(tok.attorney);
    expect(
      (await t().as(tok.firmAdmin).post(`/api/v1/documents/${draft.id}/revoke`, { reason: 'x' })).json()
        .detail,
    ).toBe('Only a served document can be revoked.');
    const d = await makeReadyDraft(t(), tok.attorney, serveOn());
    await submit(t(), tok.attorney, d.id);
    const byAttorney = await t().as(tok.attorney).post(`/api/v1/documents/${d.id}/revoke`, { reason: 'x' });
    expect(byAttorney.statusCode).toBe(403);
    expect(
      (await t().as(tok.firmAdmin).post(`/api/v1/documents/${d.id}/revoke`, { reason: '  ' })).statusCode,
    ).toBe(422);
    const res = await t()
      .as(tok.firmAdmin)
      .post(`/api/v1/documents/${d.id}/revoke`, { reason: 'Served on the wrong party' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      is_revoked: true,
      revoke_reason: 'Served on the wrong party',
      delivery: { status: 'revoked' },
    });
    expect(
      (await t().as(tok.firmAdmin).post(`/api/v1/documents/${d.id}/revoke`, { reason: 'again' })).statusCode,
    ).toBe(409);
    expect(
      (await t().as(tok.attorney).put(`/api/v1/documents/${d.id}`, { service_notes: 'x' })).json().detail,
    ).toBe('This document has been revoked and can no longer be changed.');
    const [ev] = await t().database.raw.query<{ payload: Record<string, unknown> }>(
      "SELECT payload FROM domain_events WHERE type = 'document.revoked' AND (payload->>'documentId')::int = $1",
      [d.id],
    );
    expect(ev?.payload).toMatchObject({ documentId: d.id, firmId: 1, reason: 'Served on the wrong party' });
  });
});

describe('signature helper', () => {
  it('builds first and last name', () => {
    expect(signatureOf('Aisha Bibi Patel')).toBe('Aisha Patel');
  });
});
