import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { makeReadyDraft, submit } from '../../../test/document-factories';
import { addFirmUser, registerFirm, type RegisteredFirm } from '../../../test/factories';
import { settleEvents } from '../../../test/settle-events';
import { recordEvent } from '../../lib/events';

const t = useTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
const API = '/api/v1/webhooks';

/*
 * The test receiver: an integrator's endpoint, written from the Standard Webhooks spec and not from our code. It
 * verifies each message twice — with the `standardwebhooks` package and with its own HMAC — refuses stale timestamps
 * (5 minutes' tolerance) and drops a message id it has already processed (replay protection).
 */
type Received = {
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  verdict: 'processed' | 'duplicate' | 'bad_signature' | 'failed_on_purpose';
};
class Receiver {
  server!: Server;
  base = '';
  /** Each endpoint is a path of its own, with its own secret. */
  secrets = new Map<string, string>();
  received: Received[] = [];
  processedIds = new Set<string>();
  /** Answer 500 to this many of the next messages (a failing endpoint). */
  failNext = 0;

  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const path = req.url ?? '';
        const verdict = this.judge(this.secrets.get(path) ?? '', req.headers, body);
        this.received.push({
          path,
          id: String(req.headers['webhook-id']),
          timestamp: String(req.headers['webhook-timestamp']),
          signature: String(req.headers['webhook-signature']),
          body,
          verdict,
        });
        const status = { processed: 200, duplicate: 200, bad_signature: 401, failed_on_purpose: 500 }[
          verdict
        ];
        res.writeHead(status, { 'content-type': 'text/plain' }).end(`receiver: ${verdict}`);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  judge(secret: string, headers: IncomingHttpHeaders, body: string): Received['verdict'] {
    if (!secret || !verifyByHand(secret, headers, body)) return 'bad_signature';
    try {
      new Webhook(secret).verify(body, headers as Record<string, string>);
    } catch {
      return 'bad_signature';
    }
    const id = String(headers['webhook-id']);
    if (this.processedIds.has(id)) return 'duplicate';
    if (this.failNext > 0) {
      this.failNext--;
      return 'failed_on_purpose';
    }
    this.processedIds.add(id);
    return 'processed';
  }

