import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD, useTestApp } from '../../../test/build-app';
import { addFirmUser, registerFirm, type RegisteredFirm } from '../../../test/factories';

/**
 * Every call that changes a user follows one set of rules and leaves an audit entry; the login e-mail changes
 * only with the current password; a sheriff reads only the people of their assigned documents.
 */
const t = useTestApp();

let sysAdmin: string;
beforeAll(async () => {
  sysAdmin = await t().login(DEMO.admin);
});

const auditOf = (userId: number) =>
  t().database.raw.query<{
    action: string;
    performed_by_id: number | null;
    reason: string | null;
    details: Record<string, unknown> | null;
  }>('SELECT action, performed_by_id, reason, details FROM user_audit_log WHERE user_id = $1 ORDER BY id', [
    userId,
  ]);

/** A second firm administrator of the firm, created by the system administrator. */
async function secondFirmAdmin(firm: RegisteredFirm) {
  const email = `second-admin-${Date.now()}-${Math.floor(Math.random() * 1e6)}@firm.co.za`;
  const res = await t().as(sysAdmin).post('/api/v1/users', {
    email,
    full_name: 'Second Admin',
    role: 'firm_admin',
    firm_id: firm.firmId,
    branch_id: firm.branchId,
    password: 'Second@1234',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().data.id as number, email, token: await t().login(email, 'Second@1234') };
}

describe('one set of rules for every change to a user', () => {
  it('never lets a firm administrator demote, deactivate, edit or delete another firm administrator', async () => {
    const firm = await registerFirm(t());
    const other = await secondFirmAdmin(firm);
    const api = t().as(firm.token);
    const protectedMsg =
      'Firm administrators are managed by the LexServe system administrator. Please contact support to change this account.';
    for (const body of [
      { role: 'branch_admin' },
      { is_active: false },
      { full_name: 'Renamed' },
      { email: 'taken-over@evil.co.za' },
    ]) {
      const res = await api.put(`/api/v1/users/${other.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json()).toMatchObject({ code: 'FIRM_ADMIN_PROTECTED', detail: protectedMsg });
    }
    const del = await api.delete(`/api/v1/users/${other.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('FIRM_ADMIN_PROTECTED');
    expect(
      (await api.put(`/api/v1/users/activate-deactivate/${other.id}`, { is_active: false, reason: 'x' }))
        .statusCode,
    ).toBe(409);
    // Untouched, and still signed in.
    const after = (await t().as(other.token).get('/api/v1/users/me')).json();
    expect(after).toMatchObject({
      role: 'firm_admin',
      is_active: true,
      full_name: 'Second Admin',
      email: other.email,
    });
    // The system administrator may, and the change is audited.
    const demoted = await t()
      .as(sysAdmin)
      .put(`/api/v1/users/${other.id}`, { role: 'branch_admin', reason: 'Stepped down' });
    expect(demoted.statusCode).toBe(200);
    expect(await auditOf(other.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'role_changed',
          reason: 'Stepped down',
          details: expect.objectContaining({ from: 'firm_admin', to: 'branch_admin' }),
        }),
      ]),
    );
  });

  it('never leaves a legal practitioner without a branch, nor gives a firm role outside the firm administrator’s reach', async () => {
    const firm = await registerFirm(t());
    const lp = await addFirmUser(t(), firm, 'legal_practitioner');
    const ba = await addFirmUser(t(), firm, 'branch_admin', { branch_id: null });
    const api = t().as(firm.token);
    const noBranch = await api.put(`/api/v1/users/${lp.id}`, { branch_id: null });
    expect(noBranch.statusCode).toBe(422);
    expect(noBranch.json().detail).toBe('Branch ID is required for legal practitioners.');
    const toPractitioner = await api.put(`/api/v1/users/${ba.id}`, { role: 'legal_practitioner' });
    expect(toPractitioner.statusCode).toBe(422);
    expect((await api.put(`/api/v1/users/${lp.id}`, { role: 'firm_admin' })).json().code).toBe(
      'ROLE_CHANGE_CONFLICT',
    );
    expect((await api.put(`/api/v1/users/${lp.id}`, { role: 'sheriff' })).json().code).toBe(
      'ROLE_CHANGE_CONFLICT',
    );
    const other = await registerFirm(t());
    expect((await api.put(`/api/v1/users/${lp.id}`, { branch_id: other.branchId })).statusCode).toBe(422);
    expect((await t().as(lp.token).get('/api/v1/users/me')).json()).toMatchObject({
      role: 'legal_practitioner',
      branch_id: firm.branchId,
    });
  });

  it('writes an audit entry for PUT (fields and activation) and ends the deactivated user’s sessions', async () => {
    const firm = await registerFirm(t());
    const lp = await addFirmUser(t(), firm, 'legal_practitioner');
    const res = await t().as(firm.token).put(`/api/v1/users/${lp.id}`, {
      full_name: 'Renamed Attorney',
      is_active: false,
      reason: 'Left the firm',
    });
    expect(res.statusCode).toBe(200);
    const entries = await auditOf(lp.id);
    // password_changed: the new user replaced the generated password at first login (must_change_password).
    expect(entries.map((e) => e.action)).toEqual(['created', 'password_changed', 'updated', 'deactivated']);
    expect(entries[2]).toMatchObject({
      performed_by_id: firm.adminId,
      reason: 'Left the firm',
      details: { changes: { full_name: { to: 'Renamed Attorney' } } },
    });
    expect((await t().as(lp.token).get('/api/v1/users/me')).statusCode).toBe(403);
    const [live] = await t().database.raw.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL',
      [lp.id],
    );
    expect(live!.n).toBe(0);
  });

  it('keeps an audit entry of a deletion after the row is gone', async () => {
    const firm = await registerFirm(t());
    const lp = await addFirmUser(t(), firm, 'legal_practitioner');
    expect((await t().as(firm.token).delete(`/api/v1/users/${lp.id}`)).statusCode).toBe(200);
    const entries = await auditOf(lp.id);
    expect(entries.at(-1)).toMatchObject({
      action: 'deleted',
      performed_by_id: firm.adminId,
      details: { email: lp.email, role: 'legal_practitioner' },
    });
  });

  it('audits role changes and activation through their own calls too', async () => {
    const firm = await registerFirm(t());
    const lp = await addFirmUser(t(), firm, 'legal_practitioner');
    await t()
      .as(firm.token)
      .put(`/api/v1/users/change-role/${lp.id}`, { new_role: 'branch_admin', reason: 'Promoted' });
    await t()
      .as(firm.token)
      .put(`/api/v1/users/activate-deactivate/${lp.id}`, { is_active: false, reason: 'Leave' });
    expect((await auditOf(lp.id)).map((e) => e.action)).toEqual([
      'created',
      'password_changed',
      'role_changed',
      'deactivated',
    ]);
  });
});

