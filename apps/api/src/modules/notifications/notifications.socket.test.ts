import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, DEMO_PASSWORD, useTestApp } from '../../../test/build-app';
import { addFirmUser, registerFirm } from '../../../test/factories';
import { settleEvents } from '../../../test/settle-events';
import { TestSocket } from '../../../test/ws-client';
import { signAccessToken } from '../../lib/tokens';
import { notifyUsers } from './notifications.service';

const t = useTestApp();

/** The demo firm's administrator (the demo firm has a subscription, so user management is open). */
async function demoFirm() {
  const token = await t().login(DEMO.firmAdmin);
  const me = (await t().as(token).get('/api/v1/users/me')).json();
  return {
    firmId: me.firm_id,
    branchId: me.branch_id,
    adminId: me.id,
    adminEmail: DEMO.firmAdmin,
    password: DEMO_PASSWORD,
    token,
  };
}
let url = '';
const sockets: TestSocket[] = [];
const open = async () => {
  const s = await TestSocket.open(url);
  sockets.push(s);
  return s;
};
const authed = async (token: string) => {
  const s = await TestSocket.authenticated(url, token);
  sockets.push(s);
  return s;
};

beforeAll(async () => {
  const address = await t().app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/api/v1/ws/notifications`;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await settleEvents(t().app);
});

describe('handshake', () => {
  it('asks for authentication, then confirms it with the user id and the current stats', async () => {
    const token = await t().login(DEMO.attorney);
    const me = (await t().as(token).get('/api/v1/users/me')).json();
    const s = await open();
    expect(await s.next()).toEqual({ type: 'auth_required' });
    s.send({ type: 'authenticate', token });
    expect(await s.next()).toEqual({ type: 'connection_established', user_id: me.id });
    const stats = await s.next('stats_update');
    expect(stats.stats).toEqual((await t().as(token).get('/api/v1/notifications/stats')).json());
  });

  it('refuses a bad token with auth_error and close code 4003', async () => {
    const s = await open();
    await s.next('auth_required');
    s.send({ type: 'authenticate', token: 'not-a-token' });
    expect(await s.next('auth_error')).toEqual({
      type: 'auth_error',
      message: 'Authentication failed: invalid token',
    });
    expect((await s.closed).code).toBe(4003);
  });

  it('refuses an expired token', async () => {
    const token = await t().login(DEMO.attorney);
    const me = (await t().as(token).get('/api/v1/users/me')).json();
    const expired = signAccessToken(
      { userId: me.id, role: me.role, sessionId: randomUUID() },
      t().env.JWT_SECRET,
      -60,
    );
    const s = await open();
    await s.next('auth_required');
    s.send({ type: 'authenticate', token: expired });
    expect((await s.next('auth_error')).message).toBe('Authentication failed: token expired');
    expect((await s.closed).code).toBe(4003);
  });

  it('closes with 4003 after 3 messages that are not a valid authenticate', async () => {
    const s = await open();
    await s.next('auth_required');
    s.send('garbage');
    s.send({ type: 'authenticate' });
    expect((await s.next('auth_error')).message).toMatch(/Authentication required/);
    s.send({ type: 'subscribe' });
    expect((await s.closed).code).toBe(4003);
  });

  it('answers an application ping with pong', async () => {
    const s = await authed(await t().login(DEMO.attorney));
    s.send({ type: 'ping' });
    expect(await s.next('pong')).toEqual({ type: 'pong' });
  });
});

describe('pushes', () => {
  it('delivers a notification created over HTTP to every open socket of that user, and to no one else', async () => {
    const firm = await demoFirm();
    const attorney = await addFirmUser(t(), firm, 'legal_practitioner');
    await settleEvents(t().app);
    const first = await authed(attorney.token);
    const second = await authed(attorney.token);
    const bystander = await authed(firm.token);
    const unreadBefore = (await t().as(attorney.token).get('/api/v1/notifications/stats')).json()
      .unread_count;

    // Changing the role (HTTP) records user.role_changed; its handler notifies the attorney.
    const res = await t()
      .as(firm.token)
      .put(`/api/v1/users/change-role/${attorney.id}`, { new_role: 'branch_admin', reason: 'Promotion' });
    expect(res.statusCode).toBe(200);

    for (const s of [first, second]) {
      const pushed = await s.next('new_notification');
      expect(pushed.notification).toMatchObject({
        title: 'Your role has changed',
        user_id: attorney.id,
        is_read: false,
      });
      expect((await s.next('stats_update')).stats.unread_count).toBe(unreadBefore + 1);
    }
    expect(await bystander.quiet()).toBe(true);
  });

  it('pushes a notification from the service, then read and unread updates with the counts', async () => {
    const firm = await registerFirm(t());
    await settleEvents(t().app);
    const s = await authed(firm.token);
    const base = (await t().as(firm.token).get('/api/v1/notifications/stats')).json();

    await notifyUsers(t().database.db, {
      userIds: [firm.adminId],
      title: 'Sheriff assigned',
      message: 'Case 2025/1',
      type: 'assignment_notification',
      caseId: '2025/1',
      documentId: 5,
      email: false,
    });
    const created = (await s.next('new_notification')).notification;
    expect(created).toMatchObject({
      case_id: '2025/1',
      document_id: 5,
      notification_type: 'assignment_notification',
    });
    expect((await s.next('stats_update')).stats).toMatchObject({
      unread_count: base.unread_count + 1,
      total_notifications: base.total_notifications + 1,
      recent_count: base.recent_count + 1,
    });

    await t().as(firm.token).put(`/api/v1/notifications/${created.notification_id}/read`);
    expect((await s.next('notification_update')).notification).toMatchObject({
      notification_id: created.notification_id,
      is_read: true,
    });
    expect((await s.next('stats_update')).stats.unread_count).toBe(base.unread_count);

    await t().as(firm.token).put(`/api/v1/notifications/${created.notification_id}/unread`);
    expect((await s.next('notification_update')).notification.is_read).toBe(false);
    expect((await s.next('stats_update')).stats.unread_count).toBe(base.unread_count + 1);

    await t().as(firm.token).post('/api/v1/notifications/mark-all-read');
    expect((await s.next('notification_update')).notification.is_read).toBe(true);
    const after = (await s.next('stats_update')).stats;
    expect(after).toMatchObject({ unread_count: 0, read_count: after.total_notifications });
  });

  it('closes the sockets of a deactivated user with 1008', async () => {
    const firm = await demoFirm();
    const attorney = await addFirmUser(t(), firm, 'legal_practitioner');
    const s = await authed(attorney.token);
    const res = await t()
      .as(firm.token)
      .put(`/api/v1/users/activate-deactivate/${attorney.id}`, { is_active: false, reason: 'Left the firm' });
    expect(res.statusCode).toBe(200);
    expect(await s.closed).toEqual({ code: 1008, reason: 'Account deactivated' });
    await vi.waitFor(() => expect(t().app.notificationHub.count(attorney.id)).toBe(0));
  });

  it('refuses a deactivated user’s still-valid token', async () => {
    const firm = await demoFirm();
    const attorney = await addFirmUser(t(), firm, 'legal_practitioner');
    await t()
      .as(firm.token)
      .put(`/api/v1/users/activate-deactivate/${attorney.id}`, { is_active: false, reason: 'Left the firm' });
    const s = await open();
    await s.next('auth_required');
    s.send({ type: 'authenticate', token: attorney.token });
    expect((await s.next('auth_error')).message).toBe('Authentication failed: account inactive');
    expect((await s.closed).code).toBe(4003);
  });
});
