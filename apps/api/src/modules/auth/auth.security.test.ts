import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, DEMO_PASSWORD, useTestApp, type TestApp } from '../../../test/build-app';
import { addFirmUser, registerFirm } from '../../../test/factories';
import { settleEvents } from '../../../test/settle-events';
import { TestSocket } from '../../../test/ws-client';

/** Sessions, tokens, throttling and headers: the hostile tester's findings on authentication. */
const t = useTestApp();

type Pair = { access_token: string; refresh_token: string };
const loginPair = async (email: string, password = DEMO_PASSWORD, remoteAddress?: string) => {
  const res = await t().inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { email, password },
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Pair;
};
const refresh = (refresh_token: string) =>
  t().inject({ method: 'POST', url: '/api/v1/users/refresh', payload: { refresh_token } });
const me = (token: string) => t().as(token).get('/api/v1/users/me');
const logout = (pair: Partial<Pair>) =>
  t().inject({
    method: 'POST',
    url: '/api/v1/users/logout',
    headers: pair.access_token ? { authorization: `Bearer ${pair.access_token}` } : {},
    payload: pair.refresh_token ? { refresh_token: pair.refresh_token } : {},
  });
const claimsOf = (token: string) =>
  jwt.decode(token) as { sub: string; sid: string; typ: string; exp: number; role: string };

describe('access tokens', () => {
  it('carry a session id and an expiry, and a token without exp, of another type or without a session is refused', async () => {
    const pair = await loginPair(DEMO.attorney);
    const claims = claimsOf(pair.access_token);
    expect(claims).toMatchObject({ typ: 'access', sid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(claims.exp).toBeTypeOf('number');
    const secret = t().env.JWT_SECRET;
    const sign = (payload: object) =>
      jwt.sign({ ...payload }, secret, { algorithm: 'HS256', subject: claims.sub });
    const forever = sign({ role: claims.role, typ: 'access', sid: claims.sid });
    expect(claimsOf(forever).exp).toBeUndefined();
    expect((await me(forever)).statusCode).toBe(401);
    const refreshTyped = jwt.sign({ role: claims.role, typ: 'refresh', sid: claims.sid }, secret, {
      algorithm: 'HS256',
      subject: claims.sub,
      expiresIn: 600,
    });
    expect((await me(refreshTyped)).statusCode).toBe(401);
    const noType = jwt.sign({ role: claims.role, sid: claims.sid }, secret, {
      algorithm: 'HS256',
      subject: claims.sub,
      expiresIn: 600,
    });
    expect((await me(noType)).statusCode).toBe(401);
    const noSession = jwt.sign({ role: claims.role, typ: 'access' }, secret, {
      algorithm: 'HS256',
      subject: claims.sub,
      expiresIn: 600,
    });
    expect((await me(noSession)).statusCode).toBe(401);
    const unknownSession = jwt.sign({ role: claims.role, typ: 'access', sid: randomUUID() }, secret, {
      algorithm: 'HS256',
      subject: claims.sub,
      expiresIn: 600,
    });
    const res = await me(unknownSession);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'SESSION_ENDED',
      detail: 'Your session has ended. Please log in again.',
    });
    expect((await me(pair.access_token)).statusCode).toBe(200);
  });

  it('stop working at logout, at once (the session is checked on every request)', async () => {
    const pair = await loginPair(DEMO.attorney);
    const other = await loginPair(DEMO.attorney);
    expect((await logout({ access_token: pair.access_token })).statusCode).toBe(200);
    expect((await me(pair.access_token)).statusCode).toBe(401);
    expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
    // Another device's session is not the one logged out.
    expect((await me(other.access_token)).statusCode).toBe(200);
    // Logging out with the refresh token only ends that session too.
    expect((await logout({ refresh_token: other.refresh_token })).statusCode).toBe(200);
    expect((await me(other.access_token)).statusCode).toBe(401);
  });
});

describe('password change', () => {
  it('ends every other session (devices), keeps the current one', async () => {
    const firm = await registerFirm(t());
    const here = await loginPair(firm.adminEmail, firm.password);
    const laptop = await loginPair(firm.adminEmail, firm.password);
    const phone = await loginPair(firm.adminEmail, firm.password);
    const res = await t().as(here.access_token).post('/api/v1/users/change-password', {
      current_password: firm.password,
      new_password: 'Changed@1234',
      confirm_password: 'Changed@1234',
    });
    expect(res.statusCode).toBe(200);
    for (const device of [laptop, phone]) {
      expect((await me(device.access_token)).statusCode).toBe(401);
      expect((await refresh(device.refresh_token)).statusCode).toBe(401);
    }
    expect((await me(here.access_token)).statusCode).toBe(200);
    expect((await refresh(here.refresh_token)).statusCode).toBe(200);
    const [entry] = await t().database.raw.query<{ action: string }>(
      `SELECT action FROM user_audit_log WHERE user_id = $1 AND action = 'password_changed'`,
      [firm.adminId],
    );
    expect(entry).toBeTruthy();
  });
});

