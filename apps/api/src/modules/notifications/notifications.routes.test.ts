import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD, useTestApp } from '../../../test/build-app';
import { addFirmUser, registerFirm, type RegisteredFirm } from '../../../test/factories';
import { settleEvents } from '../../../test/settle-events';
import { mailOutbox, notifications, users } from '../../db/schema/index';
import { notificationsRoutes } from './notifications.routes';
import { notifyUsers, type NotifyUsersOptions } from './notifications.service';

const t = useTestApp();
const API = '/api/v1/notifications';

const settle = () => settleEvents(t().app);
// Background dispatch rounds finish before the database goes (after hooks run in reverse order).
afterAll(() => settle());

/** The demo firm (it has a subscription, so its administrator may create users and change roles). */
async function demoFirm(): Promise<RegisteredFirm> {
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

/** A fresh user (a newly registered firm's administrator) without notifications (the welcome is removed). */
const freshUser = async () => {
  const firm = await registerFirm(t());
  await settle();
  await t().database.db.delete(notifications).where(eq(notifications.userId, firm.adminId));
  return firm;
};

const notify = async (userId: number, overrides: Partial<NotifyUsersOptions> = {}) => {
  const [row] = await notifyUsers(t().database.db, {
    userIds: [userId],
    title: 'Document served',
    message: 'Eviction notice was served.',
    type: 'completion_notification',
    email: false,
    ...overrides,
  });
  return row!;
};

const stats = async (token: string) => {
  const res = await t().as(token).get(`${API}/stats`);
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('authentication', () => {
  it('answers 401 on every notification call without a token', async () => {
    const calls: [string, string][] = [
      ['GET', `${API}/`],
      ['GET', `${API}/stats`],
      ['GET', `${API}/1`],
      ['PUT', `${API}/1/read`],
      ['PUT', `${API}/1/unread`],
      ['POST', `${API}/mark-all-read`],
      ['POST', `${API}/bulk-mark-read`],
    ];
    for (const [method, url] of calls) {
      const res = await t().inject({ method: method as 'GET', url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('marks every notification route as reachable without a subscription', async () => {
    const probe = Fastify();
    probe.setValidatorCompiler(validatorCompiler);
    probe.setSerializerCompiler(serializerCompiler);
    const seen: { route: string; open: unknown }[] = [];
    probe.addHook('onRoute', (r) => {
      if (r.method !== 'HEAD')
        seen.push({
          route: `${String(r.method)} ${r.url}`,
          open: (r.config as { allowWithoutSubscription?: boolean })?.allowWithoutSubscription,
        });
    });
    await probe.register(notificationsRoutes);
    await probe.ready();
    expect(seen).toHaveLength(7);
    for (const s of seen) expect(s.open, s.route).toBe(true);
    await probe.close();
  });
});

describe('list', () => {
  it('answers an empty list for a user without notifications', async () => {
    const u = await freshUser();
    const res = await t().as(u.token).get(`${API}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ notifications: [], total: 0, skip: 0, limit: 50 });
  });

  it('lists only the caller’s notifications, newest first, with every field of the spec', async () => {
    const u = await freshUser();
    const other = await freshUser();
    await notify(other.adminId, { title: 'Not yours' });
    const first = await notify(u.adminId, { title: 'First', caseId: '2025/123', documentId: 42 });
    const second = await notify(u.adminId, { title: 'Second', type: 'system_alert' });
    const body = (await t().as(u.token).get(`${API}/`)).json();
    expect(body.total).toBe(2);
    expect(body.notifications.map((n: { title: string }) => n.title)).toEqual(['Second', 'First']);
    const n = body.notifications[1];
    expect(n).toEqual({
      id: first.id,
      notification_id: first.notificationId,
      user_id: u.adminId,
      title: 'First',
      message: 'Eviction notice was served.',
      notification_type: 'completion_notification',
      is_read: false,
      read_at: null,
      case_id: '2025/123',
      document_id: 42,
      created_at: expect.any(String),
      notification_created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(n.notification_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.id).toBeGreaterThan(first.id);
  });

  it('applies skip and limit', async () => {
    const u = await freshUser();
    for (let i = 1; i <= 5; i++) await notify(u.adminId, { title: `N${i}` });
    const page = (await t().as(u.token).get(`${API}/?skip=1&limit=2`)).json();
    expect(page.notifications.map((n: { title: string }) => n.title)).toEqual(['N4', 'N3']);
    expect(page).toMatchObject({ total: 5, skip: 1, limit: 2 });
    expect((await t().as(u.token).get(`${API}/?limit=0`)).statusCode).toBe(422);
  });

  it('filters by type, read state and a case-insensitive search on title or message', async () => {
    const u = await freshUser();
    const a = await notify(u.adminId, {
      title: 'Sheriff assigned',
      message: 'Case 2025/7',
      type: 'assignment_notification',
    });
    await notify(u.adminId, { title: 'Trial ending', message: 'Choose a plan', type: 'deadline_reminder' });
    await notify(u.adminId, { title: '100% done', message: 'All served', type: 'completion_notification' });
    await t().as(u.token).put(`${API}/${a.notificationId}/read`);
    const titles = async (query: string) =>
      (await t().as(u.token).get(`${API}/?${query}`))
        .json()
        .notifications.map((n: { title: string }) => n.title);

    expect(await titles('notification_type=deadline_reminder')).toEqual(['Trial ending']);
    expect(await titles('is_read=true')).toEqual(['Sheriff assigned']);
    expect(await titles('is_read=false')).toEqual(['100% done', 'Trial ending']);
    expect(await titles('search=SHERIFF')).toEqual(['Sheriff assigned']);
    expect(await titles('search=choose%20a')).toEqual(['Trial ending']);
    // % and _ are literal characters in a search, not wildcards.
    expect(await titles('search=%25')).toEqual(['100% done']);
    expect(await titles('search=_')).toEqual([]);
    expect(await titles('search=served&is_read=false&notification_type=completion_notification')).toEqual([
      '100% done',
    ]);
    expect((await t().as(u.token).get(`${API}/?notification_type=nonsense`)).statusCode).toBe(422);
  });
});

describe('get', () => {
  it('answers one notification by its UUID or its numeric id', async () => {
    const u = await freshUser();
    const n = await notify(u.adminId);
    for (const ref of [n.notificationId, n.notificationId.toUpperCase(), String(n.id)]) {
      const res = await t().as(u.token).get(`${API}/${ref}`);
      expect(res.statusCode, ref).toBe(200);
      expect(res.json().notification_id).toBe(n.notificationId);
    }
  });

  it('answers 404 for another user’s notification, an unknown one and nonsense alike', async () => {
    const u = await freshUser();
    const other = await freshUser();
    const theirs = await notify(other.adminId);
    for (const ref of [
      theirs.notificationId,
      String(theirs.id),
      '00000000-0000-4000-8000-000000000000',
      '999999999',
      'abc',
      '-1',
    ]) {
      const res = await t().as(u.token).get(`${API}/${ref}`);
      expect(res.statusCode, ref).toBe(404);
      expect(res.json().detail).toBe('Notification not found.');
    }
  });
});

describe('stats', () => {
  it('counts unread, total, read, recent (24 hours) and per type', async () => {
    const u = await freshUser();
    expect(await stats(u.token)).toEqual({
      unread_count: 0,
      total_notifications: 0,
      read_count: 0,
      recent_count: 0,
      by_type: {
        assignment_notification: 0,
        status_update: 0,
        completion_notification: 0,
        deadline_reminder: 0,
        system_alert: 0,
      },
    });
    await notify(u.adminId, { type: 'assignment_notification' });
    await notify(u.adminId, { type: 'assignment_notification' });
    const old = await notify(u.adminId, { type: 'system_alert' });
    await t()
      .database.db.update(notifications)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(eq(notifications.id, old.id));
    await t().as(u.token).put(`${API}/${old.notificationId}/read`);
    expect(await stats(u.token)).toEqual({
      unread_count: 2,
      total_notifications: 3,
      read_count: 1,
      recent_count: 2,
      by_type: {
        assignment_notification: 2,
        status_update: 0,
        completion_notification: 0,
        deadline_reminder: 0,
        system_alert: 1,
      },
    });
  });
});

describe('read and unread', () => {
  it('switches one notification either way, with read_at, and the counts follow', async () => {
    const u = await freshUser();
    const n = await notify(u.adminId);
    await notify(u.adminId);

    const read = await t().as(u.token).put(`${API}/${n.notificationId}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      success: true,
      message: 'Notification marked as read',
      notification: { is_read: true },
    });
    expect(read.json().notification.read_at).not.toBeNull();
    expect(await stats(u.token)).toMatchObject({ unread_count: 1, read_count: 1, total_notifications: 2 });

    // Reading again is harmless and keeps the first read time.
    const again = await t().as(u.token).put(`${API}/${n.notificationId}/read`);
    expect(again.json().notification.read_at).toBe(read.json().notification.read_at);

    const unread = await t().as(u.token).put(`${API}/${n.notificationId}/unread`);
    expect(unread.statusCode).toBe(200);
    expect(unread.json()).toMatchObject({
      success: true,
      message: 'Notification marked as unread',
      notification: { is_read: false, read_at: null },
    });
    expect(await stats(u.token)).toMatchObject({ unread_count: 2, read_count: 0, total_notifications: 2 });
  });

  it('refuses another user’s notification with 404 and leaves it untouched', async () => {
    const u = await freshUser();
    const other = await freshUser();
    const theirs = await notify(other.adminId);
    for (const action of ['read', 'unread']) {
      const res = await t().as(u.token).put(`${API}/${theirs.notificationId}/${action}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('Notification not found.');
    }
    expect(await stats(other.token)).toMatchObject({ unread_count: 1 });
  });
});

describe('mark all read', () => {
  it('marks every unread notification of the caller only; unread becomes 0 and read the total', async () => {
    const u = await freshUser();
    const other = await freshUser();
    await notify(other.adminId);
    for (let i = 0; i < 3; i++) await notify(u.adminId);
    const first = await t().as(u.token).post(`${API}/mark-all-read`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      message: 'All notifications marked as read',
      updated_count: 3,
    });
    expect(await stats(u.token)).toMatchObject({ unread_count: 0, read_count: 3, total_notifications: 3 });
    expect(await stats(other.token)).toMatchObject({ unread_count: 1 });
    expect((await t().as(u.token).post(`${API}/mark-all-read`)).json().updated_count).toBe(0);
  });
});

describe('bulk mark read', () => {
  let u: RegisteredFirm;
  let me: number;

  it('marks the selected notifications read and reports the count', async () => {
    u = await freshUser();
    me = u.adminId;
    const a = await notify(me);
    const b = await notify(me);
    await notify(me);
    const res = await t()
      .as(u.token)
      .post(`${API}/bulk-mark-read`, { user_id: me, notification_ids: [a.notificationId, b.notificationId] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: '2 notifications marked as read',
      updated_count: 2,
      requested_count: 2,
      failed_ids: [],
    });
    expect(await stats(u.token)).toMatchObject({ unread_count: 1, read_count: 2, total_notifications: 3 });
  });

  it('answers 422 with the spec message for an empty or missing list', async () => {
    for (const payload of [{ user_id: me, notification_ids: [] }, { user_id: me }]) {
      const res = await t().as(u.token).post(`${API}/bulk-mark-read`, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toEqual([
        expect.objectContaining({
          loc: ['body', 'notification_ids'],
          msg: 'At least one notification ID is required',
        }),
      ]);
    }
  });

  it('answers 422 for ids that are neither UUIDs nor numbers', async () => {
    const res = await t()
      .as(u.token)
      .post(`${API}/bulk-mark-read`, { user_id: me, notification_ids: ['abc'] });
    expect(res.statusCode).toBe(422);
  });

  it('refuses another user’s user_id with 403', async () => {
    const other = await freshUser();
    const n = await notify(me);
    const res = await t()
      .as(u.token)
      .post(`${API}/bulk-mark-read`, { user_id: other.adminId, notification_ids: [n.notificationId] });
    expect(res.statusCode).toBe(403);
  });

  it('never touches another user’s notifications: they are reported as failed', async () => {
    const other = await freshUser();
    const mine = await notify(me);
    const theirs = await notify(other.adminId);
    const res = await t()
      .as(u.token)
      .post(`${API}/bulk-mark-read`, {
        user_id: me,
        notification_ids: [mine.notificationId, theirs.notificationId],
      });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Some notifications failed to be marked as read',
      updated_count: 1,
      requested_count: 2,
      failed_ids: [theirs.notificationId],
    });
    expect(await stats(other.token)).toMatchObject({ unread_count: 1, read_count: 0 });
  });

  it('accepts numeric ids and works without user_id', async () => {
    const n = await notify(me);
    const res = await t()
      .as(u.token)
      .post(`${API}/bulk-mark-read`, { notification_ids: [n.id] });
    expect(res.json()).toMatchObject({ success: true, updated_count: 1 });
    expect((await t().as(u.token).get(`${API}/${n.notificationId}`)).json().is_read).toBe(true);
  });
});

describe('notifyUsers', () => {
  it('skips duplicates, unknown users, the system account and deactivated users', async () => {
    const firm = await freshUser();
    const attorney = await addFirmUser(t(), await demoFirm(), 'legal_practitioner');
    await t().database.db.update(users).set({ isActive: false }).where(eq(users.id, attorney.id));
    const rows = await notifyUsers(t().database.db, {
      userIds: [firm.adminId, firm.adminId, attorney.id, 1, 99999999, null],
      title: 'Hello',
      message: 'World',
      type: 'system_alert',
      email: false,
    });
    expect(rows.map((r) => r.userId)).toEqual([firm.adminId]);
  });

  it('sends e-mail copies through the event dispatcher, following each recipient’s preferences', async () => {
    const firm = await freshUser();
    const attorney = await addFirmUser(t(), await demoFirm(), 'legal_practitioner');
    const prefs = await t()
      .as(attorney.token)
      .put('/api/v1/users/me/notification-preferences', {
        preferences: { assignment_notification: { email: false } },
      });
    expect(prefs.statusCode).toBe(200);
    await settle();
    await notifyUsers(t().database.db, {
      userIds: [firm.adminId, attorney.id],
      title: 'Sheriff assigned',
      message: 'Case 2025/9 was assigned.',
      type: 'assignment_notification',
      documentId: 9,
    });
    await settle();
    // Only this notification's copies: other mail (welcome e-mails of the users made above) may land meanwhile.
    const sent = (await t().database.db.select().from(mailOutbox).orderBy(mailOutbox.id)).filter(
      (m) =>
        m.subject === 'LexServe: Sheriff assigned' && [firm.adminEmail, attorney.email].includes(m.toAddress),
    );
    expect(sent.map((m) => m.toAddress)).toEqual([firm.adminEmail]);
    expect(sent[0]!.subject).toBe('LexServe: Sheriff assigned');
    expect(sent[0]!.textBody).toContain('Case 2025/9 was assigned.');
    expect(sent[0]!.textBody).toContain('/app/dashboard/active-case/9');
  });
});

describe('domain events', () => {
  const titlesOf = async (token: string) =>
    (await t().as(token).get(`${API}/`)).json().notifications.map((n: { title: string }) => n.title);

  it('welcomes a registered firm’s administrator and tells the system administrators', async () => {
    const admin = await t().login(DEMO.admin);
    const before = (await stats(admin)).total_notifications;
    const firm = await registerFirm(t());
    await settle();
    expect(await titlesOf(firm.token)).toContain('Welcome to LexServe');
    expect((await stats(admin)).total_notifications).toBe(before + 1);
    expect(await titlesOf(admin)).toContain('New firm registered');
  });

  it('welcomes a created user and tells a user whose role changed', async () => {
    const firm = await demoFirm();
    const attorney = await addFirmUser(t(), firm, 'legal_practitioner');
    await settle();
    expect(await titlesOf(attorney.token)).toContain('Welcome to LexServe');
    const res = await t()
      .as(firm.token)
      .put(`/api/v1/users/change-role/${attorney.id}`, { new_role: 'branch_admin', reason: 'Promotion' });
    expect(res.statusCode).toBe(200);
    await settle();
    const list = (await t().as(attorney.token).get(`${API}/`)).json().notifications;
    expect(list[0]).toMatchObject({
      title: 'Your role has changed',
      message: 'Your role changed from Legal Practitioner to Branch Administrator.',
      notification_type: 'status_update',
    });
  });

  it('turns document events into notifications for the firm’s supervisors, the creator and the sheriff, never the actor', async () => {
    const { recordEvent } = await import('../../lib/events');
    const firm = await demoFirm();
    const branchAdmin = await t().login(DEMO.branchAdmin);
    const attorney = await t().login(DEMO.attorney);
    const attorneyId = (await t().as(attorney).get('/api/v1/users/me')).json().id;
    const creator = await addFirmUser(t(), firm, 'legal_practitioner');
    const sheriff = await t().login(DEMO.sheriff);
    const sheriffId = (await t().as(sheriff).get('/api/v1/users/me')).json().id;
    await settle();
    const sheriffBefore = (await stats(sheriff)).total_notifications;
    const payload = {
      documentId: 77,
      firmId: firm.firmId,
      branchId: firm.branchId,
      actorId: attorneyId,
      createdById: creator.id,
      assignedSheriffId: sheriffId,
      title: 'Summons',
      case_number: 'CT-2025-0042',
      status: 'served',
    };
    await recordEvent(t().database.db, 'document.assigned', { ...payload, previousSheriffId: null });
    await recordEvent(t().database.db, 'document.served', { ...payload, digitalServiceAddress: null });
    await settle();

    const sheriffList = (await t().as(sheriff).get(`${API}/`)).json();
    expect(sheriffList.total).toBe(sheriffBefore + 2);
    expect(
      sheriffList.notifications
        .slice(0, 2)
        .map((n: { title: string }) => n.title)
        .sort(),
    ).toEqual(['Document assigned to you', 'Document served']);
    const assigned = sheriffList.notifications.find(
      (n: { title: string }) => n.title === 'Document assigned to you',
    );
    expect(assigned).toMatchObject({
      notification_type: 'assignment_notification',
      case_id: 'CT-2025-0042',
      document_id: 77,
      message: 'Summons (case CT-2025-0042) has been assigned to you for service.',
    });
    for (const token of [firm.token, branchAdmin, creator.token])
      expect(await titlesOf(token)).toContain('Document served');
    expect(await titlesOf(attorney)).not.toContain('Document served');
  });
});

describe('stats counters (notification_counts, kept by triggers)', () => {
  it('always equal a count of the rows, through inserts, reads, type changes, deletes and a whole user going', async () => {
    const firm = await freshUser();
    const other = await freshUser();
    const counted = async (userId: number) =>
      (
        await t().database.raw.query<{ notification_type: string; total: number; unread: number }>(
          `SELECT notification_type, count(*)::int AS total, (count(*) FILTER (WHERE NOT is_read))::int AS unread
           FROM notifications WHERE user_id = $1 GROUP BY 1 ORDER BY 1`,
          [userId],
        )
      ).map((r) => ({ ...r }));
    const counters = async (userId: number) =>
      t().database.raw.query<{ notification_type: string; total: number; unread: number }>(
        'SELECT notification_type, total, unread FROM notification_counts WHERE user_id = $1 AND total > 0 ORDER BY 1',
        [userId],
      );
    const same = async () => {
      for (const id of [firm.adminId, other.adminId]) expect(await counters(id)).toEqual(await counted(id));
    };
    await notifyUsers(t().database.db, {
      userIds: [firm.adminId, other.adminId],
      title: 'a',
      message: 'b',
      type: 'status_update',
      email: false,
    });
    for (let i = 0; i < 4; i++)
      await notify(firm.adminId, { type: i % 2 ? 'system_alert' : 'completion_notification' });
    await same();
    await t().database.raw.query(
      'UPDATE notifications SET is_read = true WHERE user_id = $1 AND notification_type = $2',
      [firm.adminId, 'system_alert'],
    );
    await same();
    await t().database.raw.query(
      `UPDATE notifications SET notification_type = 'deadline_reminder', is_read = NOT is_read WHERE user_id = $1`,
      [firm.adminId],
    );
    await same();
    expect((await t().as(firm.token).post(`${API}/mark-all-read`)).statusCode).toBe(200);
    await t().database.raw.query(
      'DELETE FROM notifications WHERE id IN (SELECT id FROM notifications WHERE user_id = $1 LIMIT 2)',
      [firm.adminId],
    );
    await same();
    const body = await stats(firm.token);
    expect(body).toMatchObject({ total_notifications: 3, unread_count: 0, read_count: 3 });
  });
});
