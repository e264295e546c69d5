import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { addFirmUser, registerFirm, subscribeFirm } from '../../../test/factories';
import { rowsOf } from '../../db/client';
import { assertCanServeDocument, assertStorageAvailable, meteringWindow, BYTES_PER_GB } from './limits';
import { insertPlan } from './plans.repository';
import { fullFeatures } from './plans.mapper';

const t = useTestApp();

async function tinyPlan(name: string) {
  return insertPlan(t().database.db, {
    name,
    displayName: 'Tiny',
    monthlyPriceCents: 10_000,
    maxDigitalServices: 2,
    maxUsers: 2,
    maxBranches: 1,
    maxStorageGb: 1,
    features: fullFeatures({}),
  });
}

/** Inserts a served document of the firm (the documents module's table), served at `servedAt`. */
async function servedDocument(firmId: number, userId: number, servedAt: Date) {
  const [row] = rowsOf<{ id: number }>(
    await t().database.db.execute(
      sql`INSERT INTO documents (firm_id, created_by_id, status, served_at) VALUES (${firmId}, ${userId}, 'served', ${servedAt}) RETURNING id`,
    ),
  );
  return row!.id;
}

async function caseFile(firmId: number, documentId: number, size: number) {
  await t().database.db.execute(
    sql`INSERT INTO case_files (document_id, firm_id, filename, storage_key, size, mime_type, sha256)
        VALUES (${documentId}, ${firmId}, 'a.pdf', ${`k-${Math.random()}`}, ${size}, 'application/pdf', 'x')`,
  );
}

