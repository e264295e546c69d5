import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD, useTestApp } from '../../../test/build-app';
import { registerFirm } from '../../../test/factories';

const t = useTestApp();

describe('login', () => {
  it('answers a token pair for the right password and records last_login', async () => {
    const res = await t().inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: DEMO.firmAdmin, password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 900 });
    expect(body.access_token).toMatch(/^ey/);
    const me = await t().as(body.access_token).get('/api/v1/users/me');
    expect(me.json().last_login).not.toBeNull();
  });

  it('refuses a wrong password and an unknown e-mail alike with 401', async () => {
    for (const payload of [
      { email: DEMO.firmAdmin, password: 'Wrong@1234' },
      { email: 'nobody@nowhere.co.za', password: 'Wrong@1234' },
    ]) {
      const res = await t().inject({ method: 'POST', url: '/api/v1/users/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe(
        'Invalid email or password. Please check your credentials and try again.',
      );
    }
  });

  it('answers 422 with the field list for a malformed body', async () => {
    const res = await t().inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: 'not-an-email' },
    });
    expect(res.statusCode).toBe(422);
    const msgs = res.json().detail.map((d: { loc: string[]; msg: string }) => `${d.loc.join('.')}: ${d.msg}`);
    expect(msgs).toContain('body.email: Please enter a valid email address');
    expect(msgs).toContain('body.password: Password is required');
  });

  it('answers 400 (not 500) for a body that is not JSON', async () => {
    const res = await t().inject({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBeTypeOf('string');
  });

  it('is limited after repeated failures per account and per address, with the spec message', async () => {
    const { createTestApp } = await import('../../../test/build-app');
    const limited = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
    try {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 4; i++) {
        last = await limited.inject({
          method: 'POST',
          url: '/api/v1/users/login',
          payload: { email: DEMO.attorney, password: 'Bad@12345' },
        });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect(last!.json().detail).toBe('Too many login attempts. Please wait a moment and try again.');
      // Even the right password is refused while the account is limited.
      const right = await limited.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: DEMO.attorney, password: 'Demo@12345' },
      });
      expect(right.statusCode).toBe(429);
      // Another account from the same address still works until the address limit (5 × 3 failures).
      expect(
        (
          await limited.inject({
            method: 'POST',
            url: '/api/v1/users/login',
            payload: { email: DEMO.sheriff, password: 'Demo@12345' },
          })
        ).statusCode,
      ).toBe(200);
      for (let i = 0; i < 12; i++) {
        await limited.inject({
          method: 'POST',
          url: '/api/v1/users/login',
          payload: { email: `guess${i % 4}@x.co.za`, password: 'Bad@12345' },
        });
      }
      const byAddress = await limited.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: DEMO.branchAdmin, password: 'Demo@12345' },
      });
      expect(byAddress.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('refresh tokens', () => {
  const loginPair = async () =>
    (
      await t().inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: DEMO.attorney, password: DEMO_PASSWORD },
      })
    ).json();
  const refresh = (refresh_token: string) =>
    t().inject({ method: 'POST', url: '/api/v1/users/refresh', payload: { refresh_token } });

  it('rotates: a refresh answers a new pair and the old refresh token stops working', async () => {
    const first = await loginPair();
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    expect(second.json().refresh_token).not.toBe(first.refresh_token);
    expect((await t().as(second.json().access_token).get('/api/v1/users/me')).statusCode).toBe(200);
  });

  it('detects reuse: replaying a rotated token revokes the whole family', async () => {
    const first = await loginPair();
    const second = (await refresh(first.refresh_token)).json();
    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(401);
    // The legitimate descendant is revoked too.
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
  });

  it('logout revokes the session', async () => {
    const pair = await loginPair();
    const out = await t().inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: { authorization: `Bearer ${pair.access_token}` },
      payload: { refresh_token: pair.refresh_token },
    });
    expect(out.statusCode).toBe(200);
    expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
  });

  it('refuses an unknown refresh token with 401', async () => {
    expect((await refresh('nonsense')).statusCode).toBe(401);
  });
});

describe('authenticated scope', () => {
  it('answers 401 without a token and with a forged one', async () => {
    expect((await t().inject({ method: 'GET', url: '/api/v1/users/me' })).statusCode).toBe(401);
    const forged = await t().as('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIyIn0.bad').get('/api/v1/users/me');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({
      detail: 'Authentication required. Please log in.',
      code: 'AUTH_REQUIRED',
    });
  });

  it('carries a request id on every answer', async () => {
    const res = await t().inject({ method: 'GET', url: '/api/v1/users/me' });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.json().request_id).toBe(res.headers['x-request-id']);
  });
});

