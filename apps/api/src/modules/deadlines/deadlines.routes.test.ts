import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addCalendarDays, addCourtDays } from '@lexserve/contracts/court-days';
import { DEMO, useTestApp } from '../../../test/build-app';
import { registerFirm, type RegisteredFirm } from '../../../test/factories';
import { settleEvents } from '../../../test/settle-events';
import { documents, domainEvents, jobs, notifications } from '../../db/schema/index';
import { sastDate } from '../../lib/money';
import { sendDeadlineReminders } from './reminders.jobs';

const t = useTestApp();
const HIGH = 'Gauteng Division, Pretoria';

type Me = { id: number; firm_id: number; branch_id: number };
const me = async (token: string) => (await t().as(token).get('/api/v1/users/me')).json() as Me;

async function makeDocument(owner: Me, values: Partial<typeof documents.$inferInsert> = {}) {
  const [row] = await t()
    .database.db.insert(documents)
    .values({
      title: 'Summons in Mokoena v Dlamini',
      documentType: 'summons_combined',
      caseNumber: `2026/${Math.floor(Math.random() * 100000)}`,
      courtName: HIGH,
      firmId: owner.firm_id,
      branchId: owner.branch_id,
      createdById: owner.id,
      status: 'served',
      serviceDate: new Date('2026-12-14T08:00:00Z'),
      servedAt: new Date('2026-12-14T08:00:00Z'),
      ...values,
    })
    .returning();
  return row!;
}

