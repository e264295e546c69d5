import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/build-app';
import { registerFirm } from '../../../test/factories';

const t = useTestApp();
const unique = () => randomBytes(3).toString('hex');

let admin: string;
beforeAll(async () => {
  admin = await t().login(DEMO.admin);
});

const newSheriff = (overrides: Record<string, unknown> = {}) => {
  const id = unique();
  return {
    email: `sheriff-${id}@sheriffs.co.za`,
    full_name: `Lindiwe Dube ${id}`,
    phone_number: '+27 21 555 0199',
    office_name: `Sheriff Wynberg South ${id}`,
    appointment_number: `SHF-${id}`,
    service_areas: ['Wynberg', 'Mitchells Plain'],
    ...overrides,
  };
};

const create = async (overrides: Record<string, unknown> = {}) => {
  const body = newSheriff(overrides);
  const res = await t().as(admin).post('/api/v1/admin/sheriffs', body);
  expect(res.statusCode, res.body).toBe(201);
  return { body, sheriff: res.json().data as { id: number; email: string; [k: string]: unknown } };
};

/** The invitation e-mailed to an address, and the token of its link. */
async function invitationOf(email: string) {
  const rows = await t().database.raw.query<{ subject: string; text_body: string }>(
    `SELECT subject, text_body FROM mail_outbox WHERE to_address = $1 AND subject LIKE '%set your password%' ORDER BY id DESC`,
    [email],
  );
  const text = rows[0]?.text_body ?? '';
  return {
    count: rows.length,
    text,
    link: /(https?:\/\/\S+\/reset-password\?\S+)/.exec(text)?.[1],
    token: /token=([\w-]+)/.exec(text)?.[1],
  };
}

const setPassword = (token: string, password: string) =>
  t().inject({
    method: 'POST',
    url: '/api/v1/auth/reset-password',
    payload: { token, new_password: password, confirm_password: password },
  });

