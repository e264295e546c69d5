import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/build-app';
import { registerFirm, type RegisteredFirm } from '../../../test/factories';
import { SUMMONS_INFO, handToSheriff, makeReadyDraft, submit } from '../../../test/document-factories';
import { settleEvents } from '../../../test/settle-events';
import { hasPdftotext, pdfText } from '../../../test/tools';

// Submitting serves by the document's channel (docs/service-rules.md): initiating process goes to the sheriff,
// later documents are served electronically (Uniform Rule 4A), never on a Court Online matter, and documents that are
// not served cannot be submitted for service.

const t = useTestApp();
let attorney: string;
let sheriff: string;
let sheriffId: number;
let other: RegisteredFirm;

beforeAll(async () => {
  attorney = await t().login(DEMO.attorney);
  sheriff = await t().login(DEMO.sheriff);
  sheriffId = (await t().as(sheriff).get('/api/v1/users/me')).json().id;
  other = await registerFirm(t());
});

const serveOn = () => ({ firmId: other.firmId, branchId: other.branchId });
const mailCount = async () =>
  Number((await t().database.raw.query<{ n: string }>('SELECT count(*) AS n FROM mail_outbox'))[0]!.n);

describe('initiating process', () => {
  it('needs an assigned sheriff: 422 naming the sheriff and the rule, and the draft stays a draft', async () => {
    const d = await makeReadyDraft(t(), attorney, serveOn(), { caseInfo: SUMMONS_INFO });
    const res = await submit(t(), attorney, d.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([
      expect.objectContaining({
        loc: ['body', 'assigned_sheriff_id'],
        msg: "Assign a sheriff before submitting: a Summons Simple is served by the sheriff (Uniform Rule 4(1)(a); Magistrates' Courts Rule 9).",
      }),
    ]);
    expect((await t().as(attorney).get(`/api/v1/documents/${d.id}`)).json().status).toBe('draft');
  });

  it('goes to the sheriff: status assigned, no e-mail, files fixed, the sheriff told, the proof awaits the return', async () => {
    const d = await makeReadyDraft(t(), attorney, serveOn(), {
      caseInfo: { ...SUMMONS_INFO, assigned_sheriff_id: sheriffId },
    });
    const before = await mailCount();
    const res = await submit(t(), attorney, d.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Document submitted: it is with Sheriff Sipho Ndlovu for service');
    const doc = res.json().data;
    expect(doc).toMatchObject({
      status: 'assigned',
      status_label: 'With the sheriff for service',
      service_channel: 'sheriff',
      service_method: 'sheriff',
      served_at: null,
      has_proof_of_service: false,
      delivery: null,
    });
    expect(doc.submitted_at).toBeTruthy();
    // No e-service e-mail: only the sheriff's notification copy may be mailed, never to the DSA.
    const mails = await t().database.raw.query<{ to_address: string }>(
      'SELECT to_address FROM mail_outbox ORDER BY id DESC LIMIT 5',
    );
    expect((await mailCount()) - before).toBeLessThanOrEqual(1);
    expect(mails.map((m) => m.to_address)).not.toContain(doc.digital_service_address);
    const files = (await t().as(attorney).get(`/api/v1/documents/${d.id}/files`)).json().files;
    expect(files.every((f: { is_served: boolean }) => f.is_served)).toBe(true);
    const proof = (await t().as(attorney).get(`/api/v1/proof-of-service/document/${d.id}`)).json();
    expect(proof).toMatchObject({ exists: false, awaiting_sheriff_return: true });
    expect(
      (await t().as(attorney).get(`/api/v1/proof-of-service/document/${d.id}/download`)).statusCode,
    ).toBe(404);
    // The sheriff is told by the notification handler of the submit's event, after the answer: wait for it.
    await settleEvents(t().app);
    const notes = (await t().as(sheriff).get('/api/v1/notifications/?limit=20')).json();
    const list = notes.notifications ?? notes.data ?? notes;
    expect(JSON.stringify(list)).toContain('Document to serve');
    // The sheriff sees it among the documents assigned to them.
    const mine = (await t().as(sheriff).get('/api/v1/documents/?assigned_to_me=true')).json().documents;
    expect(mine.map((x: { id: number }) => x.id)).toContain(d.id);
  });

  it('only the sheriff’s return serves it: the firm cannot mark it served or edit what was handed over', async () => {
    const d = await handToSheriff(t(), attorney, serveOn(), sheriffId);
    const served = await t().as(attorney).put(`/api/v1/documents/${d.id}`, { status: 'served' });
    expect(served.statusCode).toBe(409);
    expect(served.json().detail).toBe(
      'This document is with the sheriff for service: it becomes served when the sheriff issues the return of service.',
    );
    expect(
      (await t().as(attorney).put(`/api/v1/documents/${d.id}`, { case_number: '2025-9999' })).statusCode,
    ).toBe(409);
    expect(
      (await t().as(attorney).delete(`/api/v1/documents/${d.id}/parties/${d.partyId}`)).statusCode,
    ).toBeGreaterThanOrEqual(400);
    // Notes to the sheriff may still change; so may the sheriff (reassignment).
    expect(
      (await t().as(attorney).put(`/api/v1/documents/${d.id}`, { special_instructions: 'Gate code 1234' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('documents after initiating process', () => {
  it('are served electronically, recording where the address was nominated', async () => {
    const d = await makeReadyDraft(t(), attorney, serveOn(), {
      caseInfo: { service_address_source: 'uniform_rule_19_3' },
    });
    const res = await submit(t(), attorney, d.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'served',
      service_method: 'electronic',
      service_address_source: 'uniform_rule_19_3',
    });
    if (hasPdftotext) {
      const pdf = await t().as(attorney).get(`/api/v1/proof-of-service/document/${d.id}/download`);
      const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
      expect(text).toContain('Notice of Electronic Service (Uniform Rule 4A)');
      expect(text).toContain('Nominated in the Notice of Intention to Defend (Uniform Rule 19(3))');
      expect(text).not.toContain('Return of Service');
    }
  });

  it('without a named notice, record that the address is the one registered on LexServe', async () => {
    const d = await makeReadyDraft(t(), attorney, serveOn());
    expect((await submit(t(), attorney, d.id)).json().data.service_address_source).toBe(
      'registered_on_lexserve',
    );
  });

  it('are refused e-service on a Court Online matter, with the reason; the sheriff may serve them instead', async () => {
    const d = await makeReadyDraft(t(), attorney, serveOn(), { caseInfo: { on_court_online: true } });
    const res = await submit(t(), attorney, d.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({
      loc: ['body', 'on_court_online'],
      msg: expect.stringContaining('served through Court Online (Uniform Rules 1A and 1B)'),
    });
    await t()
      .as(attorney)
      .put(`/api/v1/documents/${d.id}`, { service_method: 'sheriff', assigned_sheriff_id: sheriffId });
    const again = await submit(t(), attorney, d.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.status).toBe('assigned');
  });
});

describe('documents that are not served', () => {
  it('cannot be submitted for service, and say why', async () => {
    const d = await makeReadyDraft(t(), attorney, serveOn(), {
      caseInfo: { document_type: 'draft_court_order' },
    });
    const res = await submit(t(), attorney, d.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({
      loc: ['body', 'document_type'],
      msg: expect.stringMatching(/^A Draft Court Order is not served/),
    });
  });

  it('initiating process cannot be chosen for electronic service', async () => {
    const d = await makeReadyDraft(t(), attorney, serveOn(), {
      caseInfo: { ...SUMMONS_INFO, service_method: 'electronic', assigned_sheriff_id: sheriffId },
    });
    const res = await submit(t(), attorney, d.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['body', 'service_method']);
  });
});
