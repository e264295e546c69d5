import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { registerFirm, type RegisteredFirm } from '../../../test/factories';
import { listDocuments } from './documents.repository';

const t = useTestApp();
let firm: RegisteredFirm;
let rival: RegisteredFirm;
const ids: Record<string, number> = {};

const create = async (token: string, body: Record<string, unknown>) => {
  const res = await t().as(token).post('/api/v1/documents/', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
};
const setStatus = (id: number, status: string) =>
  t().database.raw.query('UPDATE documents SET status = $1, updated_at = now() WHERE id = $2', [status, id]);
const list = (query: string, token = firm.token) => t().as(token).get(`/api/v1/documents/?${query}`);

beforeAll(async () => {
  firm = await registerFirm(t());
  rival = await registerFirm(t());
  ids.draft = await create(firm.token, {
    title: 'Plea in Mokoena v Dlamini',
    case_number: '2025/0001',
    client_name: 'Thandi Mokoena',
  });
  ids.urgentDraft = await create(firm.token, {
    title: 'Urgent interdict',
    case_priority: 'urgent',
    client_name: 'Sipho Dlamini',
  });
  ids.active = await create(firm.token, {
    title: 'Summons in Naidoo v Smith',
    case_number: 'CPT-2025-77',
    client_name: 'Priya Naidoo',
  });
  ids.activeUrgent = await create(firm.token, {
    title: 'Notice of motion',
    case_priority: 'urgent',
    client_name: '100% Holdings (Pty) Ltd',
  });
  ids.closed = await create(firm.token, { title: 'Closed matter', client_name: 'Thandi Mokoena' });
  await setStatus(ids.active, 'pending');
  await setStatus(ids.activeUrgent, 'served');
  await setStatus(ids.closed, 'completed');
  // Another firm's matters with the same words: never listed, never counted.
  await create(rival.token, {
    title: 'Plea in Mokoena v Dlamini',
    case_priority: 'urgent',
    client_name: 'Thandi Mokoena',
  });
});

describe('GET /documents: My Cases on the server', () => {
  it('answers one sub-tab, newest change first, with every sub-tab’s count', async () => {
    const res = await list('subtab=active');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.documents.map((d: { id: number }) => d.id)).toEqual([ids.activeUrgent, ids.active]);
    expect(body).toMatchObject({
      total: 2,
      counts: { urgent: 2, active: 2, closed: 1, drafts: 2 },
      count_limit: 1000,
      badge_limit: 100,
    });
    expect(
      (await list('subtab=urgent'))
        .json()
        .documents.map((d: { id: number }) => d.id)
        .sort(),
    ).toEqual([ids.urgentDraft, ids.activeUrgent].sort());
    expect((await list('subtab=closed')).json().documents.map((d: { id: number }) => d.id)).toEqual([
      ids.closed,
    ]);
    expect((await list('subtab=drafts')).json().documents.map((d: { status: string }) => d.status)).toEqual([
      'draft',
      'draft',
    ]);
  });

  it('searches the title, case number and client name (any case, the user’s % taken literally), counts included', async () => {
    const mokoena = (await list('subtab=drafts&search=mokoena')).json();
    expect(mokoena.documents.map((d: { id: number }) => d.id)).toEqual([ids.draft]);
    expect(mokoena.counts).toEqual({ urgent: 0, active: 0, closed: 1, drafts: 1 });
    expect(
      (await list('subtab=active&search=cpt-2025')).json().documents.map((d: { id: number }) => d.id),
    ).toEqual([ids.active]);
    expect(
      (await list('subtab=urgent&search=100%25')).json().documents.map((d: { id: number }) => d.id),
    ).toEqual([ids.activeUrgent]);
    expect((await list('subtab=urgent&search=10%25%25')).json().total).toBe(0);
    expect(
      (await list('subtab=drafts&search=THANDI%20mOKOENA')).json().documents.map((d: { id: number }) => d.id),
    ).toEqual([ids.draft]);
    // A status filter narrows the sub-tab and its counts alike.
    expect((await list('subtab=active&status=served')).json()).toMatchObject({
      total: 1,
      counts: { urgent: 1, active: 1, closed: 0, drafts: 0 },
    });
    expect(
      (await list('subtab=active&status=served')).json().documents.map((d: { id: number }) => d.id),
    ).toEqual([ids.activeUrgent]);
    // Without a sub-tab too (the list of before): the search now applies.
    const all = (await list('search=Mokoena')).json();
    expect(all.documents.map((d: { id: number }) => d.id).sort()).toEqual([ids.draft, ids.closed].sort());
    expect(all.counts).toBeUndefined();
  });

  it('searches what a document says now: its stored search text follows every change', async () => {
    const id = await create(firm.token, {
      title: 'Application in Zulu v Khumalo',
      client_name: 'Bongani Zulu',
    });
    expect(
      (await list('subtab=drafts&search=khumalo')).json().documents.map((d: { id: number }) => d.id),
    ).toEqual([id]);
    const res = await t()
      .as(firm.token)
      .put(`/api/v1/documents/${id}`, { title: 'Application in Zulu v Mthembu', case_number: 'DBN-2025-9' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list('subtab=drafts&search=khumalo')).json().total).toBe(0);
    expect(
      (await list('subtab=drafts&search=mthembu')).json().documents.map((d: { id: number }) => d.id),
    ).toEqual([id]);
    expect(
      (await list('subtab=drafts&search=dbn-2025')).json().documents.map((d: { id: number }) => d.id),
    ).toEqual([id]);
    await t().database.raw.query('DELETE FROM documents WHERE id = $1', [id]);
  });

  it('pages on the server', async () => {
    const first = (await list('subtab=drafts&limit=1')).json();
    const second = (await list('subtab=drafts&limit=1&skip=1')).json();
    expect(first.documents).toHaveLength(1);
    expect(second.documents).toHaveLength(1);
    expect(first.documents[0].id).not.toBe(second.documents[0].id);
    expect(first.total).toBe(2);
    // A page past the end (or an empty sub-tab) still has the total and every sub-tab's count.
    expect((await list('subtab=drafts&limit=1&skip=2')).json()).toMatchObject({
      documents: [],
      total: 2,
      counts: { urgent: 2, active: 2, closed: 1, drafts: 2 },
    });
    expect((await list('subtab=closed&search=notice')).json()).toMatchObject({
      documents: [],
      total: 0,
      counts: { urgent: 1, active: 1, closed: 0, drafts: 0 },
    });
  });

  it('stops the shown sub-tab’s total at the count limit and the other sub-tabs’ counts at the badge limit', async () => {
    const actor = {
      id: firm.adminId,
      role: 'firm_admin' as const,
      email: firm.adminEmail,
      fullName: 'Admin',
      firmId: firm.firmId,
      branchId: firm.branchId,
    };
    const filters = { myBranchOnly: false, subtab: 'drafts' as const, skip: 0, limit: 25 };
    const capped = await listDocuments(t().database.db, actor, filters, 2, 1);
    // Drafts: 2 (the count limit, 2); urgent 2 and active 2 stop at the badge limit, 1; closed has 1.
    expect(capped.total).toBe(2);
    expect(capped.counts).toEqual({ drafts: 2, urgent: 1, active: 1, closed: 1 });
    const shownActive = await listDocuments(t().database.db, actor, { ...filters, subtab: 'active' }, 1, 2);
    expect(shownActive.total).toBe(1);
    expect(shownActive.counts).toEqual({ active: 1, urgent: 2, drafts: 2, closed: 1 });
  });

  it('answers a search with few matches from one read of them exactly as the counts of each sub-tab would', async () => {
    const actor = {
      id: firm.adminId,
      role: 'firm_admin' as const,
      email: firm.adminEmail,
      fullName: 'Admin',
      firmId: firm.firmId,
      branchId: firm.branchId,
    };
    const db = t().database.db;
    for (const search of ['mokoena', 'notice', 'CPT-2025', 'no such matter', 'e'])
      for (const subtab of ['urgent', 'active', 'closed', 'drafts'] as const)
        for (const [skip, limit] of [
          [0, 25],
          [0, 1],
          [1, 1],
          [5, 1],
        ] as const)
          for (const [countLimit, badgeLimit] of [
            [1000, 100],
            [1, 1],
          ] as const) {
            const filters = { myBranchOnly: false, subtab, search, skip, limit };
            const fromHits = await listDocuments(db, actor, filters, countLimit, badgeLimit);
            const byIndexes = await listDocuments(db, actor, filters, countLimit, badgeLimit, 0);
            const label = JSON.stringify({ search, subtab, skip, limit, countLimit });
            expect(
              fromHits.rows.map((r) => r.id),
              label,
            ).toEqual(byIndexes.rows.map((r) => r.id));
            expect(fromHits.counts, label).toEqual(byIndexes.counts);
            expect(fromHits.total, label).toBe(byIndexes.total);
          }
    // With more matches than it reads at once, it leaves the search to the indexes (same answer).
    const many = await listDocuments(
      db,
      actor,
      { myBranchOnly: false, subtab: 'drafts', search: 'e', skip: 0, limit: 25 },
      1000,
      100,
      1,
    );
    expect(many.counts).toEqual(
      (
        await listDocuments(
          db,
          actor,
          { myBranchOnly: false, subtab: 'drafts', search: 'e', skip: 0, limit: 25 },
          1000,
          100,
          0,
        )
      ).counts,
    );
  });

  it('finds a common word’s page in the newest-change order with its exact total and counts', async () => {
    // A debt collector's firm: a bank is the plaintiff in every fourth of its 1,000 matters (250 matches, more than a
    // search reads at once, so the page and counts come from the sub-tab indexes, each walked in order and stopped).
    const collector = await registerFirm(t());
    const statuses = [
      'draft',
      'pending',
      'assigned',
      'served',
      'received',
      'completed',
      'cancelled',
      'archived',
    ];
    const made = await t().database.raw.query<{ id: number; i: number }>(
      `INSERT INTO documents (title, case_number, case_priority, client_name, firm_id, branch_id, created_by_id, status, updated_at)
       SELECT CASE WHEN i % 4 = 0 THEN 'Summons in Absa Bank Limited v Dlamini ' ELSE 'Summons in Naidoo v Smith ' END || i,
              'COL-' || i, CASE WHEN i % 20 = 0 THEN 'urgent' END, 'Priya Naidoo', $1, $2, $3,
              ($4::text[])[1 + (i / 4) % 8], now() - i * interval '1 minute'
       FROM generate_series(1, 1000) AS i RETURNING id, case_number AS i`,
      [collector.firmId, collector.branchId, collector.adminId, statuses],
    );
    const docs = made
      .map((r) => ({ id: r.id, i: Number(String(r.i).slice(4)) }))
      .map((d) => ({
        ...d,
        status: statuses[Math.floor(d.i / 4) % 8]!,
        bank: d.i % 4 === 0,
        urgent: d.i % 20 === 0,
      }))
      .sort((a, b) => a.i - b.i); // newest change first
    const tab = (status: string) =>
      ['pending', 'assigned', 'served', 'received'].includes(status)
        ? 'active'
        : status === 'draft'
          ? 'drafts'
          : 'closed';
    const bank = docs.filter((d) => d.bank);
    const inActive = bank.filter((d) => tab(d.status) === 'active').map((d) => d.id);
    expect(bank.length).toBe(250);
    const page = (await list('subtab=active&search=ABSA%20bank&skip=25&limit=25', collector.token)).json();
    expect(page.documents.map((d: { id: number }) => d.id)).toEqual(inActive.slice(25, 50));
    expect(page.total).toBe(inActive.length);
    expect(page.counts).toEqual({
      urgent: bank.filter((d) => d.urgent).length,
      active: inActive.length,
      closed: bank.filter((d) => tab(d.status) === 'closed').length,
      drafts: bank.filter((d) => tab(d.status) === 'drafts').length,
    });
    const urgent = (await list('subtab=urgent&search=absa&limit=10', collector.token)).json();
    expect(urgent.documents.map((d: { id: number }) => d.id)).toEqual(
      bank
        .filter((d) => d.urgent)
        .map((d) => d.id)
        .slice(0, 10),
    );
    // A status filter within the search, and the last page.
    const served = bank.filter((d) => d.status === 'served').map((d) => d.id);
    const last = (
      await list(
        `subtab=active&status=served&search=absa&skip=${served.length - 3}&limit=25`,
        collector.token,
      )
    ).json();
    expect(last.documents.map((d: { id: number }) => d.id)).toEqual(served.slice(-3));
    expect(last.total).toBe(served.length);
  });

  it('keeps the list without a sub-tab as it was: every document in scope, newest first, with the full total', async () => {
    const body = (await list('')).json();
    expect(body.total).toBe(5);
    expect(body.documents).toHaveLength(5);
    expect(body.counts).toBeUndefined();
  });

  it('answers 422 with a clear message for a sub-tab or paging it does not know', async () => {
    const bad = await list('subtab=everything');
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Sub-tab must be one of urgent, active, closed, drafts');
    expect((await list('subtab=drafts&limit=0')).statusCode).toBe(422);
    expect((await list('subtab=drafts&skip=-1')).statusCode).toBe(422);
    expect((await list(`search=${'x'.repeat(201)}`)).statusCode).toBe(422);
  });
});
