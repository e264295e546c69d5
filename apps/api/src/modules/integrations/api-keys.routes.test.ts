import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { CASE_INFO, makeReadyDraft } from '../../../test/document-factories';
import { addFirmUser, registerFirm, type RegisteredFirm } from '../../../test/factories';
import { apiKeys, documentEvents, firms } from '../../db/schema/index';
import { sha256 } from '../../lib/tokens';

const t = useTestApp();
const API = '/api/v1/api-keys';

const createKey = async (firm: RegisteredFirm, name = 'Practice system', scope = 'read_write') => {
  const res = await t().as(firm.token).post(API, { name, scope });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string; scope: string; key: string; prefix: string };
};

describe('API keys: management', { timeout: 120_000 }, () => {
  it('creates a key shown once (lxs_ prefix), stores only its SHA-256, lists it without the key, and revokes it', async () => {
    const firm = await registerFirm(t());
    const created = await createKey(firm);
    expect(created).toMatchObject({ name: 'Practice system', scope: 'read_write' });
    expect(created.key).toMatch(/^lxs_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.key.slice(0, 12));

    const [row] = await t().database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.keyHash).toBe(sha256(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const list = await t().as(firm.token).get(API);
    expect(list.statusCode).toBe(200);
    expect(list.json().api_keys).toEqual([
      expect.objectContaining({
        id: created.id,
        name: 'Practice system',
        scope: 'read_write',
        prefix: created.prefix,
        last_used_at: null,
        created_by: { id: firm.adminId, full_name: expect.any(String) },
      }),
    ]);
    expect(list.body).not.toContain(created.key);

    const ok = await t().as(created.key).get('/api/v1/documents/');
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await t().as(firm.token).delete(`${API}/${created.id}`)).statusCode).toBe(200);
    const after = await t().as(created.key).get('/api/v1/documents/');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'API_KEY_INVALID', detail: 'Invalid or revoked API key.' });
    expect((await t().as(firm.token).get(API)).json().api_keys).toEqual([]);
    expect((await t().as(firm.token).delete(`${API}/${created.id}`)).statusCode).toBe(404);
  });

  it('answers 422 for a missing name or an unknown scope', async () => {
    const firm = await registerFirm(t());
    const noName = await t().as(firm.token).post(API, { name: '  ', scope: 'read' });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().detail[0]).toMatchObject({
      loc: ['body', 'name'],
      msg: 'Please enter a name for the key',
    });
    const badScope = await t().as(firm.token).post(API, { name: 'X', scope: 'admin' });
    expect(badScope.statusCode).toBe(422);
    expect(badScope.json().detail[0].loc).toEqual(['body', 'scope']);
  });

  it('lets only firm administrators manage keys (401 without a session, 403 for other roles)', async () => {
    const firm = await registerFirm(t());
    expect((await t().inject({ method: 'GET', url: API })).statusCode).toBe(401);
    const branchAdmin = await addFirmUser(t(), firm, 'branch_admin');
    const attorney = await addFirmUser(t(), firm, 'legal_practitioner');
    for (const token of [branchAdmin.token, attorney.token, await t().login('sheriff@demo.co.za')]) {
      const res = await t().as(token).post(API, { name: 'Mine', scope: 'read' });
      expect(res.statusCode).toBe(403);
      expect((await t().as(token).get(API)).statusCode).toBe(403);
    }
    expect((await t().as(branchAdmin.token).post(API, { name: 'x', scope: 'read' })).json().code).toBe(
      'INTEGRATIONS_ADMIN_REQUIRED',
    );
  });

  it("never shows or revokes another firm's keys", async () => {
    const a = await registerFirm(t());
    const b = await registerFirm(t());
    const key = await createKey(a, 'Firm A system');
    expect((await t().as(b.token).get(API)).json().api_keys).toEqual([]);
    expect((await t().as(b.token).delete(`${API}/${key.id}`)).statusCode).toBe(404);
    expect((await t().as(key.key).get('/api/v1/documents/')).statusCode).toBe(200);
  });
});