  /** Sends a captured message to the receiver again (an attacker replaying it), with headers as given. */
  replay(path: string, headers: Record<string, string>, body: string) {
    return fetch(`${this.base}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
    });
  }

  /** What one endpoint received. */
  at(path: string) {
    return this.received.filter((r) => r.path === path);
  }
}

/** Standard Webhooks verification, independently: HMAC-SHA256 over "id.timestamp.body" with the base64 key after whsec_. */
function verifyByHand(
  secret: string,
  headers: IncomingHttpHeaders,
  body: string,
  toleranceSeconds = 300,
): boolean {
  const id = headers['webhook-id'];
  const ts = headers['webhook-timestamp'];
  const sigs = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof ts !== 'string' || typeof sigs !== 'string') return false;
  if (Math.abs(Date.now() / 1000 - Number(ts)) > toleranceSeconds) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${ts}.${body}`).digest();
  return sigs.split(' ').some((s) => {
    const [version, value] = s.split(',');
    const given = Buffer.from(value ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

const receiver = new Receiver();
beforeAll(() => receiver.start());
afterAll(() => new Promise<void>((resolve) => receiver.server.close(() => resolve())));

let firm: RegisteredFirm;
beforeEach(async () => {
  firm = await registerFirm(t());
}, 120_000);

let endpoints = 0;
const register = async (events: string[], token = firm.token) => {
  const path = `/lexserve/hooks/${++endpoints}`;
  const res = await t()
    .as(token)
    .post(API, { url: `${receiver.base}${path}`, events });
  expect(res.statusCode, res.body).toBe(201);
  const hook = res.json() as { id: number; url: string; events: string[]; secret: string };
  receiver.secrets.set(path, hook.secret);
  receiver.failNext = 0;
  return { ...hook, path, received: () => receiver.at(path) };
};

const deliveriesOf = async (id: number) => {
  const res = await t().as(firm.token).get(`${API}/${id}/deliveries`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().deliveries as {
    id: number;
    message_id: string;
    event: string;
    status: string;
    next_retry_at: string | null;
    attempts: {
      attempt: number;
      status_code: number | null;
      response_excerpt: string | null;
      error: string | null;
      duration_ms: number;
    }[];
  }[];
};

const DOC = {
  documentId: 42,
  branchId: null,
  actorId: 1,
  createdById: null,
  assignedSheriffId: null,
  title: 'Summons in Mokoena v Dlamini',
  case_number: '2026/123',
  status: 'served',
};

/** A domain event of the firm, as the documents module records it after a commit. */
const emit = async (type: 'deadline.due' | 'document.served', firmId = firm.firmId) => {
  await t().database.db.transaction(async (tx) => {
    if (type === 'deadline.due')
      await recordEvent(tx, 'deadline.due', {
        ...DOC,
        firmId,
        deadlineKey: 'rule:42:uniform_19_1:2026-12-08',
        name: 'Notice of intention to defend',
        dueDate: '2026-12-08',
        rule: 'Uniform Rule 19(1)',
        source: 'rule',
        addedById: null,
      });
    else
      await recordEvent(tx, 'document.served', {
        documentId: 42,
        firmId,
        branchId: null,
        actorId: 1,
        createdById: null,
        assignedSheriffId: null,
        title: 'Summons in Mokoena v Dlamini',
        case_number: '2026/123',
        status: 'served',
        digitalServiceAddress: null,
      });
  });
  await settleEvents(t().app);
};

/** Runs the jobs due at `msFromNow` (the delivery attempts among them). */
const runJobsAt = (msFromNow: number) => t().app.deps.jobs.tick(new Date(Date.now() + msFromNow));

describe('webhook endpoints', { timeout: 120_000 }, () => {
  it('registers an endpoint with a whsec_ secret shown once, lists it without the secret, and deletes it', async () => {
    const hook = await register(['document.served', 'deadline.due', 'document.served']);
    expect(hook).toMatchObject({
      url: `${receiver.base}${hook.path}`,
      events: ['document.served', 'deadline.due'],
    });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(hook.secret.slice(6), 'base64')).toHaveLength(32);
    const list = await t().as(firm.token).get(API);
    expect(list.json().webhooks).toEqual([
      expect.objectContaining({
        id: hook.id,
        url: `${receiver.base}${hook.path}`,
        events: ['document.served', 'deadline.due'],
      }),
    ]);
    expect(list.body).not.toContain(hook.secret);
    expect((await t().as(firm.token).delete(`${API}/${hook.id}`)).statusCode).toBe(200);
    expect((await t().as(firm.token).get(API)).json().webhooks).toEqual([]);
    expect((await t().as(firm.token).delete(`${API}/${hook.id}`)).statusCode).toBe(404);
  });

  it('answers 422 for an unknown event, no events or a URL that is not one', async () => {
    const unknown = await t()
      .as(firm.token)
      .post(API, { url: `${receiver.base}/x`, events: ['document.eaten'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail[0].loc).toEqual(['body', 'events', 0]);
    expect(
      (
        await t()
          .as(firm.token)
          .post(API, { url: `${receiver.base}/x`, events: [] })
      ).json().detail[0].msg,
    ).toBe('Choose at least one event');
    expect(
      (
        await t()
          .as(firm.token)
          .post(API, { url: 'not a url', events: ['deadline.due'] })
      ).statusCode,
    ).toBe(422);
  });

  it("lets only the firm's administrators manage endpoints; another firm's answer 404", async () => {
    const hook = await register(['deadline.due']);
    const attorney = await addFirmUser(t(), firm, 'legal_practitioner');
    expect((await t().as(attorney.token).get(API)).statusCode).toBe(403);
    expect(
      (
        await t()
          .as(attorney.token)
          .post(API, { url: `${receiver.base}/x`, events: ['deadline.due'] })
      ).statusCode,
    ).toBe(403);
    const other = await registerFirm(t());
    expect((await t().as(other.token).get(API)).json().webhooks).toEqual([]);
    for (const call of [
      t().as(other.token).get(`${API}/${hook.id}/deliveries`),
      t().as(other.token).post(`${API}/${hook.id}/test`),
      t().as(other.token).delete(`${API}/${hook.id}`),
    ])
      expect((await call).statusCode).toBe(404);
  });
});

describe('webhook deliveries (Standard Webhooks)', { timeout: 120_000 }, () => {
  it('sends a signed test event that the receiver verifies, and lists the attempt with its answer', async () => {
    const hook = await register(['document.served']);
    const res = await t().as(firm.token).post(`${API}/${hook.id}/test`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().delivery).toMatchObject({
      event: 'webhook.test',
      status: 'succeeded',
      next_retry_at: null,
    });
    expect(hook.received()).toHaveLength(1);
    expect(hook.received()[0]).toMatchObject({ verdict: 'processed', id: res.json().delivery.message_id });
    expect(JSON.parse(hook.received()[0]!.body)).toMatchObject({
      type: 'webhook.test',
      data: { webhook_id: hook.id },
    });
    const [delivery] = await deliveriesOf(hook.id);
    expect(delivery!.attempts).toEqual([
      expect.objectContaining({
        attempt: 1,
        status_code: 200,
        response_excerpt: 'receiver: processed',
        error: null,
        duration_ms: expect.any(Number),
      }),
    ]);
  });

  it('turns domain events into messages for the endpoints that subscribe to them, in this firm only', async () => {
    const deadlines = await register(['deadline.due']);
    const deadlineSecret = deadlines.secret;
    const served = await register(['document.served']);
    const otherFirm = await registerFirm(t());
    await emit('deadline.due', otherFirm.firmId);
    await emit('deadline.due');
    await runJobsAt(1000);

    expect(await deliveriesOf(served.id)).toEqual([]);
    const [delivery] = await deliveriesOf(deadlines.id);
    expect(delivery).toMatchObject({ event: 'deadline.due', status: 'succeeded' });
    // Verified with the secret of the endpoint it was sent to.

    const got = deadlines.received().filter((r) => r.id === delivery!.message_id);
    expect(got).toHaveLength(1);
    expect(
      verifyByHand(
        deadlineSecret,
        {
          'webhook-id': got[0]!.id,
          'webhook-timestamp': got[0]!.timestamp,
          'webhook-signature': got[0]!.signature,
        },
        got[0]!.body,
      ),
    ).toBe(true);
    expect(JSON.parse(got[0]!.body)).toMatchObject({
      type: 'deadline.due',
      timestamp: expect.any(String),
      data: {
        document_id: 42,
        case_number: '2026/123',
        name: 'Notice of intention to defend',
        due_date: '2026-12-08',
        rule: 'Uniform Rule 19(1)',
        source: 'rule',
      },
    });
  });

  it('sends document.served when a document of the firm is really served, made with an API key', async () => {
    const hook = await register(['document.served']);
    const key = (
      await t().as(firm.token).post('/api/v1/api-keys', { name: 'Practice system', scope: 'read_write' })
    ).json().key as string;
    const draft = await makeReadyDraft(t(), key, { firmId: firm.firmId, branchId: firm.branchId });
    const served = await submit(t(), firm.token, draft.id);
    expect(served.statusCode, served.body).toBe(200);
    await settleEvents(t().app);
    await runJobsAt(1000);
    const got = hook.received();
    expect(got.map((r) => r.verdict)).toEqual(['processed']);
    expect(JSON.parse(got[0]!.body)).toMatchObject({
      type: 'document.served',
      data: { document_id: draft.id, status: 'served' },
    });
  });

  it('names each event as integrators know it and carries its own data', async () => {
    const hook = await register([
      'return.issued',
      'delivery.opened',
      'delivery.downloaded',
      'closure.completed',
    ]);
    const doc = {
      documentId: 77,
      firmId: firm.firmId,
      branchId: null,
      actorId: 1,
      createdById: null,
      assignedSheriffId: null,
      title: 'Summons',
      case_number: '2026/9',
      status: 'served',
    };
    await t().database.db.transaction(async (tx) => {
      await recordEvent(tx, 'document.return_issued', { ...doc, returnId: 5, kind: 'return_of_service' });
      await recordEvent(tx, 'document.delivery_opened', { ...doc, deliveryId: 6 });
      await recordEvent(tx, 'document.delivery_downloaded', { ...doc, deliveryId: 6, fileId: 8 });
      await recordEvent(tx, 'closure.completed', {
        documentId: 77,
        firmId: firm.firmId,
        branchId: null,
        closureId: 9,
        actorId: 1,
        requesterId: null,
        approverId: null,
        title: 'Summons',
        case_number: '2026/9',
        reason: 'settled',
        notes: null,
      });
      // Not subscribed: no message.
      await recordEvent(tx, 'deadline.due', {
        ...doc,
        deadlineKey: 'firm:1:2026-12-15',
        name: 'Plea',
        dueDate: '2026-12-15',
        rule: null,
        source: 'firm',
        addedById: 1,
      });
    });
    await settleEvents(t().app);
    await runJobsAt(1000);
    const bodies = hook
      .received()
      .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
    expect(hook.received().every((r) => r.verdict === 'processed')).toBe(true);
    expect(bodies.map((b) => b.type).sort()).toEqual([
      'closure.completed',
      'delivery.downloaded',
      'delivery.opened',
      'return.issued',
    ]);
    const byType = Object.fromEntries(bodies.map((b) => [b.type, b.data]));
    expect(byType['return.issued']).toEqual({
      document_id: 77,
      title: 'Summons',
      case_number: '2026/9',
      status: 'served',
      return_id: 5,
      kind: 'return_of_service',
    });
    expect(byType['delivery.opened']).toMatchObject({ document_id: 77, delivery_id: 6 });
    expect(byType['delivery.downloaded']).toMatchObject({ document_id: 77, delivery_id: 6, file_id: 8 });
    expect(byType['closure.completed']).toEqual({
      document_id: 77,
      closure_id: 9,
      title: 'Summons',
      case_number: '2026/9',
      reason: 'settled',
    });
  });

  it('retries after 500s with back-off (same webhook-id, fresh timestamp and signature) until the endpoint answers', async () => {
    const hook = await register(['document.served']);
    receiver.failNext = 2;
    await emit('document.served');
    await runJobsAt(1000);
    let [delivery] = await deliveriesOf(hook.id);
    expect(delivery).toMatchObject({
      status: 'pending',
      attempts: [expect.objectContaining({ attempt: 1, status_code: 500 })],
    });
    const retryIn = new Date(delivery!.next_retry_at!).getTime() - Date.now();
    expect(retryIn).toBeGreaterThan(25_000);
    expect(retryIn).toBeLessThanOrEqual(30_000);

    await runJobsAt(20_000); // not yet due
    expect((await deliveriesOf(hook.id))[0]!.attempts).toHaveLength(1);
    await runJobsAt(31_000);
    [delivery] = await deliveriesOf(hook.id);
    expect(delivery!.attempts.map((a) => a.status_code)).toEqual([500, 500]);
    expect(new Date(delivery!.next_retry_at!).getTime() - Date.now()).toBeGreaterThan(110_000); // then 2 minutes
    await runJobsAt(31_000 + 121_000);
    [delivery] = await deliveriesOf(hook.id);
    expect(delivery).toMatchObject({ status: 'succeeded', next_retry_at: null });
    expect(delivery!.attempts.map((a) => a.status_code)).toEqual([500, 500, 200]);

    expect(hook.received().map((r) => r.verdict)).toEqual([
      'failed_on_purpose',
      'failed_on_purpose',
      'processed',
    ]);
    expect(new Set(hook.received().map((r) => r.id)).size).toBe(1);
    expect(new Set(hook.received().map((r) => r.signature)).size).toBeGreaterThanOrEqual(1);
    // Running the jobs again sends nothing more.
    await runJobsAt(10 * 3_600_000);
    expect(hook.received()).toHaveLength(3);
  });

  it('lets the receiver refuse replays: a processed id is a duplicate, a re-dated message fails its signature', async () => {
    const hook = await register(['document.served']);
    await t().as(firm.token).post(`${API}/${hook.id}/test`);
    const original = hook.received()[0]!;
    expect(original.verdict).toBe('processed');
    const headers = {
      'webhook-id': original.id,
      'webhook-timestamp': original.timestamp,
      'webhook-signature': original.signature,
    };
    await receiver.replay(hook.path, headers, original.body);
    expect(hook.received()[1]!.verdict).toBe('duplicate');
    // Moving the timestamp (to get past a tolerance window) breaks the signature: the timestamp is signed.
    await receiver.replay(
      hook.path,
      { ...headers, 'webhook-timestamp': String(Number(original.timestamp) + 1) },
      original.body,
    );
    expect(hook.received()[2]!.verdict).toBe('bad_signature');
    // A changed body too.
    await receiver.replay(hook.path, headers, original.body.replace('test event', 'tampered event'));
    expect(hook.received()[3]!.verdict).toBe('bad_signature');
    // And a stale timestamp is refused by the tolerance check, whatever the signature.
    expect(
      verifyByHand(
        hook.secret,
        { ...headers, 'webhook-timestamp': String(Math.floor(Date.now() / 1000) - 600) },
        original.body,
      ),
    ).toBe(false);
  });

  it('gives a delivery up after 6 attempts, and a deleted endpoint gets no more retries', async () => {
    const hook = await register(['document.served']);
    receiver.failNext = 100;
    await emit('document.served');
    let at = 1000;
    await runJobsAt(at);
    for (const delay of [30_000, 120_000, 600_000, 3_600_000, 21_600_000]) {
      at += delay + 1000;
      await runJobsAt(at);
    }
    const [delivery] = await deliveriesOf(hook.id);
    expect(delivery).toMatchObject({ status: 'failed', next_retry_at: null });
    expect(delivery!.attempts).toHaveLength(6);
    await runJobsAt(at + 48 * 3_600_000);
    expect(hook.received()).toHaveLength(6);
    expect((await t().as(firm.token).delete(`${API}/${hook.id}`)).statusCode).toBe(200);

    const second = await register(['document.served']);
    receiver.failNext = 100;
    await emit('document.served');
    await runJobsAt(1000);
    expect(second.received()).toHaveLength(1);
    expect((await t().as(firm.token).delete(`${API}/${second.id}`)).statusCode).toBe(200);
    await runJobsAt(40_000);
    expect(second.received()).toHaveLength(1);
  });
});