describe('absolute session lifetime', () => {
  it('ends a session 30 days (SESSION_MAX_AGE_DAYS) after login; refreshing never extends it', async () => {
    const pair = await loginPair(DEMO.branchAdmin);
    const { sid } = claimsOf(pair.access_token);
    const [session] = await t().database.raw.query<{ expires_at: Date; created_at: Date }>(
      `SELECT expires_at, created_at FROM sessions WHERE id = $1`,
      [sid],
    );
    const days =
      (new Date(session!.expires_at).getTime() - new Date(session!.created_at).getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    // Near its end, a refresh answers a refresh token that ends with the session, not 14 days later.
    await t().database.raw.query(`UPDATE sessions SET expires_at = now() + interval '1 hour' WHERE id = $1`, [
      sid,
    ]);
    const next = await refresh(pair.refresh_token);
    expect(next.statusCode).toBe(200);
    const [token] = await t().database.raw.query<{ expires_at: Date }>(
      `SELECT r.expires_at FROM refresh_tokens r WHERE r.family_id = $1 AND r.rotated_at IS NULL`,
      [sid],
    );
    const [ends] = await t().database.raw.query<{ expires_at: Date }>(
      `SELECT expires_at FROM sessions WHERE id = $1`,
      [sid],
    );
    expect(new Date(token!.expires_at).getTime()).toBeLessThanOrEqual(new Date(ends!.expires_at).getTime());

    // Past its end: neither the access token nor the refresh token works.
    await t().database.raw.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [sid],
    );
    expect((await me(next.json().access_token)).statusCode).toBe(401);
    expect((await refresh(next.json().refresh_token)).statusCode).toBe(401);
  });
});

describe('deactivated firms and branches', () => {
  it('refuse login, refresh and every call of the firm’s users with a clear 403, until reactivated', async () => {
    const firm = await registerFirm(t());
    const lp = await addFirmUser(t(), firm, 'legal_practitioner');
    const pair = await loginPair(lp.email, lp.password);
    const admin = await t().login(DEMO.admin);
    expect((await t().as(admin).put(`/api/v1/firms/${firm.firmId}`, { is_active: false })).statusCode).toBe(
      200,
    );
    const message =
      "Access denied. Your firm's account has been deactivated. Please contact LexServe support.";

    const call = await t().as(lp.token).post('/api/v1/documents/', { title: 'After deactivation' });
    expect(call.statusCode).toBe(403);
    expect(call.json()).toMatchObject({ code: 'FIRM_INACTIVE', detail: message });
    expect((await me(firm.token)).json().code).toBe('FIRM_INACTIVE');
    const login = await t().inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: lp.email, password: lp.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().detail).toBe(message);
    // A wrong password still answers the plain 401.
    const wrong = await t().inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: lp.email, password: 'Wrong@1234' },
    });
    expect(wrong.statusCode).toBe(401);
    expect((await refresh(pair.refresh_token)).statusCode).toBe(403);

    expect((await t().as(admin).put(`/api/v1/firms/${firm.firmId}`, { is_active: true })).statusCode).toBe(
      200,
    );
    expect(await t().login(lp.email, lp.password)).toBeTruthy();
  });

  it('refuse the branch’s administrators and practitioners, not the firm administrator', async () => {
    const firm = await registerFirm(t());
    const branch = await t()
      .as(firm.token)
      .post('/api/v1/branches', {
        firm_id: firm.firmId,
        name: 'Durban',
        practice_number: `DBN-${randomUUID().slice(0, 6)}`,
      });
    const branchId = branch.json().data.id as number;
    const lp = await addFirmUser(t(), firm, 'legal_practitioner', { branch_id: branchId });
    const ba = await addFirmUser(t(), firm, 'branch_admin', { branch_id: branchId });
    // A branch administrator cannot switch their own branch off (it would lock them out): the status is ignored.
    const own = await t().as(ba.token).put(`/api/v1/branches/${branchId}`, { is_active: false });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.is_active).toBe(true);
    expect(
      (await t().as(firm.token).put(`/api/v1/branches/${branchId}`, { is_active: false })).statusCode,
    ).toBe(200);
    const message =
      'Access denied. Your branch has been deactivated. Please contact your firm administrator.';
    for (const user of [lp, ba]) {
      const res = await me(user.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'BRANCH_INACTIVE', detail: message });
      const login = await t().inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: user.email, password: user.password },
      });
      expect(login.json().detail).toBe(message);
    }
    expect((await me(firm.token)).statusCode).toBe(200);
  });
});