describe('who may manage sheriffs', () => {
  it('answers 401 without a token and 403 to every role but the system administrator, before reading the body', async () => {
    expect((await t().inject({ method: 'GET', url: '/api/v1/admin/sheriffs' })).statusCode).toBe(401);
    const firm = await registerFirm(t());
    for (const email of [DEMO.firmAdmin, DEMO.branchAdmin, DEMO.attorney, DEMO.sheriff]) {
      const token = await t().login(email);
      for (const [method, url] of [
        ['POST', '/api/v1/admin/sheriffs'],
        ['GET', '/api/v1/admin/sheriffs'],
        ['PUT', '/api/v1/admin/sheriffs/1'],
        ['PUT', '/api/v1/admin/sheriffs/1/active'],
        ['POST', '/api/v1/admin/sheriffs/1/invitation'],
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
    expect((await t().as(firm.token).post('/api/v1/admin/sheriffs', newSheriff())).statusCode).toBe(403);
  });
});

describe('creating a sheriff', () => {
  it('creates the account with its profile, answers no secret and e-mails a single-use invitation that sets the password', async () => {
    const { body, sheriff } = await create({
      service_areas: [' wynberg ', 'Mitchells Plain', 'WYNBERG', 'Thabazimbi'],
    });
    expect(sheriff).toMatchObject({
      email: body.email,
      full_name: body.full_name,
      role: 'sheriff',
      role_display_name: 'Sheriff',
      phone_number: body.phone_number,
      office_name: body.office_name,
      appointment_number: body.appointment_number,
      service_areas: ['Wynberg', 'Mitchells Plain', 'Thabazimbi'],
      firm_id: null,
      is_active: true,
      must_change_password: true,
    });
    const raw = JSON.stringify(sheriff);
    expect(raw).not.toMatch(/password_hash|passwordHash|generated_password|token/);

    const invitation = await invitationOf(body.email);
    expect(invitation.count).toBe(1);
    expect(invitation.link).toMatch(/\/reset-password\?token=[\w-]+&invite=1$/);
    expect(invitation.text).toContain('within 7 days');
    // No generic welcome ("your administrator will give you your first password") for an invited sheriff.
    const welcome = await t().database.raw.query(
      `SELECT 1 FROM mail_outbox WHERE to_address = $1 AND subject = 'Your LexServe account'`,
      [body.email],
    );
    expect(welcome).toHaveLength(0);

    expect((await setPassword(invitation.token!, 'Sheriff@2025')).statusCode).toBe(200);
    const token = await t().login(body.email, 'Sheriff@2025');
    const me = (await t().as(token).get('/api/v1/users/me')).json();
    expect(me).toMatchObject({ id: sheriff.id, role: 'sheriff', must_change_password: false });
    expect((await t().as(token).get('/api/v1/documents/')).statusCode).toBe(200);
    const again = await setPassword(invitation.token!, 'Other@20255');
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe('This reset link is invalid or has expired.');
  });

  it('keeps the invitation valid for 7 days', async () => {
    const { sheriff } = await create();
    const [row] = await t().database.raw.query<{ days: number }>(
      `SELECT round(extract(epoch from (expires_at - created_at)) / 86400)::int AS days FROM password_reset_tokens WHERE user_id = $1`,
      [sheriff.id],
    );
    expect(row!.days).toBe(7);
  });

  it('requires every field and at least one service area, with the rule in words', async () => {
    const res = await t().as(admin).post('/api/v1/admin/sheriffs', {});
    expect(res.statusCode).toBe(422);
    const fields = res.json().detail.map((d: { loc: string[] }) => d.loc.at(-1));
    expect(fields).toEqual(
      expect.arrayContaining([
        'email',
        'full_name',
        'phone_number',
        'office_name',
        'appointment_number',
        'service_areas',
      ]),
    );
    const noAreas = await t()
      .as(admin)
      .post('/api/v1/admin/sheriffs', newSheriff({ service_areas: [] }));
    expect(noAreas.statusCode).toBe(422);
    expect(noAreas.json().detail[0]).toMatchObject({
      loc: ['body', 'service_areas'],
      msg: 'Service areas are required: at least one magisterial district',
    });
    const badArea = await t()
      .as(admin)
      .post('/api/v1/admin/sheriffs', newSheriff({ service_areas: ['12345'] }));
    expect(badArea.statusCode).toBe(422);
    const badPhone = await t()
      .as(admin)
      .post('/api/v1/admin/sheriffs', newSheriff({ phone_number: 'call me' }));
    expect(badPhone.json().detail[0].msg).toBe('Please enter a valid phone number');
  });

  it('refuses a taken e-mail and a taken appointment number (case ignored) with 409', async () => {
    const { body } = await create();
    const email = await t()
      .as(admin)
      .post('/api/v1/admin/sheriffs', newSheriff({ email: DEMO.attorney }));
    expect(email.statusCode).toBe(409);
    expect(email.json().detail).toBe('A user with this email already exists.');
    const number = await t()
      .as(admin)
      .post(
        '/api/v1/admin/sheriffs',
        newSheriff({ appointment_number: body.appointment_number.toLowerCase() }),
      );
    expect(number.statusCode).toBe(409);
    expect(number.json().detail).toBe('A sheriff with this appointment number already exists.');
  });
});

describe('listing, editing and (de)activating sheriffs', () => {
  it('lists with search, area, status and paging', async () => {
    const tag = unique();
    const a = await create({ full_name: `Aaron ${tag}`, service_areas: ['Kimberley'] });
    const b = await create({
      full_name: `Beth ${tag}`,
      office_name: `Sheriff Upington ${tag}`,
      service_areas: ['Upington', 'Kuruman'],
    });
    const list = (await t().as(admin).get(`/api/v1/admin/sheriffs?search=${tag}`)).json();
    expect(list.total).toBe(2);
    expect(list.sheriffs.map((s: { id: number }) => s.id)).toEqual([a.sheriff.id, b.sheriff.id]);
    const page = (await t().as(admin).get(`/api/v1/admin/sheriffs?search=${tag}&skip=1&limit=1`)).json();
    expect(page).toMatchObject({ total: 2, sheriffs: [{ id: b.sheriff.id }] });
    expect(
      (await t().as(admin).get(`/api/v1/admin/sheriffs?search=upington ${tag}`)).json().sheriffs,
    ).toHaveLength(1);
    expect(
      (await t().as(admin).get(`/api/v1/admin/sheriffs?search=${b.body.appointment_number}`)).json()
        .sheriffs[0].id,
    ).toBe(b.sheriff.id);
    const area = (await t().as(admin).get('/api/v1/admin/sheriffs?area=kuruman')).json();
    expect(area.sheriffs.map((s: { id: number }) => s.id)).toContain(b.sheriff.id);
    expect(area.sheriffs.map((s: { id: number }) => s.id)).not.toContain(a.sheriff.id);
    // The demo sheriff is listed with its seeded profile.
    const demo = (await t().as(admin).get('/api/v1/admin/sheriffs?search=sheriff@demo.co.za')).json()
      .sheriffs[0];
    expect(demo).toMatchObject({
      email: DEMO.sheriff,
      appointment_number: 'SHF-WC-0042',
      service_areas: ['Cape Town', 'Wynberg', 'Bellville'],
    });
  });

  it('edits the fields sent, keeps the others and refuses a taken appointment number', async () => {
    const { sheriff } = await create();
    const other = await create();
    const res = await t()
      .as(admin)
      .put(`/api/v1/admin/sheriffs/${sheriff.id}`, {
        office_name: 'Sheriff Wynberg East',
        service_areas: ['Wynberg', 'Khayelitsha'],
      });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      message: `Sheriff ${sheriff.full_name} updated successfully!`,
      data: {
        office_name: 'Sheriff Wynberg East',
        service_areas: ['Wynberg', 'Khayelitsha'],
        appointment_number: sheriff.appointment_number,
        email: sheriff.email,
      },
    });
    const taken = await t()
      .as(admin)
      .put(`/api/v1/admin/sheriffs/${sheriff.id}`, { appointment_number: other.body.appointment_number });
    expect(taken.statusCode).toBe(409);
    const email = await t()
      .as(admin)
      .put(`/api/v1/admin/sheriffs/${sheriff.id}`, { email: other.body.email });
    expect(email.statusCode).toBe(409);
    const empty = await t().as(admin).put(`/api/v1/admin/sheriffs/${sheriff.id}`, { service_areas: [] });
    expect(empty.statusCode).toBe(422);
    // A firm user's id is not a sheriff.
    const attorney = (
      await t()
        .as(await t().login(DEMO.attorney))
        .get('/api/v1/users/me')
    ).json();
    expect(
      (await t().as(admin).put(`/api/v1/admin/sheriffs/${attorney.id}`, { office_name: 'X' })).statusCode,
    ).toBe(404);
    expect(
      (await t().as(admin).put('/api/v1/admin/sheriffs/999999', { office_name: 'X' })).json().detail,
    ).toBe('Sheriff not found.');
  });

  it('deactivates (signs out, refuses login, hides from firms) and reactivates', async () => {
    const { body, sheriff } = await create({ service_areas: ['Calvinia'] });
    const { token } = await invitationOf(body.email);
    await setPassword(token!, 'Sheriff@2025');
    const session = await t().login(body.email, 'Sheriff@2025');
    const firmToken = await t().login(DEMO.attorney);
    const listed = async () =>
      (await t().as(firmToken).get('/api/v1/users/sheriffs?area=Calvinia'))
        .json()
        .users.map((u: { id: number }) => u.id);
    expect(await listed()).toEqual([sheriff.id]);

    const off = await t()
      .as(admin)
      .put(`/api/v1/admin/sheriffs/${sheriff.id}/active`, { is_active: false, reason: 'Appointment ended' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      message: `Sheriff ${sheriff.full_name} deactivated successfully!`,
      data: { is_active: false },
    });
    expect((await t().as(session).get('/api/v1/users/me')).statusCode).toBe(403);
    const login = await t().inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: body.email, password: 'Sheriff@2025' },
    });
    expect(login.statusCode).toBe(403);
    expect(await listed()).toEqual([]);
    expect(
      (
        await t().as(admin).get(`/api/v1/admin/sheriffs?search=${body.appointment_number}&is_active=false`)
      ).json().total,
    ).toBe(1);

    const on = await t().as(admin).put(`/api/v1/admin/sheriffs/${sheriff.id}/active`, { is_active: true });
    expect(on.json()).toMatchObject({
      message: `Sheriff ${sheriff.full_name} reactivated successfully!`,
      data: { is_active: true },
    });
    expect(await t().login(body.email, 'Sheriff@2025')).toBeTruthy();
    expect(await listed()).toEqual([sheriff.id]);
    expect((await t().as(admin).put(`/api/v1/admin/sheriffs/${sheriff.id}/active`, {})).statusCode).toBe(422);
  });

  it('resends an invitation only while the sheriff has not set a password', async () => {
    const { body, sheriff } = await create();
    const res = await t().as(admin).post(`/api/v1/admin/sheriffs/${sheriff.id}/invitation`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`A new invitation was e-mailed to ${body.email}.`);
    const invitation = await invitationOf(body.email);
    expect(invitation.count).toBe(2);
    await setPassword(invitation.token!, 'Sheriff@2025');
    const again = await t().as(admin).post(`/api/v1/admin/sheriffs/${sheriff.id}/invitation`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This sheriff has already set a password; no invitation is needed.');
  });
});

