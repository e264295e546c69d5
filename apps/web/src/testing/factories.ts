import type { TokenPair } from '@lexserve/contracts/auth';
import type { User } from '@lexserve/contracts/users';
import { ROLE_LABELS } from '../config/constants';
import type { FirmBranchesWithUsers } from '../features/users/api/firm-users';

let nextId = 100;

export const makeUser = (overrides: Partial<User> = {}): User => {
  const id = overrides.id ?? nextId++;
  const role = overrides.role ?? 'firm_admin';
  const fullName = overrides.full_name ?? 'Thandi Mokoena';
  return {
    id,
    email: `user${id}@demo.co.za`,
    full_name: fullName,
    display_name: fullName,
    username: `user${id}`,
    name: fullName,
    role,
    role_display_name: ROLE_LABELS[role],
    phone_number: null,
    address: null,
    firm_id: role === 'system_admin' || role === 'sheriff' ? null : 1,
    branch_id: null,
    is_active: true,
    created_at: '2025-03-05T08:00:00Z',
    updated_at: '2025-03-05T08:00:00Z',
    last_login: '2025-06-01T12:30:00Z',
    must_change_password: false,
    ...overrides,
  };
};

export const makeTokenPair = (overrides: Partial<TokenPair> = {}): TokenPair => ({
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  token_type: 'bearer',
  expires_in: 900,
  ...overrides,
});

export const makeFirmOverview = (overrides: Partial<FirmBranchesWithUsers> = {}): FirmBranchesWithUsers => ({
  firm_id: 1,
  firm_name: 'Demo Attorneys',
  total_branches: 1,
  total_users: 2,
  active_branches: 1,
  active_users: 2,
  branches: [],
  unassigned_users: [],
  ...overrides,
});

export const makeSubscription = (overrides: Record<string, unknown> = {}) => ({
  id: 1,
  status: 'active',
  plan_id: 1,
  plan: { name: 'professional', display_name: 'Professional' },
  billing_cycle: 'monthly',
  start_date: '2025-01-01T00:00:00Z',
  end_date: '2999-01-01T00:00:00Z',
  trial_end_date: null,
  access_ends_at: null,
  ...overrides,
});