describe('login throttle', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await limited.close();
  });
  const attempt = (email: string, password: string, remoteAddress: string) =>
    limited.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email, password },
      remoteAddress,
    });

  it('limits the guessing address, never the account’s owner elsewhere', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await attempt(DEMO.attorney, 'Bad@12345', '203.0.113.7')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // The attacker's address is limited even with the right password…
    expect((await attempt(DEMO.attorney, DEMO_PASSWORD, '203.0.113.7')).statusCode).toBe(429);
    // …but the owner, from their own address, logs in.
    expect((await attempt(DEMO.attorney, DEMO_PASSWORD, '198.51.100.20')).statusCode).toBe(200);
  });

  it('answers 401 to a wrong password on a deactivated account, 403 only to the right one', async () => {
    const admin = await limited.login(DEMO.firmAdmin);
    const lp = (await limited.as(admin).get('/api/v1/users'))
      .json()
      .users.find((u: { email: string }) => u.email === DEMO.attorney);
    expect(
      (
        await limited
          .as(admin)
          .put(`/api/v1/users/activate-deactivate/${lp.id}`, { is_active: false, reason: 'Test' })
      ).statusCode,
    ).toBe(200);
    const wrong = await attempt(DEMO.attorney, 'Bad@12345', '198.51.100.30');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail).toBe(
      'Invalid email or password. Please check your credentials and try again.',
    );
    expect((await attempt(DEMO.attorney, DEMO_PASSWORD, '198.51.100.30')).statusCode).toBe(403);
  });
});

describe('headers', () => {
  it('marks token answers (login, refresh, register, reset, logout) no-store', async () => {
    const login = await t().inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: DEMO.sheriff, password: DEMO_PASSWORD },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    expect((await refresh(login.json().refresh_token)).headers['cache-control']).toBe('no-store');
    const failed = await t().inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: DEMO.sheriff, password: 'Nope@1234' },
    });
    expect(failed.headers['cache-control']).toBe('no-store');
    const reset = await t().inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token: 'x', new_password: 'Abcdef12', confirm_password: 'Abcdef12' },
    });
    expect(reset.headers['cache-control']).toBe('no-store');
    const register = await t().inject({ method: 'POST', url: '/api/v1/auth/register', payload: {} });
    expect(register.headers['cache-control']).toBe('no-store');
    expect((await logout({})).headers['cache-control']).toBe('no-store');
  });

  it('generates request ids itself, whatever X-Request-Id the client sends', async () => {
    const res = await t().inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { 'x-request-id': 'req-forged-by-client' },
    });
    expect(res.headers['x-request-id']).not.toBe('req-forged-by-client');
    expect(res.headers['x-request-id']).toMatch(/^req-[0-9a-f-]{36}$/);
    expect(res.json().request_id).toBe(res.headers['x-request-id']);
  });

  it('allows websockets to the app’s own origin only', async () => {
    const csp = String(
      (await t().inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy'],
    );
    const connect = /connect-src ([^;]+)/.exec(csp)![1]!.split(' ');
    expect(connect).toEqual(["'self'", 'ws://localhost:3000']);
    expect(connect).not.toContain('ws:');
    expect(connect).not.toContain('wss:');
  });

  it('derives wss from an https PUBLIC_URL', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://app.lexserve.co.za' });
    try {
      const csp = String(
        (await secure.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy'],
      );
      expect(csp).toContain("connect-src 'self' wss://app.lexserve.co.za");
    } finally {
      await secure.close();
    }
  });
});

describe('websockets of an ended session', () => {
  let url = '';
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    const address = await t().app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address.replace('http', 'ws')}/api/v1/ws/notifications`;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await settleEvents(t().app);
  });

  it('close on logout (that session’s only), and a logged-out token cannot open one', async () => {
    const pair = await loginPair(DEMO.sheriff);
    const other = await loginPair(DEMO.sheriff);
    const mine = await TestSocket.authenticated(url, pair.access_token);
    const theirs = await TestSocket.authenticated(url, other.access_token);
    sockets.push(mine, theirs);
    expect((await logout(pair)).statusCode).toBe(200);
    await settleEvents(t().app);
    expect((await mine.closed).code).toBe(1008);
    expect(await theirs.quiet(300)).toBe(true);
    expect(theirs.ws.readyState).toBe(1);

    const again = await TestSocket.open(url);
    sockets.push(again);
    await again.next('auth_required');
    again.send({ type: 'authenticate', token: pair.access_token });
    expect((await again.next('auth_error')).message).toBe('Authentication failed: invalid token');
    expect((await again.closed).code).toBe(4003);
  });

  it('close when the user’s firm is deactivated', async () => {
    const firm = await registerFirm(t());
    const socket = await TestSocket.authenticated(url, firm.token);
    sockets.push(socket);
    const admin = await t().login(DEMO.admin);
    expect((await t().as(admin).put(`/api/v1/firms/${firm.firmId}`, { is_active: false })).statusCode).toBe(
      200,
    );
    await settleEvents(t().app);
    expect(await socket.closed).toEqual({ code: 1008, reason: 'Account deactivated' });
  });
});
