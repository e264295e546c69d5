import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from './build-app';
import { registerFirm } from './factories';

/**
 * Walks every /api/v1 route the app registers, for every role:
 * - without a token, every authenticated route answers 401;
 * - with any role's token and empty or nonsense input, no route answers 5xx;
 * - the foundation routes answer each role as the policy table says.
 */
const t = useTestApp();

type Caller = { name: string; token?: string };

async function callers(): Promise<Caller[]> {
  const other = await registerFirm(t());
  const firmAdmin = await t().login(DEMO.firmAdmin);
  // The demo firm's API key (read and write): keys reach only some routes, and never a 5xx on the others.
  const key = await t()
    .as(firmAdmin)
    .post('/api/v1/api-keys', { name: `Matrix ${Math.random()}`, scope: 'read_write' });
  return [
    { name: 'api_key', token: key.json().key as string },
    { name: 'anonymous' },
    { name: 'system_admin', token: await t().login(DEMO.admin) },
    { name: 'sheriff', token: await t().login(DEMO.sheriff) },
    { name: 'firm_admin', token: await t().login(DEMO.firmAdmin) },
    { name: 'branch_admin', token: await t().login(DEMO.branchAdmin) },
    { name: 'legal_practitioner', token: await t().login(DEMO.attorney) },
    { name: 'other_firm_admin', token: other.token },
  ];
}

const fill = (url: string, value: string) => url.replace(/:[A-Za-z_]+/g, value).replace(/\*$/, value);

describe('authorization matrix', () => {
  it('refuses every authenticated route without a token (401)', async () => {
    const routes = t().app.routeTable.filter((r) => r.authenticated);
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const r of routes) {
      const res = await t().inject({ method: r.method as 'GET', url: fill(r.url, '1') });
      if (res.statusCode !== 401) failures.push(`${r.method} ${r.url} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('never answers 5xx, whatever the role and however odd the input', async () => {
    const who = await callers();
    const failures: string[] = [];
    for (const r of t().app.routeTable) {
      if (r.url.includes('/ws/')) continue;
      for (const c of who) {
        for (const param of ['999999', 'abc']) {
          const res = await t().inject({
            method: r.method as 'GET',
            url: fill(r.url, param),
            headers: c.token ? { authorization: `Bearer ${c.token}` } : {},
            ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
          });
          if (res.statusCode >= 500)
            failures.push(
              `${c.name} ${r.method} ${fill(r.url, param)} → ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers each role on the foundation routes as the policy says', async () => {
    const who = Object.fromEntries((await callers()).map((c) => [c.name, c.token!]));
    const firmAdminMe = (await t().as(who.firm_admin!).get('/api/v1/users/me')).json();
    const expectations: { call: [string, string, unknown?]; allowed: string[] }[] = [
      {
        call: ['GET', '/api/v1/users'],
        allowed: ['system_admin', 'firm_admin', 'branch_admin', 'other_firm_admin'],
      },
      {
        call: ['GET', '/api/v1/users/sheriffs'],
        allowed: ['system_admin', 'firm_admin', 'branch_admin', 'legal_practitioner', 'other_firm_admin'],
      },
      {
        call: ['GET', '/api/v1/users/firm-branches-with-users'],
        allowed: ['firm_admin', 'other_firm_admin'],
      },
      // A sheriff reads only the people of the documents assigned to them (none of the demo firm's here).
      {
        call: ['GET', `/api/v1/users/${firmAdminMe.id}`],
        allowed: ['system_admin', 'firm_admin', 'branch_admin', 'legal_practitioner'],
      },
      {
        call: ['POST', '/api/v1/firms/', { name: `Matrix ${Math.random()}`, contact_email: 'm@x.co.za' }],
        allowed: ['system_admin'],
      },
      {
        call: ['GET', '/api/v1/firms/'],
        allowed: [
          'system_admin',
          'sheriff',
          'firm_admin',
          'branch_admin',
          'legal_practitioner',
          'other_firm_admin',
        ],
      },
      {
        call: ['PUT', `/api/v1/firms/${firmAdminMe.firm_id}`, { phone: '+27 21 000 0000' }],
        allowed: ['system_admin', 'firm_admin'],
      },
      {
        call: ['PUT', `/api/v1/branches/${firmAdminMe.branch_id}`, { contact_phone: '+27 21 000 0001' }],
        allowed: ['system_admin', 'firm_admin', 'branch_admin'],
      },
      {
        call: ['GET', '/api/v1/admin/sheriff-areas'],
        allowed: ['system_admin'],
      },
      {
        call: ['GET', '/api/v1/sheriff-areas?address=12%20Long%20Street%2C%20Cape%20Town%2C%208001'],
        allowed: [
          'system_admin',
          'sheriff',
          'firm_admin',
          'branch_admin',
          'legal_practitioner',
          'other_firm_admin',
        ],
      },
      {
        call: ['GET', '/api/v1/users/me/permissions'],
        allowed: [
          'system_admin',
          'sheriff',
          'firm_admin',
          'branch_admin',
          'legal_practitioner',
          'other_firm_admin',
        ],
      },
    ];
    const mismatches: string[] = [];
    for (const { call, allowed } of expectations) {
      const [method, url, body] = call;
      for (const [role, token] of Object.entries(who)) {
        if (role === 'anonymous' || role === 'api_key') continue;
        const payload =
          body && typeof body === 'object' && 'name' in body
            ? { ...body, name: `${(body as { name: string }).name}-${role}` }
            : body;
        const res = await t().inject({
          method: method as 'GET',
          url,
          headers: { authorization: `Bearer ${token}` },
          ...(payload ? { payload: payload as object } : {}),
        });
        const ok = res.statusCode < 300;
        if (ok !== allowed.includes(role)) mismatches.push(`${role} ${method} ${url} → ${res.statusCode}`);
        if (!ok && ![403, 404].includes(res.statusCode))
          mismatches.push(`${role} ${method} ${url} → unexpected ${res.statusCode}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
