import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/build-app';
import { INDIVIDUAL, makeReadyDraft, submit } from '../../../test/document-factories';
import { addFirmUser, registerFirm, type RegisteredFirm } from '../../../test/factories';

/**
 * Parties follow the tenancy of documents: a branch's staff read their branch's parties and those on documents
 * they may see, never another branch's; a party on a served document is fixed, and a correction is a new
 * party recorded on the timeline of every document of the old one.
 */
const t = useTestApp();

type Member = Awaited<ReturnType<typeof addFirmUser>>;
let firm: RegisteredFirm;
let north: { branchId: number; attorney: Member; admin: Member };
let mainAttorney: Member;
let mainAdmin: Member;

const as = (token: string) => t().as(token);
const ids = (res: { json: () => { parties: { id: number }[] } }) => res.json().parties.map((p) => p.id);
const partyOf = async (token: string, body: Record<string, unknown> = INDIVIDUAL) => {
  const res = await as(token).post('/api/v1/parties/', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; branch_id: number | null; display_name: string };
};

beforeAll(async () => {
  firm = await registerFirm(t());
  const unique = randomBytes(3).toString('hex');
  const branch = await as(firm.token).post('/api/v1/branches', {
    firm_id: firm.firmId,
    name: `North ${unique}`,
    practice_number: `NO-${unique}`,
  });
  expect(branch.statusCode, branch.body).toBe(201);
  const branchId = branch.json().data.id as number;
  north = {
    branchId,
    attorney: await addFirmUser(t(), firm, 'legal_practitioner', { branch_id: branchId }),
    admin: await addFirmUser(t(), firm, 'branch_admin', { branch_id: branchId }),
  };
  mainAttorney = await addFirmUser(t(), firm, 'legal_practitioner');
  mainAdmin = await addFirmUser(t(), firm, 'branch_admin');
});

describe('party tenancy', () => {
  it("keeps a branch's parties (ID numbers included) from another branch's staff", async () => {
    const secret = await partyOf(north.attorney.token, {
      ...INDIVIDUAL,
      first_name: 'Northern',
      last_name: 'Secret',
    });
    expect(secret.branch_id).toBe(north.branchId);
    // Same branch and the firm administrator see it.
    expect((await as(north.admin.token).get(`/api/v1/parties/${secret.id}`)).statusCode).toBe(200);
    expect((await as(firm.token).get(`/api/v1/parties/${secret.id}`)).statusCode).toBe(200);
    // The main branch's practitioner and administrator do not: not by id, not by search, not by ID number.
    for (const other of [mainAttorney, mainAdmin]) {
      const read = await as(other.token).get(`/api/v1/parties/${secret.id}`);
      expect(read.statusCode).toBe(404);
      expect(read.body).not.toContain(INDIVIDUAL.id_number!);
      expect(ids(await as(other.token).get('/api/v1/parties/?search=Northern'))).not.toContain(secret.id);
      expect(
        ids(await as(other.token).get(`/api/v1/parties/?id_number=${INDIVIDUAL.id_number}`)),
      ).not.toContain(secret.id);
      expect((await as(other.token).put(`/api/v1/parties/${secret.id}`, INDIVIDUAL)).statusCode).toBe(404);
    }
    expect(ids(await as(firm.token).get('/api/v1/parties/?search=Northern'))).toContain(secret.id);
  });

  it('never links another branch’s party (which would reveal it), but shows the parties of a visible document', async () => {
    const secret = await partyOf(north.attorney.token, {
      ...INDIVIDUAL,
      first_name: 'Linked',
      last_name: 'Elsewhere',
    });
    const mainDoc = (
      await as(mainAttorney.token).post('/api/v1/documents/', { title: 'Main branch matter' })
    ).json().data.id as number;
    const link = await as(mainAttorney.token).post(`/api/v1/parties/${secret.id}/documents/${mainDoc}`, {
      role: 'defendant',
    });
    expect(link.statusCode).toBe(404);
    // The firm administrator links it to the main branch's document: its readers now see the party.
    expect(
      (await as(firm.token).post(`/api/v1/parties/${secret.id}/documents/${mainDoc}`, { role: 'defendant' }))
        .statusCode,
    ).toBe(201);
    expect((await as(mainAttorney.token).get(`/api/v1/parties/${secret.id}`)).statusCode).toBe(200);
    expect((await as(mainAttorney.token).get(`/api/v1/documents/${mainDoc}/parties`)).json().total).toBe(1);
  });

  it('lets a practitioner read the parties they recorded, and keeps the sheriff out of the party list', async () => {
    const own = await partyOf(mainAttorney.token, { ...INDIVIDUAL, first_name: 'Own' });
    expect((await as(mainAttorney.token).get(`/api/v1/parties/${own.id}`)).statusCode).toBe(200);
    const sheriff = await t().login(DEMO.sheriff);
    expect((await as(sheriff).get(`/api/v1/parties/${own.id}`)).statusCode).toBe(403);
  });
});

