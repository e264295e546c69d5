import { randomBytes, randomUUID } from 'node:crypto';
import type { TestApp } from './build-app';
import { addCycle, addDays, cyclePriceCents } from '../src/lib/money';
import { findPlanByName } from '../src/modules/subscriptions/plans.repository';
import { insertSubscription } from '../src/modules/subscriptions/subscriptions.repository';

const unique = () => randomBytes(4).toString('hex');

export type RegisteredFirm = {
  firmId: number;
  branchId: number;
  adminId: number;
  adminEmail: string;
  password: string;
  token: string;
};

/**
 * Registers a firm through the public call, as a real firm administrator would, and logs in. The firm gets an active
 * subscription (unlimited Enterprise plan) unless `subscribed: false`: firm roles without one are stopped by the gate.
 */
export async function registerFirm(
  t: TestApp,
  overrides: Record<string, unknown> = {},
  { subscribed = true }: { subscribed?: boolean } = {},
): Promise<RegisteredFirm> {
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
  if (subscribed) await subscribeFirm(t, data.firm.id);
  return {
    firmId: data.firm.id,
    branchId: data.branch.id,
    adminId: data.user.id,
    adminEmail: body.email as string,
    password,
    token,
  };
}

export type SubscribeOptions = {
  /** Plan name (default 'enterprise': no limits on users or digital services). */
  plan?: string;
  status?: 'active' | 'trial';
  billingCycle?: 'monthly' | 'quarterly' | 'annual';
  /** 'simulator' (default) has a card token, so plan changes, card updates and cancellation work; 'manual' has none. */
  provider?: 'simulator' | 'manual';
  /** Start of the current period (default now). */
  start?: Date;
};

/** Gives a firm an active (or trial) subscription directly through the subscriptions repository; answers its id. */
export async function subscribeFirm(
  t: TestApp,
  firmId: number,
  opts: SubscribeOptions = {},
): Promise<number> {
  const db = t.database.db;
  const plan = await findPlanByName(db, opts.plan ?? 'enterprise');
  if (!plan) throw new Error(`no plan ${opts.plan ?? 'enterprise'}`);
  const cycle = opts.billingCycle ?? 'monthly';
  const start = opts.start ?? new Date();
  const trial = opts.status === 'trial';
  const end = trial ? addDays(start, 14) : addCycle(start, cycle);
  const provider = opts.provider ?? 'simulator';
  const sub = await insertSubscription(db, {
    firmId,
    planId: plan.id,
    status: trial ? 'trial' : 'active',
    billingCycle: cycle,
    amountCents: cyclePriceCents(plan, cycle) ?? 0,
    trialDays: trial ? 14 : 0,
    startDate: start,
    currentPeriodStart: start,
    endDate: end,
    trialEndDate: trial ? end : null,
    provider,
    providerToken: provider === 'manual' ? null : randomUUID(),
  });
  return sub.id;
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
  return { id: user.id as number, email, ...(await choosePassword(t, email, generated_password as string)) };
}

/**
 * Logs in with a generated password and replaces it, as the user must before anything else (must_change_password);
 * answers the new password and a token that works everywhere.
 */
async function choosePassword(
  t: TestApp,
  email: string,
  generated: string,
  password = `Chosen@${unique()}1`,
) {
  const token = await t.login(email, generated);
  const res = await t.as(token).post('/api/v1/users/change-password', {
    current_password: generated,
    new_password: password,
    confirm_password: password,
  });
  if (res.statusCode !== 200) throw new Error(`change-password failed: ${res.statusCode} ${res.body}`);
  return { password, token };
}
