import { randomBytes } from 'node:crypto';
import type { TestApp } from './build-app';

const unique = () => randomBytes(4).toString('hex');

export type RegisteredFirm = {
  firmId: number;
  branchId: number;
  adminId: number;
  adminEmail: string;
  password: string;
  token: string;
};

/** Registers a firm through the public call, as a real firm administrator would, and logs in. */
export async function registerFirm(t: TestApp, overrides: Record<string, unknown> = {}): Promise<RegisteredFirm> {
  const id = unique();
  const password = 'Firm@12345';
  const body = {
    full_name: `Admin ${id}`,
    email: `admin-${id}@firm.co.za`,
    password,
    confirm_password: password,
    firm_name: `Firm ${id} Attorneys`,
    firm_email: `info-${id}@firm.co.za`,
    firm_address: '1 Church Street, Pretoria, 0002',
    branch_name: 'Pretoria Main',
    practice_number: `PR-${id}`,
    ...overrides,
  };
  const res = await t.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const { data } = res.json();
  const token = await t.login(body.email as string, password);
  return { firmId: data.firm.id, branchId: data.branch.id, adminId: data.user.id, adminEmail: body.email as string, password, token };
}

/** Creates a firm user through the firm administrator's call; logs them in with the generated password. */
export async function addFirmUser(
  t: TestApp,
  firm: RegisteredFirm,
  role: 'branch_admin' | 'legal_practitioner',
  overrides: Record<string, unknown> = {},
) {
  const email = `${role}-${unique()}@firm.co.za`;
  const res = await t.as(firm.token).post('/api/v1/users/create-firm-user', {
    email,
    full_name: `${role === 'branch_admin' ? 'Branch Admin' : 'Attorney'} ${unique()}`,
    role,
    branch_id: firm.branchId,
    ...overrides,
  });
  if (res.statusCode !== 201) throw new Error(`create-firm-user failed: ${res.statusCode} ${res.body}`);
  const { user, generated_password } = res.json();
  return { id: user.id as number, email, password: generated_password as string, token: await t.login(email, generated_password) };
}
