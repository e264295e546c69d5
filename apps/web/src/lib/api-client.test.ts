import { beforeEach, describe, expect, it } from 'vitest';
import { failNetwork, mockApi, reply } from '../testing/api-server';
import { ApiRequestError, GENERIC_ERROR_MESSAGES, api, describeError } from './api-client';
import { getAccessToken, getRefreshToken, onSessionEvent, storeTokens } from './session-store';

const signIn = (expiresInSeconds = 900) => {
  storeTokens({ access_token: 'access-1', refresh_token: 'refresh-1', expires_in: expiresInSeconds });
  localStorage.setItem('last_activity', String(Date.now()));
};

describe('api client', () => {
  beforeEach(() => localStorage.clear());

  it('sends the bearer token and parses JSON', async () => {
    signIn();
    const { calls } = mockApi({ 'GET /users/me': reply(200, { id: 1 }) });
    await expect(api.get('/users/me')).resolves.toEqual({ id: 1 });
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('sends no Authorization header on public calls', async () => {
    signIn();
    const { calls } = mockApi({ 'GET /verify/abc': reply(200, {}) });
    await api.get('/verify/abc', { auth: false });
    expect(calls[0]?.headers.get('Authorization')).toBeNull();
  });

  it('refreshes before the request when the token is within 5 minutes of expiry', async () => {
    signIn(120);
    const { calls } = mockApi({
      'POST /users/refresh': reply(200, {
        access_token: 'access-2',
        refresh_token: 'refresh-2',
        token_type: 'bearer',
        expires_in: 900,
      }),
      'GET /users/me': reply(200, { id: 1 }),
    });
    await api.get('/users/me');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /users/refresh', 'GET /users/me']);
    expect(calls[0]?.body).toEqual({ refresh_token: 'refresh-1' });
    expect(calls[1]?.headers.get('Authorization')).toBe('Bearer access-2');
    expect(getRefreshToken()).toBe('refresh-2');
  });

  it('on 401 refreshes once and retries the request once', async () => {
    signIn();
    let attempts = 0;
    const { calls } = mockApi({
      'GET /users': () => (++attempts === 1 ? reply(401, { detail: 'expired' }) : reply(200, { users: [] })),
      'POST /users/refresh': reply(200, {
        access_token: 'access-2',
        refresh_token: 'refresh-2',
        token_type: 'bearer',
        expires_in: 900,
      }),
    });
    await expect(api.get('/users')).resolves.toEqual({ users: [] });
    expect(calls.map((c) => c.path)).toEqual(['/users', '/users/refresh', '/users']);
    expect(calls[2]?.headers.get('Authorization')).toBe('Bearer access-2');
  });

  it('gives up after one retry, fires token-expired and reports the session message', async () => {
    signIn();
    let expiredEvents = 0;
    const off = onSessionEvent('token-expired', () => expiredEvents++);
    const { calls } = mockApi({
      'GET /users': reply(401, { detail: 'expired' }),
      'POST /users/refresh': reply(200, {
        access_token: 'access-2',
        refresh_token: 'refresh-2',
        token_type: 'bearer',
        expires_in: 900,
      }),
    });
    const error = await api.get('/users').catch((e: unknown) => e);
    off();
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe(GENERIC_ERROR_MESSAGES.authenticationFailed);
    expect(calls.filter((c) => c.path === '/users')).toHaveLength(2);
    expect(expiredEvents).toBe(1);
  });

  it('ends the session when the server refuses the refresh token', async () => {
    signIn();
    let ended = 0;
    const off = onSessionEvent('session-ended', () => ended++);
    mockApi({
      'GET /users': reply(401, { detail: 'expired' }),
      'POST /users/refresh': reply(401, { detail: 'revoked' }),
    });
    await expect(api.get('/users')).rejects.toBeInstanceOf(ApiRequestError);
    off();
    expect(getAccessToken()).toBeNull();
    expect(ended).toBe(1);
  });

  it('does not refresh on 401 when the call opts out (wrong current password)', async () => {
    signIn();
    const { calls } = mockApi({
      'POST /users/change-password': reply(401, { detail: 'Current password is incorrect.' }),
    });
    await expect(api.post('/users/change-password', {}, { retryOn401: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(calls).toHaveLength(1);
  });

  it('maps failures to the generic messages of spec section 8', async () => {
    signIn();
    mockApi({
      'GET /a': reply(403, { detail: 'nope', code: 'FORBIDDEN' }),
      'GET /b': reply(422, {
        detail: [{ loc: ['body', 'email'], msg: 'Please enter a valid email address', type: 'value_error' }],
      }),
      'GET /c': reply(418, { detail: 'teapot' }),
    });
    const forbidden = (await api.get('/a').catch((e: unknown) => e)) as ApiRequestError;
    expect(forbidden.message).toBe('Access forbidden. You may not have permission to perform this action.');
    expect(forbidden).toMatchObject({ status: 403, code: 'FORBIDDEN', detail: 'nope' });
    const invalid = (await api.get('/b').catch((e: unknown) => e)) as ApiRequestError;
    expect(invalid.message).toBe('Validation error: email: Please enter a valid email address');
    const other = (await api.get('/c').catch((e: unknown) => e)) as ApiRequestError;
    expect(other.message).toBe('API request failed with status 418');
  });

  it("reports 403 without a token as 'Authentication required. Please log in.'", async () => {
    mockApi({ 'GET /a': reply(403, { detail: 'nope' }) });
    await expect(api.get('/a')).rejects.toMatchObject({ message: 'Authentication required. Please log in.' });
  });

  it('reports an unreachable server with the network message', async () => {
    signIn();
    failNetwork({ once: true });
    await expect(api.get('/users/me')).rejects.toMatchObject({
      status: 0,
      message:
        'Network error: Unable to connect to the server. Please check if the backend is running and CORS is properly configured.',
    });
  });
});

describe('describeError', () => {
  const error = (status: number, detail?: string) =>
    new ApiRequestError({ status, message: `generic ${status}`, detail });

  it('prefers the call mapping, then the server message for 4xx, then the fallback', () => {
    expect(describeError(error(409, 'taken'), { byStatus: { 409: 'mapped' } })).toBe('mapped');
    expect(
      describeError(error(400, 'server words'), { fallback: 'Failed to do it. Please try again.' }),
    ).toBe('server words');
    expect(describeError(error(500, 'stack trace'), { fallback: 'Failed to do it. Please try again.' })).toBe(
      'Failed to do it. Please try again.',
    );
    expect(describeError(new ApiRequestError({ status: 0, message: 'net' }), { network: 'offline' })).toBe(
      'offline',
    );
  });
});