describe('deadlines of a document', () => {
  let firmAdmin: string,
    attorney: string,
    sheriff: string,
    admin: string,
    other: RegisteredFirm,
    owner: Me,
    sheriffMe: Me;
  const setup = async () => {
    if (owner) return;
    const tokens = await Promise.all(
      [DEMO.firmAdmin, DEMO.attorney, DEMO.sheriff, DEMO.admin].map((e) => t().login(e)),
    );
    [firmAdmin, attorney, sheriff, admin] = tokens as [string, string, string, string];
    other = await registerFirm(t());
    owner = await me(firmAdmin);
    sheriffMe = await me(sheriff);
  };

  it('computes the notice of intention to defend of a High Court summons, 16 December–15 January left out', async () => {
    await setup();
    const doc = await makeDocument(owner);
    const res = await t().as(firmAdmin).get(`/api/v1/documents/${doc.id}/deadlines`);
    expect(res.statusCode).toBe(200);
    expect(res.json().deadlines).toEqual([
      expect.objectContaining({
        name: 'Notice of intention to defend',
        due_date: '2027-01-28',
        rule: 'Uniform Rule 19(1)',
        source: 'rule',
        court_days: 10,
        service_date: '2026-12-14',
        key: `rule:${doc.id}:uniform_19_1`,
      }),
    ]);
  });

  it('counts from the South African day of service (23:30 UTC is the next day in South Africa)', async () => {
    await setup();
    const doc = await makeDocument(owner, {
      documentType: 'notice_of_motion_on_notice',
      serviceDate: new Date('2026-03-31T23:30:00Z'),
    });
    const [d] = (await t().as(firmAdmin).get(`/api/v1/documents/${doc.id}/deadlines`)).json().deadlines;
    expect(d).toMatchObject({
      service_date: '2026-04-01',
      due_date: '2026-04-17',
      rule: 'Uniform Rule 6(5)(b)(iii)',
    });
  });

  it('gives no rule deadline before service (whatever date a draft carries) or after revocation', async () => {
    await setup();
    const draft = await makeDocument(owner, { status: 'draft', serviceDate: null, servedAt: null });
    // A draft may carry the service date the wizard was told; it is not served yet.
    const draftWithDate = await makeDocument(owner, { status: 'draft', servedAt: null });
    const revoked = await makeDocument(owner, { revokedAt: new Date() });
    for (const doc of [draft, draftWithDate, revoked])
      expect((await t().as(firmAdmin).get(`/api/v1/documents/${doc.id}/deadlines`)).json().deadlines).toEqual(
        [],
      );
  });

  it('lets the firm add and remove its own deadlines, on the timeline', async () => {
    await setup();
    const doc = await makeDocument(owner);
    const add = await t().as(attorney).post(`/api/v1/documents/${doc.id}/deadlines`, {
      name: '  File the replication ',
      due_date: '2027-02-10',
    });
    expect(add.statusCode).toBe(201);
    const created = add.json();
    expect(created).toMatchObject({
      name: 'File the replication',
      due_date: '2027-02-10',
      source: 'firm',
      rule: null,
      key: `firm:${created.id}`,
    });

    const list = (await t().as(firmAdmin).get(`/api/v1/documents/${doc.id}/deadlines`)).json().deadlines;
    expect(list.map((d: { source: string; due_date: string }) => [d.source, d.due_date])).toEqual([
      ['rule', '2027-01-28'],
      ['firm', '2027-02-10'],
    ]);
    const timeline = (await t().as(firmAdmin).get(`/api/v1/documents/${doc.id}/timeline`)).json();
    expect(JSON.stringify(timeline)).toContain('deadline_added');

    expect(
      (await t().as(other.token).delete(`/api/v1/documents/${doc.id}/deadlines/${created.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await t().as(firmAdmin).delete(`/api/v1/documents/${doc.id}/deadlines/${created.id}`)).statusCode,
    ).toBe(200);
    const again = await t().as(firmAdmin).delete(`/api/v1/documents/${doc.id}/deadlines/${created.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toBe('Deadline not found.');
  });

  it('refuses bad input with 422 naming the field', async () => {
    await setup();
    const doc = await makeDocument(owner);
    for (const body of [
      { name: 'x', due_date: '2027-02-30' },
      { name: '', due_date: '2027-02-01' },
      { due_date: '2027-02-01' },
      { name: 'x', due_date: 20270201 },
    ]) {
      const res = await t().as(firmAdmin).post(`/api/v1/documents/${doc.id}/deadlines`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Array.isArray(res.json().detail)).toBe(true);
    }
    expect(
      (
        await t()
          .as(firmAdmin)
          .post(`/api/v1/documents/${doc.id}/deadlines`, { name: 'x'.repeat(201), due_date: '2027-02-01' })
      ).statusCode,
    ).toBe(422);
  });

  it('keeps the firm’s deadlines to the firm: sheriff reads the rules’ only and cannot add; other firms get 404', async () => {
    await setup();
    const doc = await makeDocument(owner, { assignedSheriffId: sheriffMe.id });
    await t()
      .as(firmAdmin)
      .post(`/api/v1/documents/${doc.id}/deadlines`, { name: 'Internal', due_date: '2027-02-01' });

    const seen = (await t().as(sheriff).get(`/api/v1/documents/${doc.id}/deadlines`)).json().deadlines;
    expect(seen.map((d: { source: string }) => d.source)).toEqual(['rule']);
    const bySheriff = await t()
      .as(sheriff)
      .post(`/api/v1/documents/${doc.id}/deadlines`, { name: 'x', due_date: '2027-02-01' });
    expect(bySheriff.statusCode).toBe(403);
    expect(
      (
        await t()
          .as(admin)
          .post(`/api/v1/documents/${doc.id}/deadlines`, { name: 'x', due_date: '2027-02-01' })
      ).statusCode,
    ).toBe(403);

    expect((await t().as(other.token).get(`/api/v1/documents/${doc.id}/deadlines`)).statusCode).toBe(404);
    expect(
      (
        await t()
          .as(other.token)
          .post(`/api/v1/documents/${doc.id}/deadlines`, { name: 'x', due_date: '2027-02-01' })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t().inject({ method: 'GET', url: `/api/v1/documents/${doc.id}/deadlines` })).statusCode,
    ).toBe(401);
  });
});

describe('GET /deadlines', () => {
  it('lists the deadlines due in a window on the caller’s documents only', async () => {
    const token = await t().login(DEMO.firmAdmin);
    const owner = await me(token);
    const other = await registerFirm(t());
    const doc = await makeDocument(owner, { serviceDate: new Date('2027-03-18T09:00:00Z') });
    const res = await t().as(token).get('/api/v1/deadlines?from=2027-04-01&to=2027-04-30');
    expect(res.statusCode).toBe(200);
    expect(res.json().deadlines).toContainEqual(
      expect.objectContaining({ document_id: doc.id, due_date: '2027-04-06', document_title: doc.title }),
    );
    const theirs = (await t().as(other.token).get('/api/v1/deadlines?from=2027-04-01&to=2027-04-30')).json()
      .deadlines;
    expect(theirs).toEqual([]);

    expect((await t().as(token).get('/api/v1/deadlines?from=2027-01-01&to=2028-06-01')).statusCode).toBe(422);
    expect((await t().as(token).get('/api/v1/deadlines?from=2027-05-01&to=2027-04-01')).statusCode).toBe(422);
    expect((await t().as(token).get('/api/v1/deadlines?from=yesterday')).statusCode).toBe(422);
  });
});

describe('deadline reminders', () => {
  it('go two court days before and on the day, once each, also when two runs race; the day records deadline.due', async () => {
    const token = await t().login(DEMO.firmAdmin);
    const owner = await me(token);
    const doc = await makeDocument(owner, { serviceDate: new Date('2031-03-03T09:00:00Z') }); // a quiet stretch of dates
    const due = addCourtDays('2031-03-03', 10, { excludeDecemberRecess: true });
    expect(due).toBe('2031-03-17');
    const db = t().database.db;

    expect(await sendDeadlineReminders(db, '2031-03-12')).toEqual({ approaching: 0, due: 0 });
    const racing = await Promise.all([
      sendDeadlineReminders(db, '2031-03-13'),
      sendDeadlineReminders(db, '2031-03-13'),
    ]);
    expect(racing.reduce((n, r) => n + r.approaching, 0)).toBe(1);
    expect(await sendDeadlineReminders(db, '2031-03-14')).toEqual({ approaching: 0, due: 0 }); // already sent
    expect(await sendDeadlineReminders(db, '2031-03-17')).toEqual({ approaching: 0, due: 1 });
    expect(await sendDeadlineReminders(db, '2031-03-17')).toEqual({ approaching: 0, due: 0 });

    await settleEvents(t().app);
    const rows = await db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, owner.id),
          eq(notifications.documentId, doc.id),
          eq(notifications.notificationType, 'deadline_reminder'),
        ),
      );
    expect(rows.map((r) => r.title).sort()).toEqual(['Deadline approaching', 'Deadline today']);
    expect(rows.find((r) => r.title === 'Deadline today')!.message).toContain(
      'Notice of intention to defend (Uniform Rule 19(1))',
    );
    expect(rows.find((r) => r.title === 'Deadline today')!.message).toContain('17 March 2031');

    const events = await db.select().from(domainEvents).where(eq(domainEvents.type, 'deadline.due'));
    const mine = events.filter((e) => (e.payload as { documentId: number }).documentId === doc.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.payload).toMatchObject({
      dueDate: '2031-03-17',
      rule: 'Uniform Rule 19(1)',
      source: 'rule',
      firmId: owner.firm_id,
      deadlineKey: `rule:${doc.id}:uniform_19_1:2031-03-17`,
    });
  }, 120_000);

  it('remind of the firm’s own deadlines too, but not on closed documents', async () => {
    const token = await t().login(DEMO.firmAdmin);
    const owner = await me(token);
    const open = await makeDocument(owner, { documentType: 'plea', serviceDate: null });
    const closed = await makeDocument(owner, { documentType: 'plea' });
    // The legal practitioner adds them: not the case's creator, reminded as the one who added it.
    const attorney = await t().login(DEMO.attorney);
    const attorneyMe = await me(attorney);
    for (const doc of [open, closed])
      expect(
        (
          await t().as(attorney).post(`/api/v1/documents/${doc.id}/deadlines`, {
            name: 'Heads of argument',
            due_date: '2032-06-01',
          })
        ).statusCode,
      ).toBe(201);
    await t().database.db.update(documents).set({ status: 'archived' }).where(eq(documents.id, closed.id));
    expect(await sendDeadlineReminders(t().database.db, '2032-06-01')).toEqual({ approaching: 0, due: 1 });
    await settleEvents(t().app);
    const reminded = await t()
      .database.db.select()
      .from(notifications)
      .where(
        and(eq(notifications.documentId, open.id), eq(notifications.notificationType, 'deadline_reminder')),
      );
    expect(reminded.map((n) => n.userId)).toEqual(expect.arrayContaining([owner.id, attorneyMe.id]));
    expect(reminded.find((n) => n.userId === attorneyMe.id)!.message).toBe(
      `Heads of argument for ${open.title} (case ${open.caseNumber}) falls due today, 1 June 2032.`,
    );
    // A closed case takes no new deadlines.
    const refused = await t()
      .as(token)
      .post(`/api/v1/documents/${closed.id}/deadlines`, { name: 'Late', due_date: '2032-07-01' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('DOCUMENT_CLOSED');
  });
});

describe('the daily reminder job', () => {
  it('is scheduled at start, runs from the jobs table and schedules the next day', async () => {
    const db = t().database.db;
    const today = sastDate(new Date());
    const [scheduled] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `deadlines:reminders:${today}`));
    expect(scheduled).toMatchObject({
      name: 'deadlines.reminders',
      runAt: new Date(`${today}T04:00:00.000Z`),
    });
    await t().app.deps.jobs.tick(new Date(Date.now() + 2 * 86_400_000));
    const [done] = await db.select().from(jobs).where(eq(jobs.id, scheduled!.id));
    expect(done!.doneAt).not.toBeNull();
    expect(done!.lastError).toBeNull();
    const tomorrow = addCalendarDays(today, 1);
    expect(
      await db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `deadlines:reminders:${tomorrow}`)),
    ).toHaveLength(1);
  });
});

