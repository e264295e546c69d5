import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/build-app';
import { registerFirm, type RegisteredFirm } from '../../../test/factories';
import { hasPdftotext, pdfText } from '../../../test/tools';
import {
  INDIVIDUAL,
  SUMMONS_INFO,
  VALID_SA_IDS,
  makeReadyDraft,
  submit,
} from '../../../test/document-factories';

/**
 * Service per person (docs/service-rules.md): each defendant is a service target with their own sheriff, returns,
 * date of service and deadlines; the document is served when every one of them is.
 */
const t = useTestApp();

let tok: { attorney: string; sheriff: string; admin: string };
let other: RegisteredFirm;
let sheriffId: number;

beforeAll(async () => {
  tok = {
    attorney: await t().login(DEMO.attorney),
    sheriff: await t().login(DEMO.sheriff),
    admin: await t().login(DEMO.admin),
  };
  other = await registerFirm(t());
  sheriffId = (await t().as(tok.sheriff).get('/api/v1/users/me')).json().id;
});

/** A second sheriff, invited by the system administrator, who has set a password and signed in. */
async function secondSheriff(): Promise<{ id: number; token: string; name: string }> {
  const id = randomBytes(3).toString('hex');
  const email = `sheriff-${id}@sheriffs.co.za`;
  const name = `Lindiwe Dube ${id}`;
  const created = await t()
    .as(tok.admin)
    .post('/api/v1/admin/sheriffs', {
      email,
      full_name: name,
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
  return { id: created.json().data.id, token: await t().login(email, password), name };
}

const serveOn = () => ({ firmId: other.firmId, branchId: other.branchId });

/** The second defendant: no e-mail address (served by the sheriff, she needs none). */
const SECOND = {
  ...INDIVIDUAL,
  title: 'Mrs',
  first_name: 'Jane',
  last_name: 'Doe',
  gender: 'Female',
  id_number: VALID_SA_IDS[1],
  date_of_birth: '1992-02-20',
  email: undefined,
  physical_address: '9 Church Street, Soshanguve',
};

/** A summons against Sipho Dlamini and Jane Doe (no e-mail), handed to the demo sheriff. */
async function againstTwo(): Promise<number> {
  const { id } = await makeReadyDraft(t(), tok.attorney, serveOn(), {
    caseInfo: {
      ...SUMMONS_INFO,
      document_type: 'summons_combined',
      court_name: 'Gauteng Division, Pretoria',
      case_number: `TG-${randomBytes(2).toString('hex')}`,
      assigned_sheriff_id: sheriffId,
    },
  });
  const party = await t().as(tok.attorney).post('/api/v1/parties/', SECOND);
  expect(party.statusCode, party.body).toBe(201);
  expect(party.json().data.email).toBeNull();
  const partyId = party.json().data.id as number;
  const link = await t()
    .as(tok.attorney)
    .post(`/api/v1/parties/${partyId}/documents/${id}`, { party_id: partyId, role: 'defendant' });
  expect(link.statusCode, link.body).toBe(201);
  const res = await submit(t(), tok.attorney, id);
  expect(res.json().data?.status, res.body).toBe('assigned');
  return id;
}

type Target = {
  id: number;
  party_name: string;
  status: string;
  service_date: string | null;
  sheriff: { id: number } | null;
  returns: { id: number; outcome: string }[];
  deadlines: {
    name: string;
    service_date: string;
    due_date: string;
    target_id: number;
    party_name: string;
  }[];
};
const targetsOf = async (docId: number, token = tok.attorney): Promise<Target[]> => {
  const res = await t().as(token).get(`/api/v1/documents/${docId}/service-targets`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().targets;
};
const byName = (targets: Target[], name: string) => targets.find((x) => x.party_name.includes(name))!;

const served = (extra: Record<string, unknown>) => ({
  outcome: 'served',
  served_at: '2026-03-02T09:40:00+02:00',
  nature_explained: true,
  fees: [{ description: 'Service of summons', amount_cents: 25000 }],
  ...extra,
});
const notServed = (extra: Record<string, unknown> = {}) => ({
  outcome: 'not_served',
  non_service_reason: 'The defendant has moved; the occupant gave an address in another area.',
  diligent_search: 'Enquired with the occupant and two neighbours.',
  fees: [{ description: 'Attempted service', amount_cents: 15000 }],
  ...extra,
});
const issue = (docId: number, body: Record<string, unknown>, token = tok.sheriff) =>
  t().as(token).post(`/api/v1/documents/${docId}/returns`, body);

describe('service per person', () => {
  it('serves two defendants by two returns, each with their own date and deadline; the document is served when both are', async () => {
    const id = await againstTwo();
    const targets = await targetsOf(id);
    expect(targets).toHaveLength(2);
    expect(targets.map((x) => [x.status, x.sheriff?.id])).toEqual([
      ['with_sheriff', sheriffId],
      ['with_sheriff', sheriffId],
    ]);
    const sipho = byName(targets, 'Sipho');
    const jane = byName(targets, 'Jane Doe');

    // Two people to serve and no target named: the 422 names target_id.
    const unnamed = await issue(
      id,
      served({
        manner: 'personal',
        address: '5 Main Road, Soweto, 1804',
        person_served_name: 'Sipho Dlamini',
        person_served_capacity: 'The defendant',
      }),
    );
    expect(unnamed.statusCode).toBe(422);
    expect(unnamed.json().detail[0].loc).toEqual(['body', 'target_id']);
    const attempt = await t().as(tok.sheriff).post(`/api/v1/documents/${id}/service-attempts`, {
      device_time: '2026-03-02T09:15:00+02:00',
      address: '5 Main Road, Soweto, 1804',
      outcome: 'not_found',
    });
    expect(attempt.statusCode).toBe(422);
    expect(attempt.json().detail[0].loc).toEqual(['body', 'target_id']);

    const first = await issue(
      id,
      served({
        target_id: sipho.id,
        manner: 'personal',
        address: '5 Main Road, Soweto, 1804',
        person_served_name: 'Sipho Dlamini',
        person_served_capacity: 'The defendant',
      }),
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ target_id: sipho.id, party_name: 'Mr Sipho Dlamini' });

    const partly = (await t().as(tok.attorney).get(`/api/v1/documents/${id}`)).json();
    expect(partly).toMatchObject({
      status: 'assigned',
      status_label: 'Served on 1 of 2',
      service_summary: { targets: 2, served: 1, not_served: 0, pending: 1 },
    });
    const listed = (await t().as(tok.attorney).get('/api/v1/documents/?limit=100')).json().documents;
    expect(listed.find((d: { id: number }) => d.id === id)).toMatchObject({
      status_label: 'Served on 1 of 2',
    });

    // A second return of service for the same person: 409, the existing message.
    const again = await issue(
      id,
      served({
        target_id: sipho.id,
        manner: 'personal',
        address: '5 Main Road, Soweto, 1804',
        person_served_name: 'Sipho Dlamini',
        person_served_capacity: 'The defendant',
      }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('RETURN_ALREADY_SERVED');

    const second = await issue(
      id,
      served({
        target_id: jane.id,
        manner: 'residence',
        served_at: '2026-03-05T11:00:00+02:00',
        address: '9 Church Street, Soshanguve',
        person_served_name: 'Thabo Doe',
        person_served_capacity: 'Brother, over 16, residing there',
      }),
    );
    expect(second.statusCode, second.body).toBe(201);

    const doc = (await t().as(tok.attorney).get(`/api/v1/documents/${id}`)).json();
    expect(doc).toMatchObject({
      status: 'served',
      service_summary: { targets: 2, served: 2, not_served: 0, pending: 0 },
    });
    // The document's date of service is the latest person's.
    expect(doc.service_date).toBe('2026-03-05T09:00:00.000Z');

    const after = await targetsOf(id);
    expect(byName(after, 'Sipho')).toMatchObject({ status: 'served', service_date: '2026-03-02' });
    expect(byName(after, 'Jane')).toMatchObject({ status: 'served', service_date: '2026-03-05' });
    const [siphoDeadline] = byName(after, 'Sipho').deadlines;
    const [janeDeadline] = byName(after, 'Jane').deadlines;
    expect(siphoDeadline).toMatchObject({
      name: 'Notice of intention to defend — Mr Sipho Dlamini',
      service_date: '2026-03-02',
      target_id: sipho.id,
    });
    expect(janeDeadline).toMatchObject({
      name: 'Notice of intention to defend — Mrs Jane Doe',
      service_date: '2026-03-05',
      target_id: jane.id,
      party_name: 'Mrs Jane Doe',
    });
    expect(janeDeadline!.due_date > siphoDeadline!.due_date).toBe(true);

    // The document's deadlines list both, per person.
    const deadlines = (await t().as(tok.attorney).get(`/api/v1/documents/${id}/deadlines`)).json().deadlines;
    expect(deadlines.map((d: { name: string; due_date: string }) => [d.name, d.due_date])).toEqual([
      [siphoDeadline!.name, siphoDeadline!.due_date],
      [janeDeadline!.name, janeDeadline!.due_date],
    ]);
    // The trail says whom each return served.
    const timeline = (await t().as(tok.attorney).get(`/api/v1/documents/${id}/timeline?limit=100`)).json();
    const events = timeline.events as { event_description: string | null }[];
    expect(events.some((e) => e.event_description?.includes('for Mrs Jane Doe: served on 2 of 2'))).toBe(
      true,
    );
    // The audit certificate has a line for each person's service.
    if (hasPdftotext) {
      const cert = await t().as(tok.attorney).get(`/api/v1/documents/${id}/audit-certificate`);
      expect(cert.statusCode).toBe(200);
      const text = pdfText(cert.rawPayload).replace(/\s+/g, ' ');
      expect(text).toContain('Served on Mr Sipho Dlamini');
      expect(text).toContain('Served on Mrs Jane Doe');
      expect(text).toContain('2026-03-05');
    }
  });

  it('after a return of non-service, re-instructs the person to another sheriff, who sees the process and serves it', async () => {
    const id = await againstTwo();
    const jane = byName(await targetsOf(id), 'Jane');
    const nonService = await issue(id, notServed({ target_id: jane.id }));
    expect(nonService.statusCode, nonService.body).toBe(201);
    expect(byName(await targetsOf(id), 'Jane').status).toBe('not_served');
    const doc = (await t().as(tok.attorney).get(`/api/v1/documents/${id}`)).json();
    expect(doc).toMatchObject({
      status: 'assigned',
      service_summary: { targets: 2, served: 0, not_served: 1, pending: 1 },
    });

    const other = await secondSheriff();
    // Before the re-instruction the other sheriff does not see the document.
    expect((await t().as(other.token).get(`/api/v1/documents/${id}`)).statusCode).toBe(404);
    const refused = await t()
      .as(tok.attorney)
      .post(`/api/v1/documents/${id}/service-targets/${jane.id}/reinstruct`, { sheriff_id: other.id });
    expect(refused.statusCode).toBe(422);
    const moved = await t()
      .as(tok.attorney)
      .post(`/api/v1/documents/${id}/service-targets/${jane.id}/reinstruct`, {
        sheriff_id: other.id,
        address: '12 Main Road, Wynberg, 7800',
        reason: 'The defendant moved to Wynberg.',
      });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(byName(moved.json().targets, 'Jane')).toMatchObject({
      status: 'with_sheriff',
      sheriff: { id: other.id, full_name: other.name },
      address: '12 Main Road, Wynberg, 7800',
      returns: [{ id: nonService.json().data.id, outcome: 'not_served' }],
    });
    // The new sheriff sees the document at once; the first sheriff keeps Sipho but no longer acts for Jane.
    expect((await t().as(other.token).get(`/api/v1/documents/${id}`)).statusCode).toBe(200);
    expect((await issue(id, notServed({ target_id: jane.id }))).statusCode).toBe(403);
    const served2 = await issue(
      id,
      served({
        target_id: jane.id,
        manner: 'personal',
        address: '12 Main Road, Wynberg, 7800',
        person_served_name: 'Jane Doe',
        person_served_capacity: 'The defendant',
      }),
      other.token,
    );
    expect(served2.statusCode, served2.body).toBe(201);
    expect(byName(await targetsOf(id), 'Jane')).toMatchObject({
      status: 'served',
      service_date: '2026-03-02',
    });

    // A served person is neither re-instructed nor reassigned.
    const late = await t()
      .as(tok.attorney)
      .post(`/api/v1/documents/${id}/service-targets/${jane.id}/reinstruct`, {
        sheriff_id: sheriffId,
        reason: 'Again',
      });
    expect(late.statusCode).toBe(409);
    const reassign = await t()
      .as(tok.attorney)
      .put(`/api/v1/documents/${id}/service-targets/${jane.id}`, { sheriff_id: sheriffId });
    expect(reassign.statusCode).toBe(409);

    const timeline = (await t().as(tok.attorney).get(`/api/v1/documents/${id}/timeline?limit=100`)).json();
    const events = timeline.events as { event_description: string | null }[];
    expect(events.some((e) => e.event_description?.includes('The defendant moved to Wynberg.'))).toBe(true);
  });

  it('assigns one person to another sheriff, who sees the document; only each target’s sheriff records on it', async () => {
    const id = await againstTwo();
    const { sipho, jane } = await (async () => {
      const all = await targetsOf(id);
      return { sipho: byName(all, 'Sipho'), jane: byName(all, 'Jane') };
    })();
    const other = await secondSheriff();
    const put = await t()
      .as(tok.attorney)
      .put(`/api/v1/documents/${id}/service-targets/${jane.id}`, { sheriff_id: other.id });
    expect(put.statusCode, put.body).toBe(200);
    // The document still names the first sheriff (Sipho is theirs); the second sees it through Jane.
    expect((await t().as(tok.attorney).get(`/api/v1/documents/${id}`)).json().assigned_sheriff_id).toBe(
      sheriffId,
    );
    expect((await t().as(other.token).get(`/api/v1/documents/${id}`)).statusCode).toBe(200);
    const attempt = (token: string, target: number) =>
      t().as(token).post(`/api/v1/documents/${id}/service-attempts`, {
        device_time: '2026-03-02T09:15:00+02:00',
        address: '9 Church Street, Soshanguve',
        outcome: 'not_found',
        target_id: target,
      });
    expect((await attempt(other.token, sipho.id)).statusCode).toBe(403);
    expect((await attempt(tok.sheriff, jane.id)).statusCode).toBe(403);
    const ok = await attempt(other.token, jane.id);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.target_id).toBe(jane.id);
  });

  it('keeps one person to serve working without target_id', async () => {
    const { id } = await makeReadyDraft(t(), tok.attorney, serveOn(), {
      caseInfo: {
        ...SUMMONS_INFO,
        case_number: `TG1-${randomBytes(2).toString('hex')}`,
        assigned_sheriff_id: sheriffId,
      },
    });
    // A draft's targets follow its parties.
    const draftTargets = await targetsOf(id);
    expect(draftTargets.map((x) => [x.party_name, x.status])).toEqual([['Mr Sipho Dlamini', 'pending']]);
    expect((await submit(t(), tok.attorney, id)).json().data.status).toBe('assigned');
    const res = await issue(
      id,
      served({
        manner: 'personal',
        address: '5 Main Road, Soweto, 1804',
        person_served_name: 'Sipho Dlamini',
        person_served_capacity: 'The defendant',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const doc = (await t().as(tok.attorney).get(`/api/v1/documents/${id}`)).json();
    expect(doc).toMatchObject({
      status: 'served',
      status_label: 'Served',
      service_summary: { targets: 1, served: 1 },
    });
  });

  it('refuses a sheriff outside the area (assignment and return), allows an unknown area as "not confirmed", and needs an instruction for another address', async () => {
    const id = await againstTwo();
    const jane = byName(await targetsOf(id), 'Jane');
    // Jane moved to Pretoria (Pretoria Central, 0083): the demo sheriff (Cape Town West) may not serve her there.
    const out = await t()
      .as(tok.attorney)
      .post(`/api/v1/documents/${id}/service-targets/${jane.id}/reinstruct`, {
        sheriff_id: sheriffId,
        address: '14 Park Street, Arcadia, 0083',
        reason: 'Moved to Pretoria.',
      });
    expect(out.statusCode).toBe(422);
    expect(out.json().detail[0].loc).toEqual(['body', 'sheriff_id']);
    expect(out.json().detail[0].msg).toContain('lies in the area of the Sheriff Pretoria Central');

    // An address in no known area: allowed, "area not confirmed".
    const unknown = await t()
      .as(tok.attorney)
      .put(`/api/v1/documents/${id}/service-targets/${jane.id}`, { sheriff_id: sheriffId });
    expect(unknown.statusCode, unknown.body).toBe(200);
    expect(byName(unknown.json().targets, 'Jane')).toMatchObject({ area_confirmed: false });

    const body = {
      target_id: jane.id,
      manner: 'personal',
      person_served_name: 'Jane Doe',
      person_served_capacity: 'The defendant',
    };
    // A return at an address in another sheriff's area: 422 on address.
    const outside = await issue(id, served({ ...body, address: '14 Park Street, Arcadia, 0083' }));
    expect(outside.statusCode).toBe(422);
    expect(outside.json().detail[0].loc).toEqual(['body', 'address']);
    // At another address than the process's (in no other area): the attorney's instruction is needed, and printed.
    const other = await issue(id, served({ ...body, address: '3 Other Road, Soshanguve' }));
    expect(other.statusCode).toBe(422);
    expect(other.json().detail[0].loc).toEqual(['body', 'other_address_instruction']);
    const instructed = await issue(
      id,
      served({
        ...body,
        address: '3 Other Road, Soshanguve',
        other_address_instruction: 'Letter of 1 March 2026: serve at her new home, 3 Other Road.',
      }),
    );
    expect(instructed.statusCode, instructed.body).toBe(201);
    expect(instructed.json().data).toMatchObject({
      area_confirmed: false,
      other_address_instruction: 'Letter of 1 March 2026: serve at her new home, 3 Other Road.',
    });
  });
});
