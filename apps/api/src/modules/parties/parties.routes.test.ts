import { beforeAll, describe, expect, it } from 'vitest';
import { checkSaIdNumber } from '@lexserve/contracts/parties';
import { DEMO, useTestApp } from '../../../test/build-app';
import { registerFirm, type RegisteredFirm } from '../../../test/factories';
import { INDIVIDUAL, VALID_SA_IDS } from '../../../test/document-factories';

const t = useTestApp();
let token: string;
let sheriff: string;
let other: RegisteredFirm;

beforeAll(async () => {
  token = await t().login(DEMO.attorney);
  sheriff = await t().login(DEMO.sheriff);
  other = await registerFirm(t());
});

const ENTITY = {
  party_type: 'entity',
  trading_name: 'Acme Trading (Pty) Ltd',
  registration_number: '2019/123456/07',
  business_type: 'Company',
  email: 'legal@acme.co.za',
  physical_address: '1 Industrial Road, Germiston',
};
const newDoc = async (as = token) =>
  (await t().as(as).post('/api/v1/documents/', { title: 'Parties' })).json().data.id as number;
const msgs = (res: { json: () => { detail: { loc: string[]; msg: string }[] } }) =>
  res.json().detail.map((d) => `${d.loc.at(-1)}: ${d.msg}`);

describe('South African ID numbers', () => {
  it('need 13 digits, a real birth date and the Luhn check digit', () => {
    for (const id of VALID_SA_IDS) expect(checkSaIdNumber(id)).toBeNull();
    expect(checkSaIdNumber('800101500908')).toBe('format');
    expect(checkSaIdNumber('80010150090871')).toBe('format');
    expect(checkSaIdNumber('80010150090a7')).toBe('format');
    expect(checkSaIdNumber('8013015009087')).toBe('date');
    expect(checkSaIdNumber('8002305009087')).toBe('date');
    expect(checkSaIdNumber('8001015009088')).toBe('checksum');
    // 29 February exists in 2000, so "000229" is a valid birth date.
    expect(checkSaIdNumber('0002295800086')).toBeNull();
  });

  it('are checked by the API with clear messages', async () => {
    const cases: [string, string][] = [
      ['12345', 'id_number: ID number must be exactly 13 digits'],
      ['8013015009087', 'id_number: ID number does not contain a valid date of birth'],
      ['8001015009088', 'id_number: ID number is not valid (check digit does not match)'],
    ];
    for (const [id, msg] of cases) {
      const res = await t()
        .as(token)
        .post('/api/v1/parties/', { ...INDIVIDUAL, id_number: id });
      expect(res.statusCode).toBe(422);
      expect(msgs(res)).toContain(msg);
    }
    const mismatch = await t()
      .as(token)
      .post('/api/v1/parties/', { ...INDIVIDUAL, date_of_birth: '1981-01-01' });
    expect(msgs(mismatch)).toContain('date_of_birth: Date of birth does not match the ID number');
    const spaced = await t()
      .as(token)
      .post('/api/v1/parties/', { ...INDIVIDUAL, id_number: '800101 5009 087' });
    expect(spaced.statusCode).toBe(201);
    expect(spaced.json().data.id_number).toBe('8001015009087');
  });
});

