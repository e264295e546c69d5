import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentEvents, documents, domainEvents, notifications } from '../../db/schema/index';
import { DEMO, useTestApp } from '../../../test/build-app';
import { registerFirm } from '../../../test/factories';
import { settleEvents } from '../../../test/settle-events';
import { makeCase, makeOtherFirm, makeTeam, requestBody, type FirmTeam } from './closures.test-helper';

const t = useTestApp();
const API = '/api/v1/case-closure';

let team: FirmTeam;
let sysAdmin: string;
let sheriff: string;

beforeAll(async () => {
  team = await makeTeam(t(), await registerFirm(t()));
  sysAdmin = await t().login(DEMO.admin);
  sheriff = await t().login(DEMO.sheriff);
});

const servedCase = (o: { proof?: boolean; status?: 'served' | 'draft' | 'received' | 'completed' } = {}) =>
  makeCase(t(), {
    firmId: team.firm.firmId,
    branchId: team.firm.branchId,
    createdById: team.attorney.id,
    ...o,
  });

const as = (token: string) => t().as(token);
const timelineOf = (documentId: number) =>
  t()
    .database.db.select()
    .from(documentEvents)
    .where(eq(documentEvents.documentId, documentId))
    .orderBy(documentEvents.id);
const statusOf = async (documentId: number) =>
  (
    await t().database.db.select({ s: documents.status }).from(documents).where(eq(documents.id, documentId))
  )[0]!.s;

async function requestAs(token: string, documentId: number, overrides: Record<string, unknown> = {}) {
  const res = await as(token).post(`${API}/`, requestBody(documentId, overrides));
  return res;
}