describe('firms choosing a sheriff (GET /users/sheriffs)', () => {
  it('keeps the list shape, adds the profile and filters by the service area (case ignored)', async () => {
    const tag = unique();
    const district = `Tankwa ${tag}`.replace(/\d/g, 'x');
    const { sheriff } = await create({ service_areas: [district, 'Sutherland'] });
    await create({ service_areas: ['Sutherland'] });
    const token = await t().login(DEMO.attorney);
    const all = (await t().as(token).get('/api/v1/users/sheriffs')).json();
    expect(Array.isArray(all.users)).toBe(true);
    expect(all.users.find((u: { email: string }) => u.email === DEMO.sheriff)).toMatchObject({
      role: 'sheriff',
      office_name: 'Sheriff of the Court, Cape Town West',
      appointment_number: 'SHF-WC-0042',
      service_areas: ['Cape Town', 'Wynberg', 'Bellville'],
    });
    const byArea = (
      await t()
        .as(token)
        .get(`/api/v1/users/sheriffs?area=${encodeURIComponent(district.toUpperCase())}`)
    ).json();
    expect(byArea.users.map((u: { id: number }) => u.id)).toEqual([sheriff.id]);
    expect((await t().as(token).get('/api/v1/users/sheriffs?area=Sutherland')).json().users).toHaveLength(2);
    expect((await t().as(token).get('/api/v1/users/sheriffs?area=Nowhere')).json().users).toEqual([]);
    const cape = (await t().as(token).get('/api/v1/users/sheriffs?area=cape%20town'))
      .json()
      .users.map((u: { email: string }) => u.email);
    expect(cape).toContain(DEMO.sheriff);
    const sheriffToken = await t().login(DEMO.sheriff);
    const refused = await t().as(sheriffToken).get('/api/v1/users/sheriffs');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('You do not have permission to view sheriffs.');
  });
});