describe('create', () => {
  it('creates an individual and an entity, keeping only the fields of each type', async () => {
    const ind = await t()
      .as(token)
      .post('/api/v1/parties/', { ...INDIVIDUAL, trading_name: 'ignored', middle_name: '' });
    expect(ind.statusCode, ind.body).toBe(201);
    expect(ind.json()).toMatchObject({
      status: 'success',
      data: {
        party_type: 'individual',
        type: 'individual',
        display_name: 'Mr Sipho Dlamini',
        middle_name: null,
        trading_name: null,
        language: 'Zulu',
      },
    });
    const ent = await t()
      .as(token)
      .post('/api/v1/parties/', { ...ENTITY, first_name: 'ignored' });
    expect(ent.json().data).toMatchObject({
      party_type: 'entity',
      display_name: 'Acme Trading (Pty) Ltd',
      first_name: null,
      business_type: 'Company',
    });
  });

  it('applies the "valid for saving" rule and the option lists, in the spec’s words', async () => {
    const res = await t()
      .as(token)
      .post('/api/v1/parties/', { party_type: 'individual', title: 'Sir', gender: 'Unknown', email: 'x' });
    expect(res.statusCode).toBe(422);
    expect(msgs(res)).toEqual(
      expect.arrayContaining([
        'title: Title must be one of: Mr, Mrs, Miss, Dr, Prof, Adv, Hon, Rev, Fr, Chief, King, Queen, Pr, Sc, Mx, N/A',
        'gender: Gender must be one of: Male, Female, Other, N/A',
        'email: Please enter a valid email address',
      ]),
    );
    const missing = await t().as(token).post('/api/v1/parties/', { party_type: 'individual' });
    expect(msgs(missing)).toEqual([
      'first_name: Party first name is required',
      'last_name: Party last name is required',
      'physical_address: Party physical address is required',
      'id_number: Party ID number is required',
    ]);
    const entity = await t().as(token).post('/api/v1/parties/', { type: 'entity' });
    expect(msgs(entity)).toEqual([
      'trading_name: Trading name is required',
      'registration_number: Registration number is required',
      'physical_address: Entity physical address is required',
    ]);
    expect(msgs(await t().as(token).post('/api/v1/parties/', {}))).toContain(
      'party_type: Party type is required',
    );
    const long = await t()
      .as(token)
      .post('/api/v1/parties/', { ...INDIVIDUAL, first_name: 'x'.repeat(501) });
    expect(msgs(long)).toContain('first_name: First name is too long (at most 500 characters)');
  });

  it('is refused to sheriffs and the system administrator', async () => {
    expect((await t().as(sheriff).post('/api/v1/parties/', INDIVIDUAL)).statusCode).toBe(403);
    expect((await t().as(sheriff).get('/api/v1/parties/')).json().detail).toBe(
      'You do not have permission to manage parties.',
    );
  });
});

