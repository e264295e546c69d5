import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, DEMO, DEMO_PASSWORD, useTestApp } from '../../../test/build-app';
import { registerFirm, type RegisteredFirm } from '../../../test/factories';
import { PNG, makePdf, makeReadyDraft, submit } from '../../../test/document-factories';
import { multipart } from '../../../test/multipart';
import {
  normalizeSecurityId,
  SECURITY_ID_PATTERN,
  VerificationResultSchema,
} from '@lexserve/contracts/verification';
import { crockfordBase32, newSecurityId } from '../evidence/security-id';
import { createFileStore, type FileStore } from '../../lib/storage';
import { scrubStoredProofs } from './verification.scrub';

const t = useTestApp();
let token: string;
let firmAdmin: string;
let other: RegisteredFirm;

beforeAll(async () => {
  token = await t().login(DEMO.attorney);
  firmAdmin = await t().login(DEMO.firmAdmin);
  other = await registerFirm(t());
});

const served = async (as = token, on = () => ({ firmId: other.firmId, branchId: other.branchId })) => {
  const d = await makeReadyDraft(t(), as, on());
  const res = await submit(t(), as, d.id);
  expect(res.statusCode, res.body).toBe(200);
  return { id: d.id, securityId: res.json().data.security_id as string };
};
const verify = (id: string) => t().inject({ method: 'GET', url: `/api/v1/verify/${encodeURIComponent(id)}` });
const verifyFile = (content: Buffer, filename = 'check.pdf') => {
  const { payload, headers } = multipart([{ name: 'file', filename, content }]);
  return t().inject({ method: 'POST', url: '/api/v1/verify/document', payload, headers });
};

describe('security IDs', () => {
  it('are 80 random bits in Crockford base32, grouped LS-XXXX-XXXX-XXXX-XXXX, and unique', () => {
    const ids = new Set(Array.from({ length: 2000 }, newSecurityId));
    expect(ids.size).toBe(2000);
    for (const id of [...ids].slice(0, 50)) expect(id).toMatch(SECURITY_ID_PATTERN);
    expect(crockfordBase32(Buffer.alloc(10, 0xff))).toBe('ZZZZZZZZZZZZZZZZ');
    expect(crockfordBase32(Buffer.from([0x00, 0x44, 0x32, 0x14, 0xc7, 0x42, 0x54, 0xb6, 0x35, 0xcf]))).toBe(
      '0123456789ABCDEF',
    );
  });

  it('read what people type: case, spacing, hyphens and look-alike letters', () => {
    expect(normalizeSecurityId(' ls-7k3m-9qxd-2hjp-rt4w ')).toBe('LS-7K3M-9QXD-2HJP-RT4W');
    expect(normalizeSecurityId('LS7K3M9QXD2HJPRT4W')).toBe('LS-7K3M-9QXD-2HJP-RT4W');
    expect(normalizeSecurityId('LS-7K3M-9QXD-2HJP-RT4O')).toBe('LS-7K3M-9QXD-2HJP-RT40');
    expect(normalizeSecurityId('LS-7K3M-9QXD-2HJP-RT4')).toBeNull();
    expect(normalizeSecurityId('LS-7K3M-9QXD-2HJP-RT4U')).toBeNull();
    expect(normalizeSecurityId('XX-7K3M-9QXD-2HJP-RT4W')).toBeNull();
  });
});