describe('register', () => {
  it('creates the firm, its main branch and the firm administrator in one go', async () => {
    const firm = await registerFirm(t());
    const me = (await t().as(firm.token).get('/api/v1/users/me')).json();
    expect(me).toMatchObject({
      role: 'firm_admin',
      firm_id: firm.firmId,
      branch_id: firm.branchId,
      role_display_name: 'Firm Administrator',
    });
    const branches = (await t().as(firm.token).get(`/api/v1/firms/${firm.firmId}/branches`)).json().branches;
    expect(branches).toHaveLength(1);
    expect(branches[0]).toMatchObject({ is_main: true });
    expect(branches[0].digital_service_address).toMatch(/@dsa\.lexserve\.co\.za$/);
  });

  it('applies the sign-up rules word for word', async () => {
    const res = await t().inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        full_name: 'A',
        email: 'bad',
        password: 'short',
        confirm_password: 'other',
        firm_name: 'F',
        firm_email: 'x',
        firm_address: 'short',
        branch_name: 'B',
        practice_number: 'P',
      },
    });
    expect(res.statusCode).toBe(422);
    const msgs = res.json().detail.map((d: { msg: string }) => d.msg);
    expect(msgs).toEqual(
      expect.arrayContaining([
        'Full name must be at least 2 characters',
        'Please enter a valid email address',
        'Password must be at least 8 characters',
        'Firm name must be at least 2 characters',
        'Please enter a valid firm email address',
        'Please enter a complete business address',
        'Branch name must be at least 2 characters',
        'Practice number must be at least 3 characters',
      ]),
    );
  });

  it('refuses a taken e-mail (409), firm name or practice number (400) and leaves nothing behind', async () => {
    const firm = await registerFirm(t());
    const again = await t().inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        full_name: 'Someone Else',
        email: firm.adminEmail.toUpperCase(),
        password: 'Firm@12345',
        confirm_password: 'Firm@12345',
        firm_name: 'Unique Firm Name 1',
        firm_email: 'x@y.co.za',
        firm_address: '1 Church Street, Pretoria',
        branch_name: 'Main',
        practice_number: 'UNIQUE-1',
      },
    });
    expect(again.statusCode).toBe(409);
    const name = await t().inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        full_name: 'Someone Else',
        email: 'someone.else@firm.co.za',
        password: 'Firm@12345',
        confirm_password: 'Firm@12345',
        firm_name: 'Demo Attorneys Inc.',
        firm_email: 'x@y.co.za',
        firm_address: '1 Church Street, Pretoria',
        branch_name: 'Main',
        practice_number: 'UNIQUE-2',
      },
    });
    expect(name.statusCode).toBe(400);
    expect(name.json().detail).toBe('A firm with this name already exists.');
    // The user of the failed registration was not created.
    const login = await t().inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: 'someone.else@firm.co.za', password: 'Firm@12345' },
    });
    expect(login.statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('e-mails a single-use link that sets a new password and ends other sessions', async () => {
    const firm = await registerFirm(t());
    const res = await t().inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: firm.adminEmail },
    });
    expect(res.statusCode).toBe(200);
    const rows = await t().database.raw.query<{ text_body: string }>(
      `SELECT text_body FROM mail_outbox WHERE to_address = $1 AND subject LIKE 'Reset%'`,
      [firm.adminEmail],
    );
    const token = /token=([\w-]+)/.exec(rows[0]!.text_body)![1]!;
    const reset = (password: string) =>
      t().inject({
        method: 'POST',
        url: '/api/v1/auth/reset-password',
        payload: { token, new_password: password, confirm_password: password },
      });
    expect((await reset('Newpass@123')).statusCode).toBe(200);
    expect(await t().login(firm.adminEmail, 'Newpass@123')).toBeTruthy();
    const second = await reset('Other@1234');
    expect(second.statusCode).toBe(400);
    expect(second.json().detail).toBe('This reset link is invalid or has expired.');
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const res = await t().inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: 'ghost@nowhere.co.za' },
    });
    expect(res.statusCode).toBe(200);
    const rows = await t().database.raw.query(
      `SELECT 1 FROM mail_outbox WHERE to_address = 'ghost@nowhere.co.za'`,
    );
    expect(rows).toHaveLength(0);
  });
});