describe('precheck', () => {
  it('finds a served case with its proof eligible, and lists the open items as warnings', async () => {
    const doc = await servedCase();
    const res = await as(team.attorney.token).get(`${API}/precheck/${doc.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      document_id: doc.id,
      eligible_for_closure: true,
      blocking_issues: [],
      has_proof_of_service: true,
    });
    expect(body.warnings).toContain('No documents are attached to this case.');
    expect(body.warnings).toContain('No parties are recorded for this case.');
  });

  it('blocks a case that is not served, or has no proof of service', async () => {
    const draft = await servedCase({ status: 'draft' });
    const noProof = await servedCase({ proof: false });
    const a = (await as(team.attorney.token).get(`${API}/precheck/${draft.id}`)).json();
    expect(a.eligible_for_closure).toBe(false);
    expect(a.blocking_issues).toEqual(['Only served cases can be closed; this case is draft.']);
    const b = (await as(team.attorney.token).get(`${API}/precheck/${noProof.id}`)).json();
    expect(b.eligible_for_closure).toBe(false);
    expect(b.blocking_issues).toEqual(['No proof of service has been generated for this case.']);
  });

  it('answers 404 for another firm and 403 for a sheriff', async () => {
    const doc = await servedCase();
    const other = await makeOtherFirm(t());
    expect((await as(other.token).get(`${API}/precheck/${doc.id}`)).statusCode).toBe(404);
    expect((await as(sheriff).get(`${API}/precheck/${doc.id}`)).statusCode).toBe(403);
    expect((await t().inject({ method: 'GET', url: `${API}/precheck/${doc.id}` })).statusCode).toBe(401);
  });
});

describe('request', () => {
  it('creates a pending closure with the checklist, a timeline entry and a domain event', async () => {
    const doc = await servedCase();
    const res = await requestAs(team.attorney.token, doc.id);
    expect(res.statusCode).toBe(201);
    const { status, data, message } = res.json();
    expect(status).toBe('success');
    expect(message).toBe('Case closure request created successfully');
    expect(data).toMatchObject({
      document_id: doc.id,
      document: { title: doc.title, case_number: doc.caseNumber },
      closure_status: 'pending',
      closure_type: 'request',
      closure_reason: 'Service completed successfully',
      closed_by_user_id: team.attorney.id,
      approved_by_user_id: null,
      checklist_completed: {
        proof_of_service_uploaded: {
          completed: true,
          notes: 'Proof of service automatically verified',
          required: true,
        },
        case_summary_completed: { completed: true, notes: 'All served and acknowledged.' },
      },
    });
    expect(data.closed_by_user.full_name).toMatch(/^Attorney /);
    const timeline = await timelineOf(doc.id);
    expect(timeline.map((e) => e.eventType)).toEqual(['closure_requested']);
    expect(timeline[0]!.performedById).toBe(team.attorney.id);
    const events = await t()
      .database.db.select()
      .from(domainEvents)
      .where(eq(domainEvents.type, 'closure.requested'));
    expect(events.some((e) => (e.payload as { closureId: number }).closureId === data.id)).toBe(true);
    expect(await statusOf(doc.id)).toBe('served');
  });

  it('refuses an incomplete checklist (422) and a reason outside the list (422)', async () => {
    const doc = await servedCase();
    const partial = await requestAs(team.attorney.token, doc.id, {
      initial_checklist: { all_documents_attached: { completed: false, notes: '', required: true } },
    });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().detail).toBe('Complete every checklist item before requesting closure.');
    const noSummary = await requestAs(team.attorney.token, doc.id, {
      initial_checklist: {
        all_documents_attached: { completed: true },
        case_summary_completed: { completed: true, notes: '  ' },
      },
    });
    expect(noSummary.statusCode).toBe(422);
    const reason = await requestAs(team.attorney.token, doc.id, { closure_reason: 'Bored' });
    expect(reason.statusCode).toBe(422);
  });

  it('refuses a case that fails the precheck (409) and a second request while one is pending (409)', async () => {
    const received = await servedCase({ status: 'received' });
    const r1 = await requestAs(team.attorney.token, received.id);
    expect(r1.statusCode).toBe(409);
    expect(r1.json().code).toBe('CLOSURE_NOT_ELIGIBLE');
    expect(r1.json().detail).toContain(
      'The case must meet all eligibility requirements before a closure request can be submitted',
    );

    const doc = await servedCase();
    expect((await requestAs(team.attorney.token, doc.id)).statusCode).toBe(201);
    const again = await requestAs(team.branchAdmin.token, doc.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CLOSURE_ALREADY_ACTIVE');
  });

  it('is refused to a sheriff and the system administrator (403) and to another firm (404)', async () => {
    const doc = await servedCase();
    expect((await requestAs(sheriff, doc.id)).statusCode).toBe(403);
    expect((await requestAs(sysAdmin, doc.id)).statusCode).toBe(403);
    const other = await makeOtherFirm(t());
    expect((await requestAs(other.token, doc.id)).statusCode).toBe(404);
  });

  it('may be made by a firm administrator and a branch administrator', async () => {
    const a = await servedCase();
    const b = await servedCase();
    expect((await requestAs(team.firm.token, a.id)).statusCode).toBe(201);
    expect((await requestAs(team.branchAdmin.token, b.id)).statusCode).toBe(201);
  });
});

describe('approve and reject', () => {
  it('lets a branch administrator approve, records who and when, and refuses a second decision (409)', async () => {
    const doc = await servedCase();
    const { data: created } = (await requestAs(team.attorney.token, doc.id)).json();
    const res = await as(team.branchAdmin.token).put(`${API}/${created.id}/approve`, {
      approved: true,
      approval_notes: 'All in order.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Case closure approved');
    expect(res.json().data).toMatchObject({
      closure_status: 'approved',
      approved_by_user_id: team.branchAdmin.id,
      approval_notes: 'All in order.',
    });
    expect(res.json().data.approved_at).toBeTruthy();
    expect(res.json().data.approved_by_user.full_name).toMatch(/^Branch Admin /);

    const again = await as(team.firm.token).put(`${API}/${created.id}/approve`, { approved: false });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This case closure is approved and cannot be rejected.');
    expect((await timelineOf(doc.id)).map((e) => e.eventType)).toEqual([
      'closure_requested',
      'closure_approved',
    ]);
  });

  it('rejects with notes; a rejected closure may be requested again', async () => {
    const doc = await servedCase();
    const { data: first } = (await requestAs(team.attorney.token, doc.id)).json();
    const res = await as(team.firm.token).put(`${API}/${first.id}/approve`, {
      approved: false,
      approval_notes: 'Proof missing a page.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Case closure rejected');
    expect(res.json().data.closure_status).toBe('rejected');

    const precheck = (await as(team.attorney.token).get(`${API}/precheck/${doc.id}`)).json();
    expect(precheck.eligible_for_closure).toBe(true);
    expect(precheck.warnings).toContain('An earlier closure request was rejected: Proof missing a page.');

    const second = await requestAs(team.attorney.token, doc.id);
    expect(second.statusCode).toBe(201);
    expect(second.json().data.id).not.toBe(first.id);
    // A rejected closure cannot be approved later.
    expect((await as(team.firm.token).put(`${API}/${first.id}/approve`, { approved: true })).statusCode).toBe(
      409,
    );
  });

  it('is refused to a legal practitioner and a sheriff (403), and to another firm (404)', async () => {
    const doc = await servedCase();
    const { data } = (await requestAs(team.branchAdmin.token, doc.id)).json();
    expect(
      (await as(team.attorney.token).put(`${API}/${data.id}/approve`, { approved: true })).statusCode,
    ).toBe(403);
    expect((await as(sheriff).put(`${API}/${data.id}/approve`, { approved: true })).statusCode).toBe(403);
    const other = await makeOtherFirm(t());
    expect((await as(other.token).put(`${API}/${data.id}/approve`, { approved: true })).statusCode).toBe(404);
  });

  it('does not let a branch administrator decide their own request, but a firm administrator may', async () => {
    const a = await servedCase();
    const { data: own } = (await requestAs(team.branchAdmin.token, a.id)).json();
    const self = await as(team.branchAdmin.token).put(`${API}/${own.id}/approve`, { approved: true });
    expect(self.statusCode).toBe(403);
    expect(self.json().detail).toBe("You don't have permission to approve case closures.");

    const b = await servedCase();
    const { data: fa } = (await requestAs(team.firm.token, b.id)).json();
    expect((await as(team.firm.token).put(`${API}/${fa.id}/approve`, { approved: true })).statusCode).toBe(
      200,
    );
  });

  it('lets the system administrator approve any firm’s closure', async () => {
    const doc = await servedCase();
    const { data } = (await requestAs(team.attorney.token, doc.id)).json();
    const res = await as(sysAdmin).put(`${API}/${data.id}/approve`, { approved: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.closure_status).toBe('approved');
  });

  it('answers 422 without the approved flag and 404 for an unknown closure', async () => {
    expect((await as(team.firm.token).put(`${API}/999999/approve`, { approved: true })).statusCode).toBe(404);
    expect((await as(team.firm.token).put(`${API}/1/approve`, { approval_notes: 'x' })).statusCode).toBe(422);
  });
});

describe('complete', () => {
  it('completes an approved closure and sets the case to completed in the same step', async () => {
    const doc = await servedCase();
    const { data } = (await requestAs(team.attorney.token, doc.id)).json();
    const early = await as(team.attorney.token).put(`${API}/${data.id}/complete`);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe('This case closure is pending approval and cannot be completed.');
    expect(await statusOf(doc.id)).toBe('served');

    await as(team.branchAdmin.token).put(`${API}/${data.id}/approve`, { approved: true });
    const res = await as(team.attorney.token).put(`${API}/${data.id}/complete`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Case closure completed successfully');
    expect(res.json().data).toMatchObject({
      closure_status: 'completed',
      completed_by_user_id: team.attorney.id,
    });
    expect(res.json().data.completed_at).toBeTruthy();
    expect(res.json().data.document.status).toBe('completed');
    expect(await statusOf(doc.id)).toBe('completed');
    expect((await timelineOf(doc.id)).map((e) => e.eventType)).toEqual([
      'closure_requested',
      'closure_approved',
      'closure_completed',
      'status_changed',
    ]);

    const twice = await as(team.attorney.token).put(`${API}/${data.id}/complete`);
    expect(twice.statusCode).toBe(409);
    const reRequest = await requestAs(team.attorney.token, doc.id);
    expect(reRequest.statusCode).toBe(409);
    expect(reRequest.json().code).toBe('CLOSURE_CASE_CLOSED');
  });

  it('does not complete a rejected closure (409)', async () => {
    const doc = await servedCase();
    const { data } = (await requestAs(team.attorney.token, doc.id)).json();
    await as(team.firm.token).put(`${API}/${data.id}/approve`, { approved: false });
    expect((await as(team.attorney.token).put(`${API}/${data.id}/complete`)).statusCode).toBe(409);
  });

  it('is refused to the system administrator and a sheriff (403); a branch or firm administrator may complete', async () => {
    const doc = await servedCase();
    const { data } = (await requestAs(team.attorney.token, doc.id)).json();
    await as(team.branchAdmin.token).put(`${API}/${data.id}/approve`, { approved: true });
    expect((await as(sysAdmin).put(`${API}/${data.id}/complete`)).statusCode).toBe(403);
    expect((await as(sheriff).put(`${API}/${data.id}/complete`)).statusCode).toBe(403);
    const res = await as(team.branchAdmin.token).put(`${API}/${data.id}/complete`, {
      completion_notes: 'Filed.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.completion_notes).toBe('Filed.');
  });

  it('rolls back when the case was revoked after approval (409, still served)', async () => {
    const doc = await servedCase();
    const { data } = (await requestAs(team.attorney.token, doc.id)).json();
    await as(team.branchAdmin.token).put(`${API}/${data.id}/approve`, { approved: true });
    await t()
      .database.db.update(documents)
      .set({ revokedAt: new Date(), revokeReason: 'Wrong party' })
      .where(eq(documents.id, doc.id));
    const res = await as(team.attorney.token).put(`${API}/${data.id}/complete`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CLOSURE_DOCUMENT_CHANGED');
    const active = (await as(team.attorney.token).get(`${API}/document/${doc.id}/active`)).json();
    expect(active.closure_status).toBe('approved');
    expect(await statusOf(doc.id)).toBe('served');
  });
});

describe('direct close', () => {
  it('lets a firm administrator close a served case at once', async () => {
    const doc = await servedCase();
    const res = await as(team.firm.token).post(`${API}/direct-close`, {
      document_id: doc.id,
      closure_reason: 'Administrative closure',
      closure_notes: 'Duplicate matter.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Case closed successfully');
    expect(res.json().data).toMatchObject({
      closure_type: 'direct',
      closure_status: 'completed',
      closed_by_user_id: team.firm.adminId,
      completed_by_user_id: team.firm.adminId,
      approved_by_user_id: null,
    });
    expect(await statusOf(doc.id)).toBe('completed');
    expect((await timelineOf(doc.id)).map((e) => e.eventType)).toEqual([
      'closure_direct_closed',
      'status_changed',
    ]);
    const again = await as(team.firm.token).post(`${API}/direct-close`, {
      document_id: doc.id,
      closure_reason: 'Other',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CLOSURE_CASE_CLOSED');
  });

  it('is refused to a branch administrator, a legal practitioner and the system administrator (403)', async () => {
    const doc = await servedCase();
    for (const token of [team.branchAdmin.token, team.attorney.token, sysAdmin, sheriff]) {
      const res = await as(token).post(`${API}/direct-close`, {
        document_id: doc.id,
        closure_reason: 'Administrative closure',
      });
      expect(res.statusCode).toBe(403);
    }
    expect(await statusOf(doc.id)).toBe('served');
  });

  it('refuses a case with a closure under way, one not served, a reason outside the list, another firm', async () => {
    const doc = await servedCase();
    await requestAs(team.attorney.token, doc.id);
    const busy = await as(team.firm.token).post(`${API}/direct-close`, {
      document_id: doc.id,
      closure_reason: 'Other',
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('CLOSURE_ALREADY_ACTIVE');

    const draft = await servedCase({ status: 'draft' });
    expect(
      (
        await as(team.firm.token).post(`${API}/direct-close`, {
          document_id: draft.id,
          closure_reason: 'Other',
        })
      ).statusCode,
    ).toBe(409);
    const served = await servedCase();
    expect(
      (
        await as(team.firm.token).post(`${API}/direct-close`, {
          document_id: served.id,
          closure_reason: 'Settlement reached',
        })
      ).statusCode,
    ).toBe(422);
    const other = await makeOtherFirm(t());
    expect(
      (await as(other.token).post(`${API}/direct-close`, { document_id: served.id, closure_reason: 'Other' }))
        .statusCode,
    ).toBe(404);
  });

  it('may follow a rejected request', async () => {
    const doc = await servedCase();
    const { data } = (await requestAs(team.attorney.token, doc.id)).json();
    await as(team.branchAdmin.token).put(`${API}/${data.id}/approve`, { approved: false });
    const res = await as(team.firm.token).post(`${API}/direct-close`, {
      document_id: doc.id,
      closure_reason: 'Emergency closure',
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('checklist', () => {
  it('updates the checklist of a pending closure; the proof item follows the real proof; refused once completed', async () => {
    const doc = await servedCase();
    const { data } = (await requestAs(team.attorney.token, doc.id)).json();
    const res = await as(team.attorney.token).put(`${API}/${data.id}/checklist`, {
      checklist: {
        case_summary_completed: { completed: true, notes: 'Updated summary' },
        proof_of_service_uploaded: { completed: false, notes: 'tampered' },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.checklist_completed.case_summary_completed).toEqual({
      completed: true,
      notes: 'Updated summary',
      required: true,
    });
    expect(res.json().data.checklist_completed.proof_of_service_uploaded.completed).toBe(true);

    // Unticking an item blocks approval until it is done again.
    await as(team.attorney.token).put(`${API}/${data.id}/checklist`, {
      checklist: { all_documents_attached: { completed: false } },
    });
    const blocked = await as(team.branchAdmin.token).put(`${API}/${data.id}/approve`, { approved: true });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().code).toBe('CLOSURE_CHECKLIST_INCOMPLETE');
    await as(team.attorney.token).put(`${API}/${data.id}/checklist`, {
      checklist: { all_documents_attached: { completed: true } },
    });
    await as(team.branchAdmin.token).put(`${API}/${data.id}/approve`, { approved: true });
    await as(team.attorney.token).put(`${API}/${data.id}/complete`);
    const late = await as(team.attorney.token).put(`${API}/${data.id}/checklist`, {
      checklist: { all_documents_attached: { completed: true } },
    });
    expect(late.statusCode).toBe(409);
    expect((await as(sysAdmin).put(`${API}/${data.id}/checklist`, { checklist: {} })).statusCode).toBe(403);
  });
});

describe('active closure and history', () => {
  it('answers 404 when the case has no closure, then the current one', async () => {
    const doc = await servedCase();
    const none = await as(team.attorney.token).get(`${API}/document/${doc.id}/active`);
    expect(none.statusCode).toBe(404);
    const empty = await as(team.attorney.token).get(`${API}/document/${doc.id}/active?if_none=empty`);
    expect(empty.statusCode).toBe(204); // what the web app asks: "none" is not a failed request
    const { data } = (await requestAs(team.attorney.token, doc.id)).json();
    const active = await as(team.attorney.token).get(`${API}/document/${doc.id}/active`);
    expect(active.statusCode).toBe(200);
    expect(active.json().id).toBe(data.id);
    expect(
      (await as(team.attorney.token).get(`${API}/document/${doc.id}/active?if_none=empty`)).json().id,
    ).toBe(data.id);
    await as(team.branchAdmin.token).put(`${API}/${data.id}/approve`, { approved: false });
    expect(
      (await as(team.attorney.token).get(`${API}/document/${doc.id}/active`)).json().closure_status,
    ).toBe('rejected');
    expect((await as(sheriff).get(`${API}/document/${doc.id}/active`)).statusCode).toBe(403);
  });

  it('lists the history newest first: requested, rejected, requested, approved, completed', async () => {
    const doc = await servedCase();
    const { data: first } = (await requestAs(team.attorney.token, doc.id)).json();
    await as(team.branchAdmin.token).put(`${API}/${first.id}/approve`, {
      approved: false,
      approval_notes: 'Summary too short.',
    });
    const { data: second } = (
      await requestAs(team.attorney.token, doc.id, { closure_notes: 'Second try' })
    ).json();
    await as(team.branchAdmin.token).put(`${API}/${second.id}/approve`, { approved: true });
    await as(team.attorney.token).put(`${API}/${second.id}/complete`);
    const res = await as(team.attorney.token).get(`${API}/document/${doc.id}/history`);
    expect(res.statusCode).toBe(200);
    const { events, total } = res.json();
    expect(total).toBe(5);
    expect(events.map((e: { event_type: string }) => e.event_type)).toEqual([
      'completed',
      'approved',
      'requested',
      'rejected',
      'requested',
    ]);
    expect(events[3]).toMatchObject({ notes: 'Summary too short.', closure_id: first.id });
    expect(events[2]).toMatchObject({
      notes: 'Second try',
      closure_reason: 'Service completed successfully',
    });
    expect(events[2].checklist.case_summary_completed.completed).toBe(true);
    expect(events[0].performed_by.id).toBe(team.attorney.id);
  });

  it('answers an empty history for a case without closures', async () => {
    const doc = await servedCase();
    const res = await as(team.firm.token).get(`${API}/document/${doc.id}/history`);
    expect(res.json()).toEqual({ document_id: doc.id, events: [], total: 0 });
  });
});

describe('notifications', () => {
  it('tells the approvers and system admins of a request, and the requester of the decision and completion', async () => {
    const doc = await servedCase();
    const { data } = (await requestAs(team.attorney.token, doc.id)).json();
    await settleEvents(t().app);
    const byUser = async (userId: number) =>
      t()
        .database.db.select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.documentId, doc.id)));
    const sysAdminId = (await as(sysAdmin).get('/api/v1/users/me')).json().id;
    expect((await byUser(team.branchAdmin.id)).map((n) => n.title)).toEqual(['Case closure requested']);
    expect((await byUser(team.firm.adminId)).map((n) => n.title)).toEqual(['Case closure requested']);
    expect((await byUser(sysAdminId)).map((n) => n.title)).toEqual(['Case closure requested']);
    expect(await byUser(team.attorney.id)).toEqual([]);

    await as(team.branchAdmin.token).put(`${API}/${data.id}/approve`, { approved: true });
    await as(team.attorney.token).put(`${API}/${data.id}/complete`);
    await settleEvents(t().app);
    expect((await byUser(team.attorney.id)).map((n) => n.title).sort()).toEqual(['Case closure approved']);
    expect((await byUser(team.branchAdmin.id)).map((n) => n.title).sort()).toEqual([
      'Case closed',
      'Case closure requested',
    ]);
    expect((await byUser(team.firm.adminId)).map((n) => n.title).sort()).toEqual([
      'Case closed',
      'Case closure approved',
      'Case closure requested',
    ]);
  });
});
