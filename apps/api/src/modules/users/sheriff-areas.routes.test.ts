import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/build-app';
import { handToSheriff } from '../../../test/document-factories';
import { registerFirm, type RegisteredFirm } from '../../../test/factories';
import { multipart } from '../../../test/multipart';

const t = useTestApp();
const unique = () => randomBytes(3).toString('hex');
/** A name of letters only (area names and suburbs in these tests must not hold 4-digit runs). */
const tag = () => unique().replace(/\d/g, 'x');

let admin: string;
let attorney: string;
beforeAll(async () => {
  admin = await t().login(DEMO.admin);
  attorney = await t().login(DEMO.attorney);
});

const newArea = (overrides: Record<string, unknown> = {}) => {
  const id = tag();
  return {
    name: `Pretoria Central ${id}`,
    magisterial_districts: [`Tshwane ${id}`],
    suburbs: [`Arcadia ${id}`, `Sunnyside ${id}`],
    postal_codes: [],
    ...overrides,
  };
};

const createArea = async (overrides: Record<string, unknown> = {}) => {
  const res = await t().as(admin).post('/api/v1/admin/sheriff-areas', newArea(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string; [k: string]: unknown };
};

const newSheriff = (overrides: Record<string, unknown> = {}) => {
  const id = unique();
  return {
    email: `sheriff-${id}@sheriffs.co.za`,
    full_name: `Lerato Molefe ${id}`,
    phone_number: '+27 12 555 0100',
    office_name: `Sheriff Pretoria ${id}`,
    appointment_number: `SHF-${id}`,
    ...overrides,
  };
};

/** A sheriff-role account that has set its password and signed in. */
async function signIn(email: string) {
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
  return t().login(email, password);
}

describe('who may manage areas', () => {
  it('answers 401 without a token and 403 with the admin message to every other role', async () => {
    expect((await t().inject({ method: 'GET', url: '/api/v1/admin/sheriff-areas' })).statusCode).toBe(401);
    for (const email of [
      DEMO.firmAdmin,
      DEMO.branchAdmin,
      DEMO.attorney,
      DEMO.sheriff,
      'deputy@demo.co.za',
    ]) {
      const token = await t().login(email);
      for (const [method, url] of [
        ['POST', '/api/v1/admin/sheriff-areas'],
        ['GET', '/api/v1/admin/sheriff-areas'],
        ['GET', '/api/v1/admin/sheriff-areas/1'],
        ['PUT', '/api/v1/admin/sheriff-areas/1'],
        ['POST', '/api/v1/admin/sheriff-areas/import'],
      ] as const) {
        const res = await t().inject({
          method,
          url,
          headers: { authorization: `Bearer ${token}` },
          payload: method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, `${email} ${method} ${url}`).toBe(403);
        expect(res.json().detail).toBe('Access denied. Admin privileges required.');
      }
    }
  });
});

describe('areas: create, read, edit', () => {
  it('creates an area (201, the object at top level with its id), reads, lists and edits it', async () => {
    const body = newArea({ postal_codes: ['0002', ' 0083 ', '0002'], suburbs: ['  Hatfield ', 'hatfield'] });
    const res = await t().as(admin).post('/api/v1/admin/sheriff-areas', body);
    expect(res.statusCode, res.body).toBe(201);
    const area = res.json();
    expect(area).toMatchObject({
      id: expect.any(Number),
      name: body.name,
      magisterial_districts: body.magisterial_districts,
      suburbs: ['Hatfield'],
      postal_codes: ['0002', '0083'],
      sheriffs: [],
    });
    expect((await t().as(admin).get(`/api/v1/admin/sheriff-areas/${area.id}`)).json()).toMatchObject({
      id: area.id,
      name: body.name,
    });
    const list = (await t().as(admin).get('/api/v1/admin/sheriff-areas')).json();
    expect(list.areas.map((a: { id: number }) => a.id)).toContain(area.id);
    // The demo areas are seeded, the demo sheriff appointed for Cape Town West.
    const cape = list.areas.find((a: { name: string }) => a.name === 'Cape Town West');
    expect(cape.sheriffs.map((s: { email: string }) => s.email)).toEqual([DEMO.sheriff]);
    expect(list.areas.map((a: { name: string }) => a.name)).toEqual(
      expect.arrayContaining(['Pretoria Central', 'Johannesburg North']),
    );

    const edited = await t()
      .as(admin)
      .put(`/api/v1/admin/sheriff-areas/${area.id}`, {
        ...body,
        name: `${body.name} East`,
        postal_codes: ['0028'],
      });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: area.id, name: `${body.name} East`, postal_codes: ['0028'] });
    expect((await t().as(admin).get('/api/v1/admin/sheriff-areas/999999')).statusCode).toBe(404);
    expect((await t().as(admin).put('/api/v1/admin/sheriff-areas/999999', newArea())).json().detail).toBe(
      'Sheriff area not found.',
    );
  });

  it('refuses an empty name, bad postal codes and an empty area (422), a taken name (409, case ignored)', async () => {
    const post = (b: unknown) => t().as(admin).post('/api/v1/admin/sheriff-areas', b);
    const noName = await post(newArea({ name: '   ' }));
    expect(noName.statusCode).toBe(422);
    expect(noName.json().detail[0]).toMatchObject({ loc: ['body', 'name'], msg: 'Area name is required' });
    const code = await post(newArea({ postal_codes: ['0002', '123'] }));
    expect(code.statusCode).toBe(422);
    expect(code.json().detail[0]).toMatchObject({
      loc: ['body', 'postal_codes', 1],
      msg: 'Postal codes have 4 digits (e.g. 0002)',
    });
    const empty = await post({ name: `Empty ${tag()}`, magisterial_districts: [], suburbs: ['  '] });
    expect(empty.statusCode).toBe(422);
    const emptier = await post({ name: `Empty ${tag()}` });
    expect(emptier.statusCode).toBe(422);
    expect(emptier.json().detail[0].msg).toBe(
      'An area needs at least one magisterial district, suburb or postal code',
    );
    const area = await createArea();
    const taken = await post(newArea({ name: area.name.toUpperCase() }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe('A sheriff area with this name already exists.');
    const other = await createArea();
    const renamed = await t()
      .as(admin)
      .put(`/api/v1/admin/sheriff-areas/${other.id}`, newArea({ name: area.name }));
    expect(renamed.statusCode).toBe(409);
  });
});

describe('CSV import', () => {
  it('upserts valid lines by name (text/csv) and lists each bad line with its number, applying none of them', async () => {
    const existing = await createArea();
    const a = `Randburg West ${tag()}`;
    const csv = [
      'name,magisterial_districts,suburbs,postal_codes',
      `"${a}",Randburg,Northgate;Honeydew,2169;2040`,
      `${existing.name.toLowerCase()},Tshwane,"Brooklyn; Waterkloof",0181`,
      '',
      `Bad Code ${tag()},Randburg,,21`,
      `,Randburg,Blairgowrie,`,
      `Nothing ${tag()},,,`,
      `"${a}",Again,,`,
    ].join('\n');
    const res = await t().inject({
      method: 'POST',
      url: '/api/v1/admin/sheriff-areas/import',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      created: 1,
      updated: 1,
      errors: [
        { line: 5, detail: 'postal_codes: Postal codes have 4 digits (e.g. 0002)' },
        { line: 6, detail: 'name: Area name is required' },
        {
          line: 7,
          detail:
            'magisterial_districts: An area needs at least one magisterial district, suburb or postal code',
        },
        { line: 8, detail: `name: "${a}" is already on line 2` },
      ],
    });
    const list = (await t().as(admin).get('/api/v1/admin/sheriff-areas')).json().areas;
    expect(list.find((x: { name: string }) => x.name === a)).toMatchObject({
      magisterial_districts: ['Randburg'],
      suburbs: ['Northgate', 'Honeydew'],
      postal_codes: ['2169', '2040'],
    });
    // Upsert by name: the existing area replaced, its spelling of the name now the file's.
    expect(list.find((x: { id: number }) => x.id === existing.id)).toMatchObject({
      name: existing.name.toLowerCase(),
      suburbs: ['Brooklyn', 'Waterkloof'],
      postal_codes: ['0181'],
    });
  });

  it('takes the file from a multipart body, and refuses a wrong header or unreadable CSV whole (422)', async () => {
    const name = `Sandton South ${tag()}`;
    const body = multipart([
      {
        name: 'file',
        filename: 'areas.csv',
        contentType: 'text/csv',
        content: Buffer.from(
          `\ufeffname,magisterial_districts,suburbs,postal_codes\r\n${name},Sandton,Sandown,2196\r\n`,
        ),
      },
    ]);
    const res = await t().inject({
      method: 'POST',
      url: '/api/v1/admin/sheriff-areas/import',
      headers: { authorization: `Bearer ${admin}`, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 1, updated: 0, errors: [] });

    const send = (payload: string) =>
      t().inject({
        method: 'POST',
        url: '/api/v1/admin/sheriff-areas/import',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/csv' },
        payload,
      });
    const before = (await t().as(admin).get('/api/v1/admin/sheriff-areas')).json().areas.length;
    const header = await send(`area,districts\nX ${tag()},Y`);
    expect(header.statusCode).toBe(422);
    expect(header.json().detail[0].msg).toBe(
      'The first line must be the header: name,magisterial_districts,suburbs,postal_codes',
    );
    const broken = await send(
      `name,magisterial_districts,suburbs,postal_codes\nGood ${tag()},A,,\n"Open,B,,`,
    );
    expect(broken.statusCode).toBe(422);
    expect(broken.json().detail[0].msg).toMatch(/^The file could not be read as CSV/);
    expect((await send('')).statusCode).toBe(422);
    expect((await t().as(admin).get('/api/v1/admin/sheriff-areas')).json().areas.length).toBe(before);
  });
});

describe('sheriffs appointed for an area, and deputies', () => {
  it('creates and edits a sheriff with area_id (422 on an unknown area) and answers the appointment', async () => {
    const area = await createArea();
    const body = newSheriff({ area_id: area.id });
    const res = await t().as(admin).post('/api/v1/admin/sheriffs', body);
    expect(res.statusCode, res.body).toBe(201);
    const sheriff = res.json().data;
    expect(sheriff).toMatchObject({
      area: { id: area.id, name: area.name },
      kind: 'sheriff',
      office_sheriff_id: null,
      service_areas: [area.name],
      appointment_title: `Sheriff of the Court, ${area.name}`,
    });
    const unknown = await t()
      .as(admin)
      .post('/api/v1/admin/sheriffs', newSheriff({ area_id: 999999 }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail[0]).toMatchObject({
      loc: ['body', 'area_id'],
      msg: 'Unknown sheriff area: choose one of the areas the administrator set up',
    });
    const other = await createArea();
    const moved = await t().as(admin).put(`/api/v1/admin/sheriffs/${sheriff.id}`, { area_id: other.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ area: { id: other.id }, service_areas: [other.name] });
    expect(
      (await t().as(admin).put(`/api/v1/admin/sheriffs/${sheriff.id}`, { area_id: 999999 })).statusCode,
    ).toBe(422);
    // The area lists its sheriff; firms find them by the area's name.
    expect((await t().as(admin).get(`/api/v1/admin/sheriff-areas/${other.id}`)).json().sheriffs).toEqual([
      expect.objectContaining({ id: sheriff.id }),
    ]);
    const byName = (
      await t()
        .as(attorney)
        .get(`/api/v1/users/sheriffs?area=${encodeURIComponent(other.name.toLowerCase())}`)
    ).json();
    expect(byName.users.map((u: { id: number }) => u.id)).toEqual([sheriff.id]);
  });

  it('creates a deputy in an active sheriff’s office, refusing any other office (422)', async () => {
    const area = await createArea();
    const office = (
      await t()
        .as(admin)
        .post('/api/v1/admin/sheriffs', newSheriff({ area_id: area.id }))
    ).json().data;
    const body = newSheriff({ office_sheriff_id: office.id, office_name: undefined });
    const res = await t().as(admin).post('/api/v1/admin/sheriffs', body);
    expect(res.statusCode, res.body).toBe(201);
    const deputy = res.json().data;
    expect(deputy).toMatchObject({
      role: 'sheriff',
      kind: 'deputy',
      office_sheriff_id: office.id,
      office_name: office.office_name,
      area: { id: area.id, name: area.name },
      appointment_title: `Deputy Sheriff, ${area.name}`,
    });
    // Listed with the sheriffs for the administrator, not offered to firms (documents are assigned to the office).
    const listed = (
      await t().as(admin).get(`/api/v1/admin/sheriffs?search=${body.appointment_number}`)
    ).json();
    expect(listed.sheriffs[0]).toMatchObject({ id: deputy.id, kind: 'deputy' });
    const firms = (await t().as(attorney).get('/api/v1/users/sheriffs')).json();
    expect(firms.users.map((u: { id: number }) => u.id)).not.toContain(deputy.id);
    // Not the area's sheriff.
    expect(
      (await t().as(admin).get(`/api/v1/admin/sheriff-areas/${area.id}`))
        .json()
        .sheriffs.map((s: { id: number }) => s.id),
    ).toEqual([office.id]);

    const attorneyId = (await t().as(attorney).get('/api/v1/users/me')).json().id;
    for (const bad of [deputy.id, attorneyId, 999999]) {
      const refused = await t()
        .as(admin)
        .post('/api/v1/admin/sheriffs', newSheriff({ office_sheriff_id: bad }));
      expect(refused.statusCode, `office ${bad}`).toBe(422);
      expect(refused.json().detail[0]).toMatchObject({
        loc: ['body', 'office_sheriff_id'],
        msg: 'A deputy sheriff must serve in the office of an active sheriff (not a deputy)',
      });
    }
    await t().as(admin).put(`/api/v1/admin/sheriffs/${office.id}/active`, { is_active: false });
    expect(
      (
        await t()
          .as(admin)
          .post('/api/v1/admin/sheriffs', newSheriff({ office_sheriff_id: office.id }))
      ).statusCode,
    ).toBe(422);
    const both = await t()
      .as(admin)
      .post('/api/v1/admin/sheriffs', newSheriff({ office_sheriff_id: office.id, area_id: area.id }));
    expect(both.statusCode).toBe(422);
    expect(both.json().detail[0].loc).toEqual(['body', 'area_id']);
    expect(
      (await t().as(admin).put(`/api/v1/admin/sheriffs/${deputy.id}`, { area_id: area.id })).statusCode,
    ).toBe(422);
  });
});

describe('GET /sheriff-areas?address=', () => {
  it('finds the area and its active sheriffs by postal code, suburb or district; nulls when none matches', async () => {
    const id = tag();
    const area = await createArea({
      name: `Lookup ${id}`,
      magisterial_districts: [`Districtville ${id}`],
      suburbs: [`Suburbia ${id}`],
      postal_codes: [],
    });
    const [b, a] = ['Bongani', 'Anele'].map((n) => newSheriff({ full_name: `${n} ${id}`, area_id: area.id }));
    const second = (await t().as(admin).post('/api/v1/admin/sheriffs', b)).json().data;
    const first = (await t().as(admin).post('/api/v1/admin/sheriffs', a)).json().data;
    const look = async (token: string, address: string) =>
      t()
        .as(token)
        .get(`/api/v1/sheriff-areas?address=${encodeURIComponent(address)}`);

    const bySuburb = await look(attorney, `12 Main Road, SUBURBIA ${id.toUpperCase()}`);
    expect(bySuburb.statusCode, bySuburb.body).toBe(200);
    expect(bySuburb.json()).toMatchObject({
      area: { id: area.id, name: area.name },
      sheriff: { id: first.id, appointment_title: `Sheriff of the Court, ${area.name}` },
      sheriffs: [{ id: first.id }, { id: second.id }],
      matched_by: { kind: 'suburb' },
    });
    expect(bySuburb.json().area.sheriffs).toBeUndefined();
    expect((await look(attorney, `Farm 3, Districtville ${id}`)).json().matched_by).toEqual({
      kind: 'magisterial_district',
      value: `Districtville ${id}`,
    });
    // The demo area by its postal code, answered to a sheriff too.
    const demo = (await look(await t().login(DEMO.sheriff), '12 Long Street, Cape Town, 8001')).json();
    expect(demo).toMatchObject({
      area: { name: 'Cape Town West' },
      sheriff: { email: DEMO.sheriff, appointment_title: 'Sheriff of the Court, Cape Town West' },
      matched_by: { kind: 'postal_code', value: '8001' },
    });
    // A deactivated sheriff is not proposed.
    await t().as(admin).put(`/api/v1/admin/sheriffs/${first.id}/active`, { is_active: false });
    expect((await look(attorney, `Suburbia ${id}`)).json().sheriff.id).toBe(second.id);

    expect((await look(attorney, '1 Nowhere Lane, Atlantis Ridge')).json()).toEqual({
      area: null,
      sheriff: null,
      sheriffs: [],
      matched_by: null,
    });
    expect((await t().as(attorney).get('/api/v1/sheriff-areas')).statusCode).toBe(422);
    expect((await t().inject({ method: 'GET', url: '/api/v1/sheriff-areas?address=x' })).statusCode).toBe(
      401,
    );
  });
});

describe('a deputy acts for the office', () => {
  let firm: RegisteredFirm;
  beforeAll(async () => {
    firm = await registerFirm(t());
  });

  it('sees the documents assigned to the office and their people, not another office’s', async () => {
    const deputy = await t().login('deputy@demo.co.za');
    const me = (await t().as(deputy).get('/api/v1/users/me')).json();
    expect(me.role).toBe('sheriff');
    const demoSheriffId = (
      await t()
        .as(await t().login(DEMO.sheriff))
        .get('/api/v1/users/me')
    ).json().id;
    const otherBody = newSheriff({ area_id: (await createArea()).id });
    const otherSheriff = (await t().as(admin).post('/api/v1/admin/sheriffs', otherBody)).json().data;
    await signIn(otherBody.email);

    const serveOn = { firmId: firm.firmId, branchId: firm.branchId };
    const ours = await handToSheriff(t(), attorney, serveOn, demoSheriffId);
    const theirs = await handToSheriff(t(), attorney, serveOn, otherSheriff.id);

    expect((await t().as(deputy).get(`/api/v1/documents/${ours.id}`)).statusCode).toBe(200);
    expect((await t().as(deputy).get(`/api/v1/documents/${theirs.id}`)).statusCode).toBe(404);
    for (const url of ['/api/v1/documents/?limit=100', '/api/v1/documents/?subtab=active&limit=100']) {
      const ids = (await t().as(deputy).get(url)).json().documents.map((d: { id: number }) => d.id);
      expect(ids, url).toContain(ours.id);
      expect(ids, url).not.toContain(theirs.id);
    }
    // The people of the office's document (the attorney who created it), and the office's sheriff.
    const attorneyId = (await t().as(attorney).get('/api/v1/users/me')).json().id;
    expect((await t().as(deputy).get(`/api/v1/users/${attorneyId}`)).statusCode).toBe(200);
    expect((await t().as(deputy).get(`/api/v1/users/${demoSheriffId}`)).statusCode).toBe(200);
    // The other office's sheriff sees theirs, not ours.
    const other = await t().login(otherBody.email, 'Sheriff@12345');
    expect((await t().as(other).get(`/api/v1/documents/${theirs.id}`)).statusCode).toBe(200);
    expect((await t().as(other).get(`/api/v1/documents/${ours.id}`)).statusCode).toBe(404);
  });
});
