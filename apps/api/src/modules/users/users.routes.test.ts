import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/build-app';
import { addFirmUser, registerFirm } from '../../../test/factories';

const t = useTestApp();

describe('current user', () => {
  it('answers me, permissions and profile', async () => {
    const token = await t().login(DEMO.attorney);
    const me = (await t().as(token).get('/api/v1/users/me')).json();
    expect(me).toMatchObject({
      email: DEMO.attorney,
      role: 'legal_practitioner',
      role_display_name: 'Legal Practitioner',
      is_active: true,
    });
    expect(me).not.toHaveProperty('password_hash');
    expect(me).not.toHaveProperty('passwordHash');
    const perms = (await t().as(token).get('/api/v1/users/me/permissions')).json();
    expect(perms.permissions).toContain('closures:request');
    expect(perms.permissions).not.toContain('closures:approve');
    expect((await t().as(token).get('/api/v1/users/me/profile')).json().id).toBe(me.id);
  });

  it('updates only the fields sent, trims, nulls empties and refuses a taken e-mail with 409', async () => {
    const firm = await registerFirm(t());
    const api = t().as(firm.token);
    const res = await api.put('/api/v1/users/me/profile', { full_name: '  New Name  ', phone_number: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: 'Profile updated successfully!' });
    expect(res.json().data).toMatchObject({
      full_name: 'New Name',
      phone_number: null,
      email: firm.adminEmail,
    });
    const taken = await api.put('/api/v1/users/me/profile', {
      email: DEMO.attorney,
      current_password: firm.password,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe('Email address is already in use. Please choose a different email.');
    const bad = await api.put('/api/v1/users/me/profile', { email: 'nope' });
    expect(bad.statusCode).toBe(422);
  });

  it('changes the password only with the right current one', async () => {
    const firm = await registerFirm(t());
    const api = t().as(firm.token);
    const wrong = await api.post('/api/v1/users/change-password', {
      current_password: 'Wrong@1234',
      new_password: 'Better@1234',
      confirm_password: 'Better@1234',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail).toBe('Current password is incorrect.');
    const mismatch = await api.post('/api/v1/users/change-password', {
      current_password: firm.password,
      new_password: 'Better@1234',
      confirm_password: 'Other@1234',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().detail[0].msg).toBe('New password and confirmation do not match');
    const ok = await api.post('/api/v1/users/change-password', {
      current_password: firm.password,
      new_password: 'Better@1234',
      confirm_password: 'Better@1234',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Password updated successfully!');
    expect(await t().login(firm.adminEmail, 'Better@1234')).toBeTruthy();
  });

  it('keeps per-type e-mail preferences', async () => {
    const token = await t().login(DEMO.branchAdmin);
    const initial = (await t().as(token).get('/api/v1/users/me/notification-preferences')).json();
    expect(initial.preferences.system_alert).toEqual({ email: true });
    const res = await t()
      .as(token)
      .put('/api/v1/users/me/notification-preferences', {
        preferences: { status_update: { email: false } },
      });
    expect(res.statusCode).toBe(200);
    expect(res.json().preferences).toMatchObject({
      status_update: { email: false },
      system_alert: { email: true },
    });
  });
});

describe('firm user management', () => {
  it('creates a legal practitioner with a one-time password that logs in', async () => {
    const firm = await registerFirm(t());
    const res = await t().as(firm.token).post('/api/v1/users/create-firm-user', {
      email: 'new.attorney@firm-x.co.za',
      full_name: 'New Attorney',
      role: 'legal_practitioner',
      branch_id: firm.branchId,
      phone_number: '',
      address: null,
    });
    expect(res.statusCode).toBe(201);
    const { generated_password, user } = res.json();
    expect(generated_password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{12,}$/);
    expect(user).toMatchObject({
      email: 'new.attorney@firm-x.co.za',
      role: 'legal_practitioner',
      firm_id: firm.firmId,
      phone_number: null,
    });
    expect(await t().login('new.attorney@firm-x.co.za', generated_password)).toBeTruthy();
  });

  it('applies the request rules with the spec messages', async () => {
    const firm = await registerFirm(t());
    const api = t().as(firm.token);
    const noBranch = await api.post('/api/v1/users/create-firm-user', {
      email: 'lp@x.co.za',
      full_name: 'LP',
      role: 'legal_practitioner',
    });
    expect(noBranch.statusCode).toBe(422);
    expect(noBranch.json().detail[0].msg).toBe('Branch ID is required for legal practitioners.');
    const badRole = await api.post('/api/v1/users/create-firm-user', {
      email: 'x@x.co.za',
      full_name: 'X',
      role: 'firm_admin',
    });
    expect(badRole.json().detail[0].msg).toBe('Role must be either branch_admin or legal_practitioner.');
    const dup = await api.post('/api/v1/users/create-firm-user', {
      email: DEMO.attorney,
      full_name: 'Dup',
      role: 'branch_admin',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe('A user with this email already exists.');
  });

  it("refuses another firm's branch", async () => {
    const a = await registerFirm(t());
    const b = await registerFirm(t());
    const res = await t().as(a.token).post('/api/v1/users/create-firm-user', {
      email: 'cross@x.co.za',
      full_name: 'Cross',
      role: 'legal_practitioner',
      branch_id: b.branchId,
    });
    expect(res.statusCode).toBe(422);
  });

  it('lists branches with users and unassigned users', async () => {
    const firm = await registerFirm(t());
    await addFirmUser(t(), firm, 'legal_practitioner');
    await addFirmUser(t(), firm, 'branch_admin', { branch_id: null });
    const res = await t().as(firm.token).get('/api/v1/users/firm-branches-with-users');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total_branches: 1, total_users: 3, active_branches: 1, active_users: 3 });
    expect(body.branches[0].users).toHaveLength(2);
    expect(body.unassigned_users).toHaveLength(1);
    expect(body.unassigned_users[0].role).toBe('branch_admin');
  });

  it('deactivates with a reason: the user can no longer log in or use a token, then reactivates', async () => {
    const firm = await registerFirm(t());
    const lp = await addFirmUser(t(), firm, 'legal_practitioner');
    const noReason = await t()
      .as(firm.token)
      .put(`/api/v1/users/activate-deactivate/${lp.id}`, { is_active: false, reason: ' ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().detail[0].msg).toBe('Reason is required for user activation/deactivation');
    const off = await t()
      .as(firm.token)
      .put(`/api/v1/users/activate-deactivate/${lp.id}`, { is_active: false, reason: 'Left the firm' });
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toMatch(/^User .+ deactivated successfully!$/);
    expect((await t().as(lp.token).get('/api/v1/users/me')).statusCode).toBe(403);
    const login = await t().inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: lp.email, password: lp.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().detail).toBe('Account access denied. Your account may be suspended or inactive.');
    const on = await t()
      .as(firm.token)
      .put(`/api/v1/users/activate-deactivate/${lp.id}`, { is_active: true, reason: 'Back' });
    expect(on.json().message).toMatch(/activated successfully!$/);
    expect(await t().login(lp.email, lp.password)).toBeTruthy();
  });

  it('never lets a user act on their own account', async () => {
    const firm = await registerFirm(t());
    const res = await t()
      .as(firm.token)
      .put(`/api/v1/users/activate-deactivate/${firm.adminId}`, { is_active: false, reason: 'x' });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(
      'You cannot modify your own account or do not have permission to modify this user.',
    );
    const role = await t()
      .as(firm.token)
      .put(`/api/v1/users/change-role/${firm.adminId}`, { new_role: 'branch_admin', reason: 'x' });
    expect(role.statusCode).toBe(403);
  });

  it('changes role with a reason; a practitioner needs a branch; a no-op change is refused', async () => {
    const firm = await registerFirm(t());
    const lp = await addFirmUser(t(), firm, 'legal_practitioner');
    const api = t().as(firm.token);
    const toAdmin = await api.put(`/api/v1/users/change-role/${lp.id}`, {
      new_role: 'branch_admin',
      reason: 'Promoted',
      new_branch_id: null,
    });
    expect(toAdmin.statusCode).toBe(200);
    expect(toAdmin.json().message).toMatch(/'s role changed successfully!$/);
    expect(toAdmin.json().data).toMatchObject({ role: 'branch_admin', branch_id: null });
    const same = await api.put(`/api/v1/users/change-role/${lp.id}`, {
      new_role: 'branch_admin',
      reason: 'again',
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().detail).toBe(
      'Role change not allowed. User may have restrictions or invalid role transition.',
    );
    const noBranch = await api.put(`/api/v1/users/change-role/${lp.id}`, {
      new_role: 'legal_practitioner',
      reason: 'Back',
    });
    expect(noBranch.statusCode).toBe(422);
    const back = await api.put(`/api/v1/users/change-role/${lp.id}`, {
      new_role: 'legal_practitioner',
      reason: 'Back',
      new_branch_id: firm.branchId,
    });
    expect(back.json().data).toMatchObject({ role: 'legal_practitioner', branch_id: firm.branchId });
    const noReason = await api.put(`/api/v1/users/change-role/${lp.id}`, { new_role: 'branch_admin' });
    expect(noReason.json().detail[0].msg).toBe('Reason is required for role change');
  });
});

describe('tenant isolation of users', () => {
  it("firm A never reads or changes firm B's users", async () => {
    const a = await registerFirm(t());
    const b = await registerFirm(t());
    const bUser = await addFirmUser(t(), b, 'legal_practitioner');
    const api = t().as(a.token);
    expect((await api.get(`/api/v1/users/${bUser.id}`)).statusCode).toBe(404);
    expect((await api.put(`/api/v1/users/${bUser.id}`, { full_name: 'Hacked' })).statusCode).toBe(404);
    expect((await api.delete(`/api/v1/users/${bUser.id}`)).statusCode).toBe(404);
    expect(
      (await api.put(`/api/v1/users/activate-deactivate/${bUser.id}`, { is_active: false, reason: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await api.put(`/api/v1/users/change-role/${bUser.id}`, { new_role: 'branch_admin', reason: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await api.get(`/api/v1/firms/user/${bUser.id}`)).statusCode).toBe(404);
    const list = (await api.get('/api/v1/users')).json().users.map((u: { id: number }) => u.id);
    expect(list).not.toContain(bUser.id);
    expect(list).toContain(a.adminId);
  });
});

describe('system administrator', () => {
  it('creates, updates and deletes users of any role', async () => {
    const admin = await t().login(DEMO.admin);
    const api = t().as(admin);
    const created = await api.post('/api/v1/users', {
      email: 'sheriff2@sheriffs.co.za',
      full_name: 'Second Sheriff',
      role: 'sheriff',
    });
    expect(created.statusCode).toBe(201);
    const { data, generated_password } = created.json();
    expect(generated_password).toBeTruthy();
    const sheriffs = (await api.get('/api/v1/users/sheriffs'))
      .json()
      .users.map((u: { email: string }) => u.email);
    expect(sheriffs).toEqual(expect.arrayContaining([DEMO.sheriff, 'sheriff2@sheriffs.co.za']));
    const dupe = await api.put(`/api/v1/users/${data.id}`, { email: DEMO.attorney });
    expect(dupe.statusCode).toBe(409);
    expect(dupe.json().detail).toBe('Email address is already in use by another user.');
    expect((await api.delete(`/api/v1/users/${data.id}`)).statusCode).toBe(200);
    expect((await api.get(`/api/v1/users/${data.id}`)).statusCode).toBe(404);
    const missing = await api.post('/api/v1/users', { email: 'x@y.co.za' });
    expect(missing.statusCode).toBe(422);
    const msgs = missing.json().detail.map((d: { msg: string }) => d.msg);
    expect(msgs).toEqual(
      expect.arrayContaining(['Email and full name are required.', 'User role is required.']),
    );
  });

  it('refuses the other roles on general user creation and sheriffs list for sheriffs', async () => {
    const lp = await t().login(DEMO.attorney);
    const res = await t()
      .as(lp)
      .post('/api/v1/users', { email: 'z@y.co.za', full_name: 'Z', role: 'sheriff' });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('You do not have permission to create users.');
    const sheriff = await t().login(DEMO.sheriff);
    const s = await t().as(sheriff).get('/api/v1/users/sheriffs');
    expect(s.statusCode).toBe(403);
    expect(s.json().detail).toBe('You do not have permission to view sheriffs.');
    const list = await t().as(lp).get('/api/v1/users');
    expect(list.json().detail).toBe(
      'You do not have permission to view users. Please contact your administrator.',
    );
  });
});