describe('GET /verify/{securityId} (public)', () => {
  it('verifies without login, with the result fields of spec 1 §3, counting each check', async () => {
    const { securityId } = await served();
    const first = await verify(securityId);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      valid: true,
      status: 'verified',
      security_id: securityId,
      message: 'This document is authentic: it was served through LexServe and has not been altered.',
      document_type: 'Plea',
      pdf_type: 'proof_of_service',
      verification_count: 1,
      hash_verified: true,
      firm_verified: true,
      verification_url: `${t().env.PUBLIC_URL}/verify/${securityId}`,
      firm_name: 'Demo Attorneys Inc.',
      revoked_at: null,
    });
    expect(first.json().generation_date).toBeTruthy();
    expect((await verify(securityId.toLowerCase().replace(/-/g, ''))).json().verification_count).toBe(2);
  });

  it('counts public checks once per visit, never the issuing firm’s own checks', async () => {
    const { securityId } = await served();
    const url = `/api/v1/verify/${securityId}`;
    const check = (headers: Record<string, string> = {}) => t().inject({ method: 'GET', url, headers });
    const count = async (headers: Record<string, string> = {}) =>
      (await check(headers)).json().verification_count;
    // The issuing firm's people (signed in) check their own proof: shown, not counted.
    expect(await count({ authorization: `Bearer ${token}` })).toBe(0);
    expect(await count({ authorization: `Bearer ${firmAdmin}` })).toBe(0);
    // A visit's re-checks (re-renders, reloads in the same tab) count once; another visit counts again.
    expect(await count({ 'x-verification-visit': 'visit-aaaa-1111' })).toBe(1);
    expect(await count({ 'x-verification-visit': 'visit-aaaa-1111' })).toBe(1);
    expect(await count({ 'x-verification-visit': 'visit-bbbb-2222' })).toBe(2);
    // Someone of another firm is a member of the public here; a bad token is just a visitor.
    expect(await count({ authorization: `Bearer ${other.token}` })).toBe(3);
    expect(await count({ authorization: 'Bearer not-a-token' })).toBe(4);
    // A malformed visit id is ignored (counted as a check without a visit).
    expect(await count({ 'x-verification-visit': 'x' })).toBe(5);
  });

  it('does not count the issuing firm’s own file checks', async () => {
    const d = await makeReadyDraft(t(), token, { firmId: other.firmId, branchId: other.branchId });
    const securityId = (await submit(t(), token, d.id)).json().data.security_id as string;
    const pdf = await t().as(token).get(`/api/v1/proof-of-service/document/${d.id}/download`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const { payload, headers } = multipart([
      { name: 'file', filename: 'proof.pdf', content: pdf.rawPayload },
    ]);
    const own = await t().inject({
      method: 'POST',
      url: '/api/v1/verify/document',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    expect(own.json()).toMatchObject({
      match: 'proof_of_service',
      security_id: securityId,
      verification_count: 0,
    });
    expect((await verifyFile(pdf.rawPayload)).json().verification_count).toBe(1);
  });

  it('counts concurrent checks atomically', async () => {
    const { securityId } = await served();
    await Promise.all(Array.from({ length: 12 }, () => verify(securityId)));
    expect((await verify(securityId)).json().verification_count).toBe(13);
  });

  it('holds the exact count in the database within a second of the checks (counted in memory, written in batches)', async () => {
    const { securityId } = await served();
    await Promise.all(Array.from({ length: 7 }, () => verify(securityId)));
    const inDb = async () =>
      Number(
        (
          await t().database.raw.query<{ n: number }>(
            'SELECT verification_count AS n FROM proofs_of_service WHERE security_id = $1',
            [securityId],
          )
        )[0]!.n,
      );
    const deadline = Date.now() + 1_000;
    while ((await inDb()) !== 7 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await inDb()).toBe(7);
    // Counts made elsewhere (another process) reach this one's answer once it is loaded again.
    await t().database.raw.query(
      'UPDATE proofs_of_service SET verification_count = verification_count + 100 WHERE security_id = $1',
      [securityId],
    );
    t().app.verificationCache.invalidate(securityId);
    expect((await verify(securityId)).json().verification_count).toBe(108);
  });

  it('answers from memory, and every change reaches every process sharing the database (NOTIFY)', async () => {
    const { id, securityId } = await served();
    // A second app on the same database: a process of its own, with its own answers in memory.
    const second = await buildApp({ env: t().env, database: t().database, logger: false });
    await second.ready();
    try {
      const verifyOn = async (app: FastifyInstance) =>
        (await app.inject({ method: 'GET', url: `/api/v1/verify/${securityId}` })).json();
      expect(await verifyOn(second)).toMatchObject({ status: 'verified', version: 1 });
      // Answered from memory: a count written to the database behind its back (not a change) is not read.
      await t().database.raw.query(
        'UPDATE proofs_of_service SET verification_count = verification_count + 50 WHERE security_id = $1',
        [securityId],
      );
      expect((await verifyOn(second)).verification_count).toBeLessThan(50);
      // A new version (drawn on the first process) is what the second answers once it has heard the signal.
      expect(
        (await t().as(token).post(`/api/v1/proof-of-service/generate/${id}`, { regenerate: true }))
          .statusCode,
      ).toBe(201);
      await second.verificationCache.sync();
      expect(await verifyOn(second)).toMatchObject({ status: 'verified', version: 2, current_version: 2 });
      // The firm renamed, then the document revoked: both seen at once.
      const firmOf = '(SELECT firm_id FROM documents WHERE id = $1)';
      await t().database.raw.query(`UPDATE firms SET name = name || ' (renamed)' WHERE id = ${firmOf}`, [id]);
      // A change made outside any request (here, SQL): heard by every process once its signal arrives.
      await second.verificationCache.sync();
      expect((await verifyOn(second)).firm_name).toMatch(/\(renamed\)$/);
      await t().database.raw.query(`UPDATE firms SET name = left(name, -10) WHERE id = ${firmOf}`, [id]);
      await second.verificationCache.sync();
      expect((await verifyOn(second)).firm_name).not.toMatch(/renamed/);
      expect(
        (await t().as(firmAdmin).post(`/api/v1/documents/${id}/revoke`, { reason: 'Served in error' }))
          .statusCode,
      ).toBe(200);
      expect((await verify(securityId)).json()).toMatchObject({ valid: false, status: 'revoked' });
      await second.verificationCache.sync();
      expect(await verifyOn(second)).toMatchObject({ valid: false, status: 'revoked' });
    } finally {
      await second.close();
    }
  });

  it('forgets a change at once in the process that made it, without waiting for its NOTIFY', async () => {
    const issuer = await registerFirm(t());
    const { id, securityId } = await served(issuer.token, () => ({ firmId: 1, branchId: 1 }));
    // A process whose listener connection dropped: it hears nothing through the database, only its own services.
    const deaf = await buildApp({ env: t().env, database: t().database, logger: false });
    await deaf.ready();
    await deaf.verificationCache.stop();
    try {
      const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
        deaf.inject({ method, url, payload, headers: { authorization: `Bearer ${issuer.token}` } });
      const check = async () =>
        // An address of its own: this file's other checks use up the per-address rate limit.
        (
          await deaf.inject({
            method: 'GET',
            url: `/api/v1/verify/${securityId}`,
            remoteAddress: '192.0.2.30',
          })
        ).json();
      expect(await check()).toMatchObject({ status: 'verified', version: 1, firm_verified: true });
      expect(
        (await call('POST', `/api/v1/proof-of-service/generate/${id}`, { regenerate: true })).statusCode,
      ).toBe(201);
      expect(await check()).toMatchObject({ status: 'verified', version: 2, current_version: 2 });
      expect((await call('PUT', `/api/v1/firms/${issuer.firmId}`, { name: 'Renamed & Co' })).statusCode).toBe(
        200,
      );
      expect(await check()).toMatchObject({ firm_name: 'Renamed & Co' });
      // A scrub finding (made on this process) and its clearing.
      const [row] = await t().database.raw.query<{ storage_key: string }>(
        `SELECT f.storage_key FROM proof_of_service_files f JOIN proofs_of_service p ON p.id = f.proof_id
         WHERE p.security_id = $1 AND f.version = p.current_version`,
        [securityId],
      );
      const path = join(t().env.DATA_DIR, 'files', row!.storage_key);
      const original = readFileSync(path);
      writeFileSync(path, Buffer.concat([original, Buffer.from('%altered')]));
      await scrubStoredProofs(deaf.deps, deaf.log, 10_000);
      expect(await check()).toMatchObject({ status: 'invalid', hash_verified: false });
      writeFileSync(path, original);
      await scrubStoredProofs(deaf.deps, deaf.log, 10_000);
      expect(await check()).toMatchObject({ status: 'verified', hash_verified: true });
      expect(
        (await call('POST', `/api/v1/documents/${id}/revoke`, { reason: 'Served in error' })).statusCode,
      ).toBe(200);
      expect(await check()).toMatchObject({ valid: false, status: 'revoked' });
      const admin = await t().login(DEMO.admin);
      const deactivate = await deaf.inject({
        method: 'PUT',
        url: `/api/v1/firms/${issuer.firmId}`,
        payload: { is_active: false },
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(deactivate.statusCode).toBe(200);
      expect(await check()).toMatchObject({ firm_verified: false });
    } finally {
      await deaf.close();
    }
  });

  it('keeps unrelated writes free of verification: a login sends no NOTIFY and waits for none', async () => {
    const notify = vi.spyOn(t().database.raw, 'notify');
    try {
      const res = await t().inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: DEMO.attorney, password: DEMO_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(notify).not.toHaveBeenCalled();
    } finally {
      notify.mockRestore();
    }
  });

  it('re-proves stored PDFs in the scrub job: an altered file answers invalid everywhere, a restored one verified again', async () => {
    const { securityId } = await served();
    expect((await verify(securityId)).json()).toMatchObject({ status: 'verified', hash_verified: true });
    const [row] = await t().database.raw.query<{ storage_key: string }>(
      'SELECT f.storage_key FROM proof_of_service_files f JOIN proofs_of_service p ON p.id = f.proof_id WHERE p.security_id = $1',
      [securityId],
    );
    const path = join(t().env.DATA_DIR, 'files', row!.storage_key);
    const original = readFileSync(path);
    const altered = Buffer.from(original);
    altered[100] = altered[100]! ^ 0xff;
    writeFileSync(path, altered);
    const scrub = () => scrubStoredProofs(t().app.deps, t().app.log, 10_000);
    expect((await scrub()).altered.length).toBeGreaterThan(0);
    expect((await verify(securityId)).json()).toMatchObject({
      valid: false,
      status: 'invalid',
      hash_verified: false,
    });
    writeFileSync(path, original);
    expect((await scrub()).altered).toHaveLength(0);
    expect((await verify(securityId)).json()).toMatchObject({
      valid: true,
      status: 'verified',
      hash_verified: true,
    });
  });

  it('answers the result as JSON, fields exactly those of the schema, with every response header of the API', async () => {
    const { securityId } = await served();
    const first = await verify(securityId);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(VerificationResultSchema.strict().parse(first.json())).toEqual(first.json());
    // The answer's JSON is kept with the answer and the count written into it: each check shows its own.
    const counts = [first, await verify(securityId), await verify(securityId)].map(
      (r) => r.json().verification_count,
    );
    expect(counts).toEqual([1, 2, 3]);
    // The same headers on answers and on errors (404, 400, 422): security headers, request id, rate limit.
    const answers = [
      first,
      await verify(newSecurityId()),
      await verify('not-an-id'),
      await t().inject({ method: 'GET', url: `/api/v1/verify/${securityId}?version=x` }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 400, 422]);
    for (const res of answers) {
      expect(res.headers).toMatchObject({
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'SAMEORIGIN',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      expect(res.headers['content-security-policy']).toContain("default-src 'self';");
      expect(res.headers['content-security-policy']).toContain("connect-src 'self' ws://localhost:3000;");
      expect(res.headers['x-request-id']).toMatch(/^req-[0-9a-f-]{36}$/);
      if (res.statusCode !== 200) expect(res.json().request_id).toBe(res.headers['x-request-id']);
      expect(res.headers['x-ratelimit-limit']).toBe(String(t().env.VERIFY_RATE_LIMIT));
      // No CORS_ORIGINS here: no cross-origin headers.
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
    const preflight = await t().inject({
      method: 'OPTIONS',
      url: `/api/v1/verify/${securityId}`,
      headers: { origin: 'https://firm.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('does not log ordinary checks one by one (the app’s other requests still are)', async () => {
    const { securityId } = await served();
    const lines: { msg?: string; req?: { url?: string }; reqId?: string }[] = [];
    const logged = await buildApp({
      env: t().env,
      database: t().database,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    });
    await logged.ready();
    try {
      // The first check loads the answer (and may be slow enough to be logged on a busy machine); the next is answered
      // from memory.
      await logged.inject({ method: 'GET', url: `/api/v1/verify/${securityId}` });
      const check = await logged.inject({ method: 'GET', url: `/api/v1/verify/${securityId}` });
      expect(check.statusCode).toBe(200);
      expect(lines.filter((l) => l.reqId === check.headers['x-request-id'])).toEqual([]);
      const health = await logged.inject({ method: 'GET', url: '/healthz' });
      expect(lines.filter((l) => l.reqId === health.headers['x-request-id']).map((l) => l.msg)).toEqual([
        'incoming request',
        'request completed',
      ]);
    } finally {
      await logged.close();
    }
  });

  it('logs a slow check at warn (here a first check whose stored PDF is slow to read)', async () => {
    const { securityId } = await served();
    const lines: {
      level?: number;
      msg?: string;
      reqId?: string;
      statusCode?: number;
      responseTime?: number;
    }[] = [];
    const store = createFileStore(t().env);
    const slowStore: FileStore = {
      ...store,
      get: async (key) => (await new Promise((r) => setTimeout(r, 600)), store.get(key)),
    };
    const logged = await buildApp({
      env: t().env,
      database: t().database,
      files: slowStore,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    });
    await logged.ready();
    try {
      const check = await logged.inject({ method: 'GET', url: `/api/v1/verify/${securityId}` });
      expect(check.statusCode).toBe(200);
      const mine = lines.filter((l) => l.reqId === check.headers['x-request-id']);
      expect(mine).toEqual([
        expect.objectContaining({ level: 40, msg: 'slow verification check', statusCode: 200 }),
      ]);
      expect(mine[0]!.responseTime).toBeGreaterThanOrEqual(500);
    } finally {
      await logged.close();
    }
  });

  it('answers 400 for a blank or malformed ID and 404 for an unknown one, with the spec’s words', async () => {
    const blank = await verify('   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().detail).toBe('Invalid security ID provided. Security ID must be a non-empty string.');
    expect((await t().inject({ method: 'GET', url: '/api/v1/verify/' })).statusCode).toBe(400);
    const malformed = await verify('not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().detail).toBe(
      'Invalid security ID format. Please check the security ID and try again.',
    );
    const unknown = await verify(newSecurityId());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      detail: 'Security ID not found in verification database',
      code: 'SECURITY_ID_NOT_FOUND',
    });
  });

  it('reports a revoked document as revoked', async () => {
    const { id, securityId } = await served();
    await t().as(firmAdmin).post(`/api/v1/documents/${id}/revoke`, { reason: 'Served in error' });
    const res = (await verify(securityId)).json();
    expect(res).toMatchObject({
      valid: false,
      status: 'revoked',
      message:
        'This document has been revoked and is no longer valid. Please contact the issuing firm for more information.',
      hash_verified: true,
    });
    expect(res.revoked_at).toBeTruthy();
  });

  it('reports firm_verified false once the issuing firm is deactivated', async () => {
    const issuer = await registerFirm(t());
    const { securityId } = await served(issuer.token, () => ({ firmId: 1, branchId: 1 }));
    expect((await verify(securityId)).json().firm_verified).toBe(true);
    const admin = await t().login(DEMO.admin);
    expect((await t().as(admin).put(`/api/v1/firms/${issuer.firmId}`, { is_active: false })).statusCode).toBe(
      200,
    );
    expect((await verify(securityId)).json()).toMatchObject({ firm_verified: false, status: 'verified' });
  });

  it(
    'is rate-limited per address; answers an allowed origin (CORS_ORIGINS)',
    { timeout: 120_000 },
    async () => {
      const limited = await createTestApp({ VERIFY_RATE_LIMIT: '3', CORS_ORIGINS: 'https://firm.example' });
      try {
        const codes: number[] = [];
        let last;
        for (let i = 0; i < 4; i++) {
          last = await limited.inject({
            method: 'GET',
            url: `/api/v1/verify/${newSecurityId()}`,
            headers: { origin: 'https://firm.example' },
          });
          codes.push(last.statusCode);
        }
        expect(codes).toEqual([404, 404, 404, 429]);
        expect(last!.json()).toEqual({
          detail: 'Too many verification requests. Please wait a moment and try again.',
          code: 'VERIFY_RATE_LIMITED',
          request_id: last!.headers['x-request-id'],
        });
        expect(last!.headers).toMatchObject({
          'x-ratelimit-limit': '3',
          'x-ratelimit-remaining': '0',
          'x-frame-options': 'SAMEORIGIN',
        });
        expect(last!.headers['retry-after']).toBeTruthy();
        expect(last!.headers['access-control-allow-origin']).toBe('https://firm.example');
        const stranger = await limited.inject({
          method: 'GET',
          url: '/healthz',
          headers: { origin: 'https://elsewhere.example' },
        });
        expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
        const preflight = await limited.inject({
          method: 'OPTIONS',
          url: '/api/v1/verify/LS-0000-0000-0000-0000',
          headers: { origin: 'https://firm.example', 'access-control-request-method': 'GET' },
        });
        expect(preflight.statusCode).toBe(204);
        expect(preflight.headers['access-control-allow-origin']).toBe('https://firm.example');
      } finally {
        await limited.close();
      }
    },
  );
});

describe('POST /verify/document (public)', () => {
  it('recognises a proof of service, any version, and a served document by SHA-256', async () => {
    const summons = await makePdf(3, 'Unique summons for file verification');
    const d = await makeReadyDraft(
      t(),
      token,
      { firmId: other.firmId, branchId: other.branchId },
      { files: [{ filename: 'summons.pdf', content: summons }] },
    );
    const securityId = (await submit(t(), token, d.id)).json().data.security_id;
    const v1 = (await t().as(token).get(`/api/v1/proof-of-service/document/${d.id}/download`)).rawPayload;
    const proof = await verifyFile(v1, 'proof.pdf');
    expect(proof.statusCode, proof.body).toBe(200);
    expect(proof.json()).toMatchObject({
      valid: true,
      status: 'verified',
      match: 'proof_of_service',
      security_id: securityId,
      superseded: false,
      hash_verified: true,
    });
    await t().as(token).post(`/api/v1/proof-of-service/generate/${d.id}`, { regenerate: true });
    expect((await verifyFile(v1)).json()).toMatchObject({ match: 'proof_of_service', superseded: true });
    const doc = (await verifyFile(summons, 'summons.pdf')).json();
    expect(doc).toMatchObject({
      valid: true,
      status: 'verified',
      match: 'served_document',
      security_id: securityId,
      firm_name: 'Demo Attorneys Inc.',
    });
  });

  it('answers not_found for an unknown or altered PDF, and 4xx for no file or not a PDF', async () => {
    const stranger = await verifyFile(await makePdf(1, 'Never served'), 'stranger\u202Efdp.exe');
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json()).toMatchObject({
      filename: 'strangerfdp.exe',
      valid: false,
      status: 'not_found',
      match: null,
      message:
        'This file does not match any document served through LexServe. It may have been altered, or it was not served through the platform.',
    });
    const png = await verifyFile(PNG, 'photo.pdf');
    expect(png.statusCode).toBe(422);
    // "%PDF-" must open the file: a page that mentions it early on is not a PDF.
    expect(
      (await verifyFile(Buffer.concat([Buffer.from('<html>'), await makePdf(1)]), 'page.pdf')).statusCode,
    ).toBe(422);
    expect((await t().inject({ method: 'POST', url: '/api/v1/verify/file', payload: {} })).statusCode).toBe(
      422,
    );
    const empty = multipart([{ name: 'note', value: 'no file' }]);
    expect((await t().inject({ method: 'POST', url: '/api/v1/verify/document', ...empty })).statusCode).toBe(
      422,
    );
  });
});