describe('search', () => {
  it('finds by id_number, registration_number, type and text, within the firm only', async () => {
    const id = VALID_SA_IDS[1]!;
    const mine = (
      await t()
        .as(token)
        .post('/api/v1/parties/', {
          ...INDIVIDUAL,
          first_name: 'Zanele',
          last_name: 'Khumalo',
          id_number: id,
          date_of_birth: null,
        })
    ).json().data;
    await t()
      .as(token)
      .post('/api/v1/parties/', { ...ENTITY, registration_number: '2020/999999/07' });
    const theirs = (
      await t()
        .as(other.token)
        .post('/api/v1/parties/', { ...INDIVIDUAL, first_name: 'Zanele', id_number: id, date_of_birth: null })
    ).json().data;
    const byId = (await t().as(token).get(`/api/v1/parties/?party_type=individual&id_number=${id}`)).json();
    expect(byId.parties.map((p: { id: number }) => p.id)).toEqual([mine.id]);
    const byReg = (
      await t().as(token).get('/api/v1/parties/?party_type=entity&registration_number=2020/999999/07')
    ).json();
    expect(byReg.parties).toHaveLength(1);
    const byText = (await t().as(token).get('/api/v1/parties/?search=zanele khu')).json();
    expect(byText.parties.map((p: { id: number }) => p.id)).toEqual([mine.id]);
    expect((await t().as(token).get(`/api/v1/parties/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (await t().as(other.token).get(`/api/v1/parties/?search=Zanele`))
        .json()
        .parties.map((p: { id: number }) => p.id),
    ).toEqual([theirs.id]);
    const admin = await t().login(DEMO.admin);
    expect((await t().as(admin).get(`/api/v1/parties/?id_number=${id}`)).json().total).toBe(2);
  });

  it('updates a party of the firm', async () => {
    const p = (await t().as(token).post('/api/v1/parties/', ENTITY)).json().data;
    const res = await t()
      .as(token)
      .put(`/api/v1/parties/${p.id}`, { ...ENTITY, email: 'new@acme.co.za' });
    expect(res.json().data.email).toBe('new@acme.co.za');
    expect((await t().as(other.token).put(`/api/v1/parties/${p.id}`, ENTITY)).statusCode).toBe(404);
  });
});

describe('document links', () => {
  it('links with role, notes and primary flag; re-linking updates; unlinking records the removal', async () => {
    const doc = await newDoc();
    const a = (await t().as(token).post('/api/v1/parties/', INDIVIDUAL)).json().data;
    const b = (await t().as(token).post('/api/v1/parties/', ENTITY)).json().data;
    const first = await t().as(token).post(`/api/v1/parties/${a.id}/documents/${doc}`, {
      party_id: a.id,
      role: 'plaintiff',
      notes: 'Added from wizard',
      is_primary: true,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      document_id: doc,
      party_id: a.id,
      role: 'plaintiff',
      notes: 'Added from wizard',
      is_primary: true,
      party: { display_name: 'Mr Sipho Dlamini' },
    });
    await t()
      .as(token)
      .post(`/api/v1/parties/${b.id}/documents/${doc}`, { role: 'defendant', is_primary: true });
    const again = await t().as(token).post(`/api/v1/parties/${a.id}/documents/${doc}`, { role: 'applicant' });
    expect(again.statusCode).toBe(200);
    const links = (await t().as(token).get(`/api/v1/documents/${doc}/parties`)).json();
    expect(links.total).toBe(2);
    expect(
      links.parties.map((l: { party_id: number; role: string; is_primary: boolean }) => [
        l.party_id,
        l.role,
        l.is_primary,
      ]),
    ).toEqual([
      [b.id, 'defendant', true],
      [a.id, 'applicant', false],
    ]);
    expect(
      (await t().as(token).post(`/api/v1/parties/${a.id}/documents/${doc}`, { role: 'judge' })).statusCode,
    ).toBe(422);
    expect(
      (await t().as(token).post(`/api/v1/parties/${a.id}/documents/${doc}`, { party_id: b.id })).statusCode,
    ).toBe(422);
    const del = await t().as(token).delete(`/api/v1/parties/${a.id}/documents/${doc}`);
    expect(del.statusCode).toBe(200);
    expect((await t().as(token).delete(`/api/v1/parties/${a.id}/documents/${doc}`)).json().detail).toBe(
      'This party is not linked to the document.',
    );
    const tl = (
      await t()
        .as(token)
        .get(`/api/v1/documents/${doc}/timeline?event_types=party_added,party_removed,updated`)
    ).json();
    expect(tl.events.map((e: { event_type: string }) => e.event_type)).toEqual([
      'party_removed',
      'updated',
      'party_added',
      'party_added',
    ]);
  });

  it('never links across firms nor shows another firm’s links', async () => {
    const mine = await newDoc();
    const theirs = await newDoc(other.token);
    const myParty = (await t().as(token).post('/api/v1/parties/', INDIVIDUAL)).json().data;
    const theirParty = (await t().as(other.token).post('/api/v1/parties/', INDIVIDUAL)).json().data;
    await t()
      .as(other.token)
      .post(`/api/v1/parties/${theirParty.id}/documents/${theirs}`, { role: 'client' });
    expect(
      (await t().as(token).post(`/api/v1/parties/${theirParty.id}/documents/${mine}`, {})).statusCode,
    ).toBe(404);
    expect(
      (await t().as(token).post(`/api/v1/parties/${myParty.id}/documents/${theirs}`, {})).statusCode,
    ).toBe(404);
    const foreign = await t().as(token).get(`/api/v1/documents/${theirs}/parties`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Dlamini');
    expect(
      (await t().as(token).delete(`/api/v1/parties/${theirParty.id}/documents/${theirs}`)).statusCode,
    ).toBe(404);
  });

  it('lets the assigned sheriff read the links but not change them', async () => {
    const doc = await newDoc();
    const sheriffId = (await t().as(sheriff).get('/api/v1/users/me')).json().id;
    await t().as(token).put(`/api/v1/documents/${doc}/assign-sheriff`, { assigned_sheriff_id: sheriffId });
    const p = (await t().as(token).post('/api/v1/parties/', INDIVIDUAL)).json().data;
    await t().as(token).post(`/api/v1/parties/${p.id}/documents/${doc}`, { role: 'respondent' });
    expect((await t().as(sheriff).get(`/api/v1/documents/${doc}/parties`)).json().total).toBe(1);
    expect((await t().as(sheriff).delete(`/api/v1/parties/${p.id}/documents/${doc}`)).statusCode).toBe(403);
  });
});