describe('API keys: calls made with a key', { timeout: 120_000 }, () => {
  it("works on the firm's own cases with the firm's tenancy, and puts its changes on the timeline as the key", async () => {
    const a = await registerFirm(t());
    const b = await registerFirm(t());
    const key = await createKey(a, 'Practice system');
    const draft = await makeReadyDraft(t(), key.key, { firmId: a.firmId, branchId: a.branchId });

    const timeline = await t().as(a.token).get(`/api/v1/documents/${draft.id}/timeline?order=asc`);
    expect(timeline.statusCode).toBe(200);
    const events = timeline.json().events as {
      event_type: string;
      performed_by: { full_name: string } | null;
      api_key: unknown;
    }[];
    expect(events.length).toBeGreaterThan(2);
    for (const e of events) {
      expect(e.performed_by?.full_name).toBe("API key 'Practice system'");
      expect(e.api_key).toEqual({ id: key.id, name: 'Practice system' });
    }
    const rows = await t()
      .database.db.select()
      .from(documentEvents)
      .where(eq(documentEvents.documentId, draft.id));
    expect(rows.every((r) => r.apiKeyId === key.id && r.performedById === a.adminId)).toBe(true);
    // The key is part of the hashed content, so the trail still verifies and proves who acted.
    expect(rows.every((r) => (r.eventMetadata as { api_key?: { id: number } }).api_key?.id === key.id)).toBe(
      true,
    );
    const verify = await t().as(a.token).get(`/api/v1/documents/${draft.id}/timeline/verify`);
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({ intact: true, problem: null });

    // A change by a signed-in user on the same document is theirs, not the key's.
    const put = await t().as(a.token).put(`/api/v1/documents/${draft.id}`, { title: 'Renamed by a person' });
    expect(put.statusCode, put.body).toBe(200);
    const last = (await t().as(a.token).get(`/api/v1/documents/${draft.id}/timeline`)).json().events[0];
    expect(last.api_key).toBeNull();
    expect(last.performed_by.full_name).not.toContain('API key');

    // Firm B's cases are not the key's.
    const theirs = await makeReadyDraft(t(), b.token, { firmId: b.firmId, branchId: b.branchId });
    expect((await t().as(key.key).get(`/api/v1/documents/${theirs.id}`)).statusCode).toBe(404);
    const list = (await t().as(key.key).get('/api/v1/documents/')).json();
    expect(list.documents.map((d: { id: number }) => d.id)).toEqual([draft.id]);
  });

  it('refuses writes with a read-only key (403 with a clear message) and allows reads', async () => {
    const firm = await registerFirm(t());
    const key = await createKey(firm, 'Reporting', 'read');
    expect((await t().as(key.key).get('/api/v1/documents/')).statusCode).toBe(200);
    const res = await t()
      .as(key.key)
      .post('/api/v1/documents/', { ...CASE_INFO, firm_id: firm.firmId, branch_id: firm.branchId });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'API_KEY_READ_ONLY',
      detail: expect.stringContaining('read-only'),
    });
  });

  it('cannot manage keys or webhooks, users, the firm or billing, nor act as a signed-in user', async () => {
    const firm = await registerFirm(t());
    const key = await createKey(firm);
    const calls: [string, string][] = [
      ['GET', '/api/v1/api-keys'],
      ['POST', '/api/v1/api-keys'],
      ['GET', '/api/v1/webhooks'],
      ['POST', '/api/v1/webhooks'],
      ['GET', '/api/v1/users'],
      ['POST', '/api/v1/users/create-firm-user'],
      ['GET', '/api/v1/users/me'],
      ['PUT', `/api/v1/firms/${firm.firmId}`],
      ['POST', '/api/v1/branches'],
      ['GET', '/api/v1/subscriptions/my-subscription'],
      ['POST', '/api/v1/subscriptions/select-plan'],
      ['POST', '/api/v1/payments/generate-signature'],
      ['GET', '/api/v1/notifications/'],
    ];
    for (const [method, url] of calls) {
      const res = await t().inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${key.key}` },
        payload: method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code, `${method} ${url}`).toBe('API_KEY_NOT_ALLOWED');
    }
    // The reads a case needs are open to keys.
    expect((await t().as(key.key).get(`/api/v1/firms/${firm.firmId}/branches`)).statusCode).toBe(200);
    expect((await t().as(key.key).get('/api/v1/users/sheriffs')).statusCode).toBe(200);
  });

  it('answers 401 for an unknown key and 402 when the firm has no subscription (the plan gate)', async () => {
    expect((await t().as('lxs_not-a-real-key').get('/api/v1/documents/')).statusCode).toBe(401);
    const unsubscribed = await registerFirm(t(), {}, { subscribed: false });
    const res = await t().as(unsubscribed.token).post(API, { name: 'x', scope: 'read' });
    expect(res.statusCode).toBe(402);
  });

  it("stops working when the firm is deactivated (403, as for the firm's people)", async () => {
    const firm = await registerFirm(t());
    const key = await createKey(firm);
    await t().database.db.update(firms).set({ isActive: false }).where(eq(firms.id, firm.firmId));
    const res = await t().as(key.key).get('/api/v1/documents/');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FIRM_INACTIVE');
  });

  it('keeps last_used_at, written at most once a minute', async () => {
    const firm = await registerFirm(t());
    const key = await createKey(firm);
    await t().as(key.key).get('/api/v1/documents/');
    const first = (await t().as(firm.token).get(API)).json().api_keys[0].last_used_at as string;
    expect(first).not.toBeNull();
    await t().as(key.key).get('/api/v1/documents/');
    expect((await t().as(firm.token).get(API)).json().api_keys[0].last_used_at).toBe(first);
    // A minute later, it moves.
    await t()
      .database.db.update(apiKeys)
      .set({ lastUsedAt: new Date(Date.now() - 61_000) })
      .where(eq(apiKeys.id, key.id));
    await t().as(key.key).get('/api/v1/documents/');
    const moved = (await t().as(firm.token).get(API)).json().api_keys[0].last_used_at as string;
    expect(new Date(moved).getTime()).toBeGreaterThan(Date.now() - 10_000);
  });
});

describe('OpenAPI', { timeout: 120_000 }, () => {
  it('declares the key and webhook routes and the API-key security scheme on the calls keys may make', async () => {
    const res = await t().inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const path of [
      '/api/v1/api-keys',
      '/api/v1/api-keys/{id}',
      '/api/v1/webhooks',
      '/api/v1/webhooks/{id}',
      '/api/v1/webhooks/{id}/deliveries',
      '/api/v1/webhooks/{id}/test',
    ])
      expect(doc.paths[path], path).toBeDefined();
    expect(
      doc.paths['/api/v1/api-keys'].post.requestBody.content['application/json'].schema.properties.scope.enum,
    ).toEqual(['read', 'read_write']);
    expect(doc.paths['/api/v1/documents/{id}'].get.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    expect(doc.paths['/api/v1/api-keys'].get.security).toBeUndefined();
  });
});
