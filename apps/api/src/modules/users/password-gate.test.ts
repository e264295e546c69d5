import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/build-app';
import { registerFirm } from '../../../test/factories';

const t = useTestApp();
const MESSAGE = 'Please change your password before continuing.';

describe('first login with a generated password', () => {
  it('answers /users/me with must_change_password and 403 to everything else until the password is changed', async () => {
    const firm = await registerFirm(t());
    const created = await t()
      .as(firm.token)
      .post('/api/v1/users/create-firm-user', {
        email: `gate-${Date.now()}@firm.co.za`,
        full_name: 'Gate Keeper',
        role: 'legal_practitioner',
        branch_id: firm.branchId,
      });
    expect(created.statusCode).toBe(201);
    const { user, generated_password } = created.json();
    expect(user.must_change_password).toBe(true);

    const login = await t().inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: user.email, password: generated_password },
    });
    expect(login.statusCode).toBe(200);
    const { access_token: token, refresh_token: refresh } = login.json();
    const api = t().as(token);
    expect((await api.get('/api/v1/users/me')).json()).toMatchObject({
      id: user.id,
      must_change_password: true,
    });
    for (const url of [
      '/api/v1/documents/',
      '/api/v1/users/me/permissions',
      '/api/v1/users/me/profile',
      '/api/v1/notifications/',
      '/api/v1/firms/',
    ]) {
      const res = await api.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ detail: MESSAGE, code: 'PASSWORD_CHANGE_REQUIRED' });
    }
    expect((await api.put('/api/v1/users/me/profile', { full_name: 'Other' })).statusCode).toBe(403);
    // Refreshing keeps the session (the gate follows the account, not the token).
    const refreshed = await t().inject({
      method: 'POST',
      url: '/api/v1/users/refresh',
      payload: { refresh_token: refresh },
    });
    expect(refreshed.statusCode).toBe(200);
    expect((await t().as(refreshed.json().access_token).get('/api/v1/documents/')).statusCode).toBe(403);

    const changed = await api.post('/api/v1/users/change-password', {
      current_password: generated_password,
      new_password: 'Chosen@2025',
      confirm_password: 'Chosen@2025',
    });
    expect(changed.statusCode).toBe(200);
    expect((await api.get('/api/v1/users/me')).json().must_change_password).toBe(false);
    expect((await api.get('/api/v1/documents/')).statusCode).toBe(200);
    expect((await api.get('/api/v1/users/me/permissions')).statusCode).toBe(200);
  });

  it('lets such a user log out', async () => {
    const firm = await registerFirm(t());
    const { json } = await t()
      .as(firm.token)
      .post('/api/v1/users/create-firm-user', {
        email: `gate-out-${Date.now()}@firm.co.za`,
        full_name: 'Gate Out',
        role: 'branch_admin',
      });
    const { user, generated_password } = json();
    const token = await t().login(user.email, generated_password);
    const out = await t().inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
  });

  it('flags users the system administrator creates with a generated password, not those given a password', async () => {
    const admin = await t().login(DEMO.admin);
    const generated = await t()
      .as(admin)
      .post('/api/v1/users', {
        email: `gen-${Date.now()}@lexserve.co.za`,
        full_name: 'Generated',
        role: 'system_admin',
      });
    expect(generated.statusCode).toBe(201);
    expect(generated.json()).toMatchObject({
      data: { must_change_password: true },
      generated_password: expect.any(String),
    });
    const given = await t()
      .as(admin)
      .post('/api/v1/users', {
        email: `given-${Date.now()}@lexserve.co.za`,
        full_name: 'Given',
        role: 'system_admin',
        password: 'Given@2025',
      });
    expect(given.json().data.must_change_password).toBe(false);
    const self = (
      await t()
        .as(await t().login(DEMO.attorney))
        .get('/api/v1/users/me')
    ).json();
    expect(self.must_change_password).toBe(false);
  });
});
