import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { Mailer } from '../src/lib/mail';
import { DEMO, useTestApp } from './build-app';
import { registerFirm, type RegisteredFirm } from './factories';
import { CASE_INFO, makeReadyDraft, submit } from './document-factories';

const t = useTestApp();
let other: RegisteredFirm;
beforeAll(async () => {
  other = await registerFirm(t());
});

const lastMailTo = async (to: string) =>
  (
    await t().database.raw.query<{ id: number; subject: string; text_body: string }>(
      'SELECT id, subject, text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
      [to],
    )
  )[0]!;

describe('live links never reach the admin outbox view', () => {
  it('a password-reset link and a delivery link are hidden; the recipient’s own link still works', async () => {
    const admin = t().as(await t().login(DEMO.admin));
    const firm = await registerFirm(t());
    await t().inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: firm.adminEmail },
    });
    const reset = await lastMailTo(firm.adminEmail);
    const resetToken = /token=([\w-]+)/.exec(reset.text_body)![1]!;

    const attorney = await t().login(DEMO.attorney);
    const d = await makeReadyDraft(t(), attorney, { firmId: other.firmId, branchId: other.branchId });
    const served = (await submit(t(), attorney, d.id)).json().data;
    const service = await lastMailTo(served.digital_service_address);
    const deliveryToken = /\/delivery\/([\w-]+)/.exec(service.text_body)![1]!;

    for (const [message, token] of [
      [reset, resetToken],
      [service, deliveryToken],
    ] as const) {
      const one = (await admin.get(`/api/v1/admin/mail-outbox/${message.id}`)).json();
      expect(one.text).not.toContain(token);
      expect(one.text).toContain('[link hidden]');
      const list = await admin.get(
        `/api/v1/admin/mail-outbox?search=${encodeURIComponent(message.subject.slice(0, 20))}&limit=100`,
      );
      expect(list.body).not.toContain(token);
    }
    expect((await admin.get(`/api/v1/admin/mail-outbox/${reset.id}`)).json().text).toContain(
      '/reset-password?token=[link hidden]',
    );
    expect((await admin.get(`/api/v1/admin/mail-outbox/${service.id}`)).json().text).toContain(
      '/delivery/[link hidden]',
    );
    // The recipient's link is untouched: it opens (and only the recipient's opening is recorded).
    expect((await t().inject({ method: 'GET', url: `/api/v1/delivery/${deliveryToken}` })).statusCode).toBe(
      200,
    );
  });

  it('a sent message keeps no live link in its stored copy; MAIL_FILE_DIR gets the whole message', async () => {
    const database = await createDatabase({ memory: true });
    await migrate(database.raw);
    const dir = mkdtempSync(join(tmpdir(), 'lexserve-mail-'));
    const mailer = new Mailer(undefined, 'LexServe <no-reply@lexserve.co.za>', dir);
    const text = 'Open https://app.example/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789';
    const id = await mailer.send(database.db, {
      to: 'a@example.co.za\r\nBcc: evil@example.com',
      subject: 'Reset\nBcc: evil@example.com',
      text,
    });
    const [row] = await database.raw.query<{
      status: string;
      text_body: string;
      subject: string;
      to_address: string;
    }>('SELECT status, text_body, subject, to_address FROM mail_outbox WHERE id = $1', [id]);
    expect(row).toMatchObject({
      status: 'sent',
      subject: 'Reset Bcc: evil@example.com',
      to_address: 'a@example.co.za Bcc: evil@example.com',
    });
    expect(row!.text_body).toBe('Open https://app.example/reset-password?token=[link hidden]');
    const [file] = readdirSync(dir);
    expect(JSON.parse(readFileSync(join(dir, file!), 'utf8'))).toMatchObject({
      text,
      subject: 'Reset Bcc: evil@example.com',
    });
    await database.raw.close();
  });
});

describe('live links never reach the logs', () => {
  it('request lines hide delivery tokens, delivery sessions and reset tokens', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await createDatabase({ memory: true });
    await migrate(database.raw);
    const app = await buildApp({ env: t().env, database, logger: { level: 'info', stream } });
    await app.ready();
    const secret = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    await app.inject({ method: 'GET', url: `/api/v1/delivery/${secret}` });
    await app.inject({ method: 'GET', url: `/api/v1/delivery/${secret}/files/1?session=${secret}` });
    await app.inject({ method: 'GET', url: `/reset-password?token=${secret}` });
    await app.close();
    await database.raw.close();
    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('/api/v1/delivery/[link hidden]');
    expect(log).not.toContain(secret);
  });
});

describe('a line break in a title never adds lines to the formal service e-mail', () => {
  it('refuses a title or case number with a line break (422)', async () => {
    const attorney = t().as(await t().login(DEMO.attorney));
    const res = await attorney.post('/api/v1/documents/', {
      ...CASE_INFO,
      title: 'Summons\r\nBcc: someone@example.com',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({
      loc: ['body', 'title'],
      msg: 'Document title must be one line (no line breaks or control characters)',
    });
    expect(
      (await attorney.post('/api/v1/documents/', { ...CASE_INFO, case_number: '2025/1\n2' })).statusCode,
    ).toBe(422);
    // A trailing line break is only whitespace: trimmed, accepted.
    expect(
      (await attorney.post('/api/v1/documents/', { ...CASE_INFO, title: 'Summons\n' })).json().data.title,
    ).toBe('Summons');
  });

  it('a title stored with a line break (before this rule) is one line in the subject and in the notice', async () => {
    const attorney = await t().login(DEMO.attorney);
    const d = await makeReadyDraft(t(), attorney, { firmId: other.firmId, branchId: other.branchId });
    await t().database.raw.query('UPDATE documents SET title = $1 WHERE id = $2', [
      'Summons\r\nServed: 01/01/2020\nBcc: x@example.com',
      d.id,
    ]);
    const served = (await submit(t(), attorney, d.id)).json().data;
    const mail = await lastMailTo(served.digital_service_address);
    expect(mail.subject).toBe(
      `Service of documents: Summons Served: 01/01/2020 Bcc: x@example.com (case ${CASE_INFO.case_number})`,
    );
    expect(mail.text_body).toContain('Matter: Summons Served: 01/01/2020 Bcc: x@example.com\n');
    expect(mail.text_body.split('\n').filter((l) => l.startsWith('Served:'))).toHaveLength(1);
    expect(mail.text_body).not.toMatch(/^Bcc:/m);
  });
});