describe('changing the login e-mail', () => {
  it('needs the current password (422 without it, 400 when wrong) and tells the old address', async () => {
    const firm = await registerFirm(t());
    const api = t().as(firm.token);
    const newEmail = `moved-${Date.now()}@firm.co.za`;
    const missing = await api.put('/api/v1/users/me/profile', { email: newEmail });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      code: 'EMAIL_CHANGE_PASSWORD_REQUIRED',
      detail: 'Enter your current password to change your e-mail address.',
    });
    const wrong = await api.put('/api/v1/users/me/profile', {
      email: newEmail,
      current_password: 'Wrong@1234',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('Current password is incorrect. Your e-mail address was not changed.');
    // The same through PUT /users/{own id}.
    expect((await api.put(`/api/v1/users/${firm.adminId}`, { email: newEmail })).statusCode).toBe(422);
    expect((await api.get('/api/v1/users/me')).json().email).toBe(firm.adminEmail);
    // Other fields change without it.
    expect((await api.put('/api/v1/users/me/profile', { full_name: 'Still Me' })).statusCode).toBe(200);

    const ok = await api.put('/api/v1/users/me/profile', {
      email: newEmail,
      current_password: firm.password,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.email).toBe(newEmail);
    const mail = await t().database.raw.query(
      'SELECT 1 FROM mail_outbox WHERE to_address = $1 AND subject LIKE $2',
      [firm.adminEmail, '%e-mail address was changed%'],
    );
    expect(mail).toHaveLength(1);
    expect((await auditOf(firm.adminId)).map((e) => e.action)).toContain('profile_updated');
  });
});

describe('what a sheriff may read of users', () => {
  it('only the people of their assigned documents, system administrators and themself', async () => {
    const sheriff = await t().login(DEMO.sheriff);
    const sheriffMe = (await t().as(sheriff).get('/api/v1/users/me')).json();
    const firm = await registerFirm(t());
    const lp = await addFirmUser(t(), firm, 'legal_practitioner');
    const stranger = await addFirmUser(t(), firm, 'branch_admin');
    const read = (id: number) => t().as(sheriff).get(`/api/v1/users/${id}`);
    const firmOf = (id: number) => t().as(sheriff).get(`/api/v1/firms/user/${id}`);

    // Nothing of a firm with no document assigned to the sheriff, counting ids or not.
    for (const id of [lp.id, stranger.id, firm.adminId]) {
      expect((await read(id)).statusCode).toBe(404);
      expect((await firmOf(id)).statusCode).toBe(404);
    }
    const doc = (await t().as(lp.token).post('/api/v1/documents/', { title: 'For service' })).json().data
      .id as number;
    expect(
      (
        await t()
          .as(lp.token)
          .put(`/api/v1/documents/${doc}/assign-sheriff`, { assigned_sheriff_id: sheriffMe.id })
      ).statusCode,
    ).toBe(200);
    // The creator (who also assigned it) now, and their firm; still not the others.
    expect((await read(lp.id)).json().email).toBe(lp.email);
    expect((await firmOf(lp.id)).json().id).toBe(firm.firmId);
    expect((await read(stranger.id)).statusCode).toBe(404);
    expect((await read(firm.adminId)).statusCode).toBe(404);
    // System administrators and themself.
    const adminId = (await t().as(sysAdmin).get('/api/v1/users/me')).json().id;
    expect((await read(adminId)).statusCode).toBe(200);
    expect((await read(sheriffMe.id)).statusCode).toBe(200);
    // Other sheriffs are not theirs to read either.
    const created = await t()
      .as(sysAdmin)
      .post('/api/v1/users', {
        email: `sheriff-${Date.now()}@sheriffs.co.za`,
        full_name: 'Other Sheriff',
        role: 'sheriff',
        password: DEMO_PASSWORD,
      });
    expect((await read(created.json().data.id)).statusCode).toBe(404);
  });
});