describe('served parties and corrections', () => {
  it('refuses to change a party on a served document (409) and records a correction on every document of it', async () => {
    const ready = await makeReadyDraft(t(), mainAttorney.token, {
      firmId: firm.firmId,
      branchId: firm.branchId,
    });
    const served = await submit(t(), mainAttorney.token, ready.id);
    expect(served.statusCode, served.body).toBe(200);
    // The same party on a draft of the same branch.
    const draft = (
      await as(mainAttorney.token).post('/api/v1/documents/', { title: 'Follow-up matter' })
    ).json().data.id as number;
    expect(
      (
        await as(mainAttorney.token).post(`/api/v1/parties/${ready.partyId}/documents/${draft}`, {
          role: 'respondent',
        })
      ).statusCode,
    ).toBe(201);

    const put = await as(mainAttorney.token).put(`/api/v1/parties/${ready.partyId}`, {
      ...INDIVIDUAL,
      physical_address: '9 New Street, Durban',
    });
    expect(put.statusCode).toBe(409);
    expect(put.json()).toMatchObject({
      code: 'PARTY_ON_SERVED_DOCUMENT',
      detail: 'This party is on a served document and cannot be changed. Record a correction as a new party.',
    });
    expect(
      (await as(mainAttorney.token).get(`/api/v1/parties/${ready.partyId}`)).json().physical_address,
    ).toBe(INDIVIDUAL.physical_address);

    const fixed = await as(mainAttorney.token).post(`/api/v1/parties/${ready.partyId}/corrections`, {
      ...INDIVIDUAL,
      physical_address: '9 New Street, Durban',
    });
    expect(fixed.statusCode, fixed.body).toBe(201);
    const data = fixed.json().data;
    expect(data.party).toMatchObject({
      corrects_party_id: ready.partyId,
      physical_address: '9 New Street, Durban',
      branch_id: firm.branchId,
    });
    expect(data.corrects_party_id).toBe(ready.partyId);
    expect(data.documents).toEqual([
      { document_id: ready.id, link_moved: false },
      { document_id: draft, link_moved: true },
    ]);

    const description = `Party details corrected: Mr Sipho Dlamini (party #${data.party.id}) replaces Mr Sipho Dlamini (party #${ready.partyId})`;
    for (const doc of [ready.id, draft]) {
      const tl = (
        await as(mainAttorney.token).get(`/api/v1/documents/${doc}/timeline?event_types=party_corrected`)
      ).json();
      expect(tl.events).toHaveLength(1);
      expect(tl.events[0]).toMatchObject({ event_type: 'party_corrected', event_description: description });
    }
    // The served document keeps the party it was served with; the draft now carries the correction.
    const servedLinks = (await as(mainAttorney.token).get(`/api/v1/documents/${ready.id}/parties`)).json()
      .parties;
    // (It was served with a party on each side: the corrected defendant and the plaintiff.)
    type Link = { party_id: number; party: { physical_address: string } };
    expect(servedLinks.map((l: Link) => l.party_id).sort()).toEqual(
      [ready.partyId, ready.plaintiffId].sort(),
    );
    expect(servedLinks.find((l: Link) => l.party_id === ready.partyId).party.physical_address).toBe(
      INDIVIDUAL.physical_address,
    );
    const draftLinks = (await as(mainAttorney.token).get(`/api/v1/documents/${draft}/parties`)).json()
      .parties;
    expect(draftLinks.map((l: { party_id: number; role: string }) => [l.party_id, l.role])).toEqual([
      [data.party.id, 'respondent'],
    ]);
    // The correction itself is a party like any other: not on a served document, so it may still change.
    expect(
      (
        await as(mainAttorney.token).put(`/api/v1/parties/${data.party.id}`, {
          ...INDIVIDUAL,
          physical_address: '10 New Street, Durban',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses a correction of a party outside the actor’s scope (404) and to sheriffs (403)', async () => {
    const secret = await partyOf(north.attorney.token, { ...INDIVIDUAL, first_name: 'Hidden' });
    expect(
      (await as(mainAttorney.token).post(`/api/v1/parties/${secret.id}/corrections`, INDIVIDUAL)).statusCode,
    ).toBe(404);
    const sheriff = await t().login(DEMO.sheriff);
    expect((await as(sheriff).post(`/api/v1/parties/${secret.id}/corrections`, INDIVIDUAL)).statusCode).toBe(
      403,
    );
  });
});
