import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/build-app';
import { registerFirm } from '../../../test/factories';
import { makePdf, makeReadyDraft, submit, upload } from '../../../test/document-factories';

// The subscriptions module meters the documents module's tables; these tests check the two meet.
const t = useTestApp();
const demoPlan = 'SELECT plan_id FROM firm_subscriptions WHERE firm_id = 1 ORDER BY id DESC LIMIT 1';

describe('plan limits on documents', () => {
  it('refuses serving beyond the plan’s digital services per month, naming the limit', async () => {
    const token = await t().login(DEMO.attorney);
    const other = await registerFirm(t());
    await t().database.raw.query(
      `UPDATE subscription_plans SET max_digital_services = 1 WHERE id = (${demoPlan})`,
    );
    const first = await makeReadyDraft(t(), token, { firmId: other.firmId, branchId: other.branchId });
    expect((await submit(t(), token, first.id)).statusCode).toBe(200);
    const second = await makeReadyDraft(t(), token, { firmId: other.firmId, branchId: other.branchId });
    const res = await submit(t(), token, second.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'SUBSCRIPTION_LIMIT_REACHED' });
    expect(res.json().detail).toMatch(/1 digital service per month/);
    const doc = (await t().as(token).get(`/api/v1/documents/${second.id}`)).json();
    expect(doc).toMatchObject({ status: 'draft', has_proof_of_service: false, delivery: null });
  });

  it('refuses an upload beyond the plan’s storage and keeps none of its files', async () => {
    const token = await t().login(DEMO.attorney);
    await t().database.raw.query(`UPDATE subscription_plans SET max_storage_gb = 1 WHERE id = (${demoPlan})`);
    const id = (await t().as(token).post('/api/v1/documents/', {})).json().data.id;
    // Fill the firm's storage with a (metadata-only) 1 GB file.
    await t().database.raw.query(
      `INSERT INTO case_files (document_id, firm_id, filename, storage_key, size, mime_type, sha256) VALUES ($1, 1, 'big.pdf', 'files/1/fake-big', $2, 'application/pdf', 'x')`,
      [id, 1024 ** 3],
    );
    const dir = join(t().env.DATA_DIR, 'files', 'files', '1');
    const before = existsSync(dir) ? readdirSync(dir).length : 0;
    const res = await upload(t(), token, id, [{ filename: 'one-more.pdf', content: await makePdf(1) }]);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/1 GB of storage/);
    expect(existsSync(dir) ? readdirSync(dir).length : 0).toBe(before);
  });
});
