import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/build-app';
import { addFirmUser, registerFirm } from '../../../test/factories';

const t = useTestApp();

describe('firms', () => {
  it('searches the firm directory', async () => {
    const firm = await registerFirm(t(), { firm_name: 'Zebra Searchable Attorneys' });
    const lp = await t().login(DEMO.attorney);
    const res = await t().as(lp).get('/api/v1/firms/?search=zebra&skip=0&limit=10');
    expect(res.statusCode).toBe(200);
    expect(res.json().firms.map((f: { id: number }) => f.id)).toEqual([firm.firmId]);
    const branches = (await t().as(lp).get(`/api/v1/firms/${firm.firmId}/branches`)).json().branches;
    expect(branches[0].digital_service_address).toBeTruthy();
  });

  it('lets the system administrator create, update and delete firms with the spec messages', async () => {
    const api = t().as(await t().login(DEMO.admin));
    const bad = await api.post('/api/v1/firms/', { name: '', contact_email: '' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].msg).toBe('Firm name and contact email are required.');
    const zero = await api.post('/api/v1/firms/', {
      name: 'Zero Branch',
      contact_email: 'z@z.co.za',
      max_branches: 0,
    });
    expect(zero.json().detail[0].msg).toBe('Maximum branches must be at least 1.');
    const created = await api.post('/api/v1/firms/', {
      name: 'Admin Made Firm',
      contact_email: 'a@m.co.za',
      max_branches: 2,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const dup = await api.post('/api/v1/firms/', { name: 'admin made firm', contact_email: 'b@m.co.za' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().detail).toBe('A firm with this name already exists.');
    expect(
      (await api.put(`/api/v1/firms/${id}`, { address: '5 Main Road, Durban' })).json().data.address,
    ).toBe('5 Main Road, Durban');
    const branch = await api.post('/api/v1/branches/', {
      name: 'Durban',
      firm_id: id,
      practice_number: 'DBN-77',
    });
    expect(branch.statusCode).toBe(201);
    const blocked = await api.delete(`/api/v1/firms/${id}`);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().detail).toBe('Cannot delete firm. It may have associated branches or users.');
    expect((await api.delete(`/api/v1/branches/${branch.json().data.id}`)).statusCode).toBe(200);
    expect((await api.delete(`/api/v1/firms/${id}`)).statusCode).toBe(200);
    expect((await api.get(`/api/v1/firms/${id}`)).statusCode).toBe(404);
  });

  it('answers the firm of a user, and 404 when there is none', async () => {
    const lp = await t().login(DEMO.attorney);
    const me = (await t().as(lp).get('/api/v1/users/me')).json();
    expect((await t().as(lp).get(`/api/v1/firms/user/${me.id}`)).json().name).toBe('Demo Attorneys Inc.');
    const sheriff = (
      await t()
        .as(await t().login(DEMO.sheriff))
        .get('/api/v1/users/me')
    ).json();
    const none = await t().as(lp).get(`/api/v1/firms/user/${sheriff.id}`);
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toBe('No firm found for this user.');
  });
});

describe('branches', () => {
  it('lets a firm admin add and edit branches of their own firm only', async () => {
    const a = await registerFirm(t());
    const b = await registerFirm(t());
    const api = t().as(a.token);
    const missing = await api.post('/api/v1/branches/', { name: 'X', firm_id: a.firmId });
    expect(missing.json().detail[0].msg).toBe('Practice number is required.');
    const ok = await api.post('/api/v1/branches/', {
      name: 'Second',
      firm_id: a.firmId,
      practice_number: `S-${a.firmId}`,
    });
    expect(ok.statusCode).toBe(201);
    const dup = await api.post('/api/v1/branches/', {
      name: 'Third',
      firm_id: a.firmId,
      practice_number: `s-${a.firmId}`,
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().detail).toBe('A branch with this practice number already exists.');
    expect(
      (await api.post('/api/v1/branches/', { name: 'Evil', firm_id: b.firmId, practice_number: 'EVIL-1' }))
        .statusCode,
    ).toBe(403);
    expect((await api.put(`/api/v1/branches/${b.branchId}`, { name: 'Evil' })).statusCode).toBe(403);
    expect((await api.delete(`/api/v1/branches/${b.branchId}`)).statusCode).toBe(403);
    const byNumber = await api.get(`/api/v1/branches/practice-number/S-${a.firmId}`);
    expect(byNumber.json().id).toBe(ok.json().data.id);
    const none = await api.get('/api/v1/branches/practice-number/NOPE-404');
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toBe('No branch found with this practice number.');
    const list = (await api.get('/api/v1/branches/'))
      .json()
      .branches.map((x: { firm_id: number }) => x.firm_id);
    expect(new Set(list)).toEqual(new Set([a.firmId]));
  });

  it('refuses to delete a branch that has users or is the main branch', async () => {
    const a = await registerFirm(t());
    const api = t().as(a.token);
    const second = (
      await api.post('/api/v1/branches/', {
        name: 'Second',
        firm_id: a.firmId,
        practice_number: `D-${a.firmId}`,
      })
    ).json().data;
    await addFirmUser(t(), a, 'legal_practitioner', { branch_id: second.id });
    const res = await api.delete(`/api/v1/branches/${second.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Cannot delete branch. It may have associated users or documents.');
    expect((await api.delete(`/api/v1/branches/${a.branchId}`)).statusCode).toBe(409);
  });

  it('never lets two branches share a digital service address', async () => {
    // Practice numbers that differ only in punctuation derive the same address: the second is numbered.
    const first = await registerFirm(t(), { practice_number: 'DSA/900' });
    const second = await registerFirm(t(), { practice_number: 'DSA 900' });
    const address = async (firm: { firmId: number; token: string }) =>
      (await t().as(firm.token).get(`/api/v1/firms/${firm.firmId}/branches`)).json().branches[0]
        .digital_service_address as string;
    expect(await address(first)).toBe('dsa-900@dsa.lexserve.co.za');
    expect(await address(second)).toBe('dsa-900-2@dsa.lexserve.co.za');
    // Choosing another branch's address, in any case, is refused.
    const taken = await t()
      .as(second.token)
      .put(`/api/v1/branches/${second.branchId}`, { digital_service_address: 'DSA-900@dsa.lexserve.co.za' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe(
      'This digital service address is already used by another branch. Choose another address.',
    );
    expect(await address(second)).toBe('dsa-900-2@dsa.lexserve.co.za');
  });
});