describe('calendar feed', () => {
  it('serves the user’s deadlines as iCalendar at a secret address; rotating or turning it off ends the old one', async () => {
    const token = await t().login(DEMO.firmAdmin);
    const owner = await me(token);
    const now = new Date();
    const doc = await makeDocument(owner, { title: 'Summons; Nkosi, Zulu & Co', serviceDate: now });
    const due = addCourtDays(sastDate(now), 10, { excludeDecemberRecess: true });
    await t()
      .as(token)
      .post(`/api/v1/documents/${doc.id}/deadlines`, { name: 'Call client', due_date: sastDate(now) });

    expect((await t().as(token).get('/api/v1/calendar/feed')).json()).toEqual({
      active: false,
      created_at: null,
    });
    const made = await t().as(token).post('/api/v1/calendar/feed');
    expect(made.statusCode).toBe(201);
    const url = new URL(made.json().url);
    expect(url.pathname).toMatch(/^\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await t().as(token).get('/api/v1/calendar/feed')).json().active).toBe(true);

    const feed = await t().inject({ method: 'GET', url: url.pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const text = feed.body.replace(/\r\n[ \t]/g, '');
    expect(text).toContain(`UID:rule:${doc.id}:uniform_19_1@`);
    expect(text).toContain(`DTSTART;VALUE=DATE:${due.replace(/-/g, '')}`);
    expect(text).toContain('Summons\\; Nkosi\\, Zulu & Co');
    expect(text).toContain('SUMMARY:Call client due');
    expect(feed.body.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);

    const sheriff = await t().login(DEMO.sheriff);
    const sheriffFeed = new URL((await t().as(sheriff).post('/api/v1/calendar/feed')).json().url);
    expect((await t().inject({ method: 'GET', url: sheriffFeed.pathname })).body).not.toContain(
      `rule:${doc.id}:`,
    );

    const rotated = new URL((await t().as(token).post('/api/v1/calendar/feed')).json().url);
    expect((await t().inject({ method: 'GET', url: url.pathname })).statusCode).toBe(404);
    expect((await t().inject({ method: 'GET', url: rotated.pathname })).statusCode).toBe(200);
    expect((await t().as(token).delete('/api/v1/calendar/feed')).statusCode).toBe(200);
    expect((await t().inject({ method: 'GET', url: rotated.pathname })).statusCode).toBe(404);
    expect((await t().as(token).delete('/api/v1/calendar/feed')).statusCode).toBe(404);
    expect((await t().inject({ method: 'GET', url: '/api/v1/calendar/not-a-secret.ics' })).statusCode).toBe(
      404,
    );
    expect((await t().inject({ method: 'POST', url: '/api/v1/calendar/feed' })).statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('declares the deadline and calendar routes with their schemas', async () => {
    const doc = (await t().inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = doc.paths as Record<
      string,
      Record<string, { responses?: Record<string, unknown>; requestBody?: unknown }>
    >;
    expect(paths['/api/v1/documents/{id}/deadlines']?.get?.responses?.['200']).toBeDefined();
    expect(paths['/api/v1/documents/{id}/deadlines']?.post?.requestBody).toBeDefined();
    expect(paths['/api/v1/documents/{id}/deadlines/{deadline_id}']?.delete).toBeDefined();
    expect(paths['/api/v1/deadlines']?.get).toBeDefined();
    expect(paths['/api/v1/calendar/feed']?.post?.responses?.['201']).toBeDefined();
    expect(paths['/api/v1/calendar/{feed}']?.get).toBeDefined();
  });
});
