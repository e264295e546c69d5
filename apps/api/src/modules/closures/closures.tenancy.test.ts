import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { caseClosures, documentEvents } from '../../db/schema/index';
import { DEMO, useTestApp } from '../../../test/build-app';
import { addFirmUser, registerFirm } from '../../../test/factories';
import { makeBranch, makeCase, makeTeam, requestBody, type FirmTeam } from './closures.test-helper';

/**
 * Who sees and acts on which closures: firm A never sees or touches firm B's; a branch administrator sees their
 * branch; a legal practitioner their branch and their own cases; the system administrator every firm. And the
 * race of two approvers.
 */
const t = useTestApp();
const API = '/api/v1/case-closure';

let a: FirmTeam;
let b: FirmTeam;
let sysAdmin: string;
/** A second branch of firm A with its own branch administrator and practitioner. */
let north: {
  branchId: number;
  admin: { id: number; token: string };
  attorney: { id: number; token: string };
};
const ids = { aMain: [] as number[], aNorth: [] as number[], b: [] as number[] };

const as = (token: string) => t().as(token);

async function closureFor(
  team: FirmTeam,
  branchId: number,
  requester: { id: number; token: string },
  title: string,
) {
  const doc = await makeCase(t(), { firmId: team.firm.firmId, branchId, createdById: requester.id, title });
  const res = await as(requester.token).post(`${API}/`, requestBody(doc.id));
  if (res.statusCode !== 201) throw new Error(`request failed ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; document_id: number };
}

beforeAll(async () => {
  a = await makeTeam(t(), await registerFirm(t()));
  b = await makeTeam(t(), await registerFirm(t()));
  sysAdmin = await t().login(DEMO.admin);
  const branch = await makeBranch(t(), a.firm.firmId);
  north = {
    branchId: branch.id,
    admin: await addFirmUser(t(), a.firm, 'branch_admin', { branch_id: branch.id }),
    attorney: await addFirmUser(t(), a.firm, 'legal_practitioner', { branch_id: branch.id }),
  };
  for (const title of ['Eviction Mokoena', 'Debt recovery Naidoo'])
    ids.aMain.push((await closureFor(a, a.firm.branchId, a.attorney, title)).id);
  ids.aNorth.push((await closureFor(a, north.branchId, north.attorney, 'Northern lease dispute')).id);
  ids.b.push((await closureFor(b, b.firm.branchId, b.attorney, 'Firm B matter')).id);
});

const listIds = async (token: string, query = '') => {
  const res = await as(token).get(`${API}/${query}`);
  expect(res.statusCode).toBe(200);
  return (res.json().closures as { id: number }[]).map((c) => c.id).sort((x, y) => x - y);
};
const sorted = (...lists: number[][]) => lists.flat().sort((x, y) => x - y);

describe('list scope', () => {
  it('gives a firm administrator every closure of the firm and none of another firm', async () => {
    expect(await listIds(a.firm.token)).toEqual(sorted(ids.aMain, ids.aNorth));
    expect(await listIds(b.firm.token)).toEqual(sorted(ids.b));
  });

  it('gives a branch administrator their branch only', async () => {
    expect(await listIds(a.branchAdmin.token)).toEqual(sorted(ids.aMain));
    expect(await listIds(north.admin.token)).toEqual(sorted(ids.aNorth));
  });

  it('gives a legal practitioner their branch (and their own cases elsewhere)', async () => {
    expect(await listIds(a.attorney.token)).toEqual(sorted(ids.aMain));
    expect(await listIds(north.attorney.token)).toEqual(sorted(ids.aNorth));
  });

  it('gives the system administrator every firm, and refuses a sheriff (403)', async () => {
    const all = await listIds(sysAdmin, '?limit=500');
    for (const id of [...ids.aMain, ...ids.aNorth, ...ids.b]) expect(all).toContain(id);
    const sheriff = await t().login(DEMO.sheriff);
    expect((await as(sheriff).get(`${API}/`)).statusCode).toBe(403);
    expect((await as(sheriff).get(`${API}/pending-count`)).statusCode).toBe(403);
  });

  it('answers the document title, case number, names and firm; filters by status, search and pages', async () => {
    const res = await as(a.firm.token).get(`${API}/?status=pending&skip=0&limit=2`);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.closures).toHaveLength(2);
    expect(body.counts).toMatchObject({ all: 3, pending: 3, approved: 0, rejected: 0, completed: 0 });
    const first = body.closures[0];
    expect(first.document.title).toBeTruthy();
    expect(first.document.case_number).toMatch(/^2025\//);
    expect(first.closed_by_user.full_name).toMatch(/^Attorney /);
    expect(first.firm_name).toMatch(/Attorneys$/);
    const page2 = (await as(a.firm.token).get(`${API}/?status=pending&skip=2&limit=2`)).json();
    expect(page2.closures).toHaveLength(1);
    const search = (await as(a.firm.token).get(`${API}/?search=naidoo`)).json();
    expect(search.closures.map((c: { id: number }) => c.id)).toEqual([ids.aMain[1]]);
    const byReason = (await as(a.firm.token).get(`${API}/?search=SERVICE%20COMPLETED`)).json();
    expect(byReason.total).toBe(3);
    expect((await as(a.firm.token).get(`${API}/?status=approved`)).json().total).toBe(0);
    expect((await as(a.firm.token).get(`${API}/?status=bogus`)).statusCode).toBe(422);
  });

  it('counts pending closures within the scope', async () => {
    expect((await as(a.firm.token).get(`${API}/pending-count`)).json()).toEqual({ count: 3 });
    expect((await as(north.admin.token).get(`${API}/pending-count`)).json()).toEqual({ count: 1 });
    expect((await as(b.firm.token).get(`${API}/pending-count`)).json()).toEqual({ count: 1 });
    expect((await as(sysAdmin).get(`${API}/pending-count`)).json().count).toBeGreaterThanOrEqual(4);
  });
});

describe('acting across tenants', () => {
  it('answers 404 to firm B on every call about firm A’s closure, and changes nothing', async () => {
    const [closureId] = ids.aMain;
    const docId = (await as(a.firm.token).get(`${API}/${closureId}`)).json().document_id;
    const calls = [
      as(b.firm.token).get(`${API}/${closureId}`),
      as(b.firm.token).get(`${API}/document/${docId}/active`),
      as(b.firm.token).get(`${API}/document/${docId}/history`),
      as(b.firm.token).get(`${API}/precheck/${docId}`),
      as(b.firm.token).put(`${API}/${closureId}/approve`, { approved: false }),
      as(b.firm.token).put(`${API}/${closureId}/complete`),
      as(b.firm.token).put(`${API}/${closureId}/checklist`, { checklist: {} }),
      as(b.attorney.token).post(`${API}/`, requestBody(docId)),
      as(b.firm.token).post(`${API}/direct-close`, { document_id: docId, closure_reason: 'Other' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Eviction');
    }
    expect((await as(a.firm.token).get(`${API}/${closureId}`)).json().closure_status).toBe('pending');
  });

  it('keeps a branch administrator out of another branch’s closure (404)', async () => {
    const res = await as(north.admin.token).put(`${API}/${ids.aMain[0]}/approve`, { approved: true });
    expect(res.statusCode).toBe(404);
  });
});

describe('concurrency', () => {
  it('lets one of two approvers approving at once win; the other gets 409', async () => {
    const { id } = await closureFor(a, a.firm.branchId, a.attorney, 'Race');
    const [x, y] = await Promise.all([
      as(a.firm.token).put(`${API}/${id}/approve`, { approved: true, approval_notes: 'firm admin' }),
      as(a.branchAdmin.token).put(`${API}/${id}/approve`, { approved: true, approval_notes: 'branch admin' }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    const winner = x.statusCode === 200 ? x : y;
    const [row] = await t().database.db.select().from(caseClosures).where(eq(caseClosures.id, id));
    expect(row!.closureStatus).toBe('approved');
    expect(row!.approvalNotes).toBe(winner.json().data.approval_notes);
    const approvals = await t()
      .database.db.select()
      .from(documentEvents)
      .where(eq(documentEvents.documentId, row!.documentId));
    expect(approvals.filter((e) => e.eventType === 'closure_approved')).toHaveLength(1);
  });

  it('lets one of an approval and a rejection at once win', async () => {
    const { id } = await closureFor(a, a.firm.branchId, a.attorney, 'Race 2');
    const results = await Promise.all([
      as(a.firm.token).put(`${API}/${id}/approve`, { approved: true }),
      as(a.branchAdmin.token).put(`${API}/${id}/approve`, { approved: false }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('keeps one closure per document when two requests race', async () => {
    const doc = await makeCase(t(), {
      firmId: a.firm.firmId,
      branchId: a.firm.branchId,
      createdById: a.attorney.id,
    });
    const results = await Promise.all([
      as(a.attorney.token).post(`${API}/`, requestBody(doc.id)),
      as(a.branchAdmin.token).post(`${API}/`, requestBody(doc.id)),
      as(a.firm.token).post(`${API}/direct-close`, {
        document_id: doc.id,
        closure_reason: 'Administrative closure',
      }),
    ]);
    const ok = results.filter((r) => r.statusCode < 300);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
    const rows = await t().database.db.select().from(caseClosures).where(eq(caseClosures.documentId, doc.id));
    expect(rows).toHaveLength(1);
  });
});