describe('plan limits', () => {
  it('refuses a user beyond the plan’s users, naming the limit; a deactivated user frees the place', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    await subscribeFirm(t(), firm.firmId, { plan: 'small_practice' });
    const added = [];
    for (let i = 0; i < 4; i++) added.push(await addFirmUser(t(), firm, 'legal_practitioner'));
    const res = await t().as(firm.token).post('/api/v1/users/create-firm-user', {
      email: 'sixth@firm.co.za',
      full_name: 'Sixth User',
      role: 'branch_admin',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'SUBSCRIPTION_LIMIT_REACHED',
      detail: 'Your plan allows up to 5 users. Upgrade your plan to add more.',
    });
    const off = await t().as(firm.token).put(`/api/v1/users/activate-deactivate/${added[0]!.id}`, {
      is_active: false,
      reason: 'Left the firm',
    });
    expect(off.statusCode).toBe(200);
    expect(
      (
        await t().as(firm.token).post('/api/v1/users/create-firm-user', {
          email: 'sixth@firm.co.za',
          full_name: 'Sixth User',
          role: 'branch_admin',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('refuses a branch beyond the plan’s branches, naming the limit', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    await subscribeFirm(t(), firm.firmId, { plan: 'small_practice' });
    const res = await t()
      .as(firm.token)
      .post('/api/v1/branches', {
        name: 'Durban',
        firm_id: firm.firmId,
        practice_number: `DBN-${firm.firmId}`,
      });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('Your plan allows up to 1 branch. Upgrade your plan to add more.');
    const big = await registerFirm(t(), {}, { subscribed: false });
    await subscribeFirm(t(), big.firmId, { plan: 'medium_large_firm' });
    expect(
      (
        await t()
          .as(big.token)
          .post('/api/v1/branches', {
            name: 'Durban',
            firm_id: big.firmId,
            practice_number: `DBN-${big.firmId}`,
          })
      ).statusCode,
    ).toBe(201);
  });

  it('meters digital services as documents served this period, and refuses one more past the plan’s limit', async () => {
    await tinyPlan('tiny_services');
    const firm = await registerFirm(t(), {}, { subscribed: false });
    await subscribeFirm(t(), firm.firmId, {
      plan: 'tiny_services',
      start: new Date(Date.now() - 3 * 86_400_000),
    });
    const db = t().database.db;
    await servedDocument(firm.firmId, firm.adminId, new Date(Date.now() - 40 * 86_400_000)); // last period: not counted
    await servedDocument(firm.firmId, firm.adminId, new Date());
    await expect(assertCanServeDocument(db, firm.firmId)).resolves.toBeUndefined();
    await servedDocument(firm.firmId, firm.adminId, new Date());
    await expect(assertCanServeDocument(db, firm.firmId)).rejects.toMatchObject({
      status: 403,
      code: 'SUBSCRIPTION_LIMIT_REACHED',
      detail:
        'Your plan allows up to 2 digital services per month. Upgrade your plan to serve more documents.',
    });
    const usage = (await t().as(firm.token).get('/api/v1/subscriptions/usage')).json();
    expect(usage).toMatchObject({ digital_services_used: 2, digital_services_limit: 2 });
  });

  it('meters storage as the bytes of the firm’s case files and refuses an upload that would pass the plan’s storage', async () => {
    await tinyPlan('tiny_storage');
    const firm = await registerFirm(t(), {}, { subscribed: false });
    await subscribeFirm(t(), firm.firmId, { plan: 'tiny_storage' });
    const db = t().database.db;
    const doc = await servedDocument(firm.firmId, firm.adminId, new Date());
    await caseFile(firm.firmId, doc, BYTES_PER_GB - 100);
    await expect(assertStorageAvailable(db, firm.firmId, 100)).resolves.toBeUndefined();
    await expect(assertStorageAvailable(db, firm.firmId, 101)).rejects.toMatchObject({
      detail: 'Your plan allows up to 1 GB of storage. Upgrade your plan or remove files to upload more.',
    });
    const usage = (await t().as(firm.token).get('/api/v1/subscriptions/usage')).json();
    expect(usage.storage_used_mb).toBeCloseTo(1024, 1);
    expect(usage.storage_limit_mb).toBe(1024);
  });

  it('enforces nothing for a firm without a plan (the gate stops its users) and nothing where the plan is unlimited', async () => {
    const firm = await registerFirm(t(), {}, { subscribed: false });
    await expect(assertCanServeDocument(t().database.db, firm.firmId)).resolves.toBeUndefined();
    const enterprise = await registerFirm(t());
    for (let i = 0; i < 3; i++) await servedDocument(enterprise.firmId, enterprise.adminId, new Date());
    await expect(assertCanServeDocument(t().database.db, enterprise.firmId)).resolves.toBeUndefined();
    const usage = (await t().as(enterprise.token).get('/api/v1/subscriptions/usage')).json();
    expect(usage).toMatchObject({
      digital_services_used: 3,
      digital_services_limit: null,
      users_limit: null,
    });
  });

  it('counts digital services per month within longer billing periods', () => {
    const start = new Date('2025-01-10T08:00:00Z');
    const w = meteringWindow(
      { currentPeriodStart: start, startDate: start },
      new Date('2025-03-15T00:00:00Z'),
    );
    expect([w.start.toISOString(), w.end.toISOString()]).toEqual([
      '2025-03-10T08:00:00.000Z',
      '2025-04-10T08:00:00.000Z',
    ]);
    const cal = meteringWindow(undefined, new Date('2025-03-31T23:00:00Z')); // 1 April 01:00 in South Africa
    expect([cal.start.toISOString(), cal.end.toISOString()]).toEqual([
      '2025-03-31T22:00:00.000Z',
      '2025-04-30T22:00:00.000Z',
    ]);
  });

  it('counts a trial in its own period, which ends when the trial does (the first charge)', () => {
    const start = new Date('2025-01-10T08:00:00Z');
    const trialEndDate = new Date('2025-01-24T08:00:00Z');
    const w = meteringWindow(
      { currentPeriodStart: start, startDate: start, status: 'trial', trialEndDate },
      new Date('2025-01-15T00:00:00Z'),
    );
    expect([w.start.toISOString(), w.end.toISOString()]).toEqual([
      '2025-01-10T08:00:00.000Z',
      '2025-01-24T08:00:00.000Z',
    ]);
    // Active again: the monthly periods.
    const after = meteringWindow(
      { currentPeriodStart: trialEndDate, startDate: start, status: 'active', trialEndDate },
      new Date('2025-02-01T00:00:00Z'),
    );
    expect([after.start.toISOString(), after.end.toISOString()]).toEqual([
      '2025-01-24T08:00:00.000Z',
      '2025-02-24T08:00:00.000Z',
    ]);
  });
});
