import type { FirmSubscription } from '@lexserve/contracts/admin';
import type { Payment } from '@lexserve/contracts/payments';
import type { Plan, Subscription, Usage } from '@lexserve/contracts/subscriptions';

const noFeatures = {
  sheriff_assignment: false,
  attorney_assignment: false,
  unlimited_digital_services: false,
  priority_support: false,
  advanced_reporting: false,
  api_access: false,
  custom_templates: false,
  audit_trail: false,
  multi_branch_support: false,
};

let nextPlanId = 1;

/** A plan as the API answers, with overrides. */
export const makePlan = (overrides: Partial<Plan> = {}): Plan => {
  const id = overrides.id ?? nextPlanId++;
  return {
    id,
    name: `plan_${id}`,
    display_name: `Plan ${id}`,
    description: 'A plan for testing.',
    plan_type: 'custom',
    monthly_price: '499.00',
    quarterly_price: '1347.30',
    annual_price: '4790.40',
    yearly_price: '4790.40',
    currency: 'ZAR',
    is_contact_sales: false,
    max_digital_services: 100,
    is_unlimited_services: false,
    max_users: 5,
    max_branches: 1,
    max_storage_gb: 10,
    max_cases: -1,
    trial_days: 0,
    is_active: true,
    is_featured: false,
    features: { ...noFeatures },
    feature_list: [],
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    ...overrides,
  };
};

/** The firm's subscription as GET /subscriptions/my-subscription answers. */
export const makeMySubscription = (overrides: Partial<Subscription> = {}): Subscription => ({
  id: 7,
  firm_id: 1,
  status: 'active',
  plan_id: 1,
  plan: {
    id: 1,
    name: 'small_practice',
    display_name: 'Small Practice',
    description: 'For small practices.',
    monthly_price: '499.00',
  },
  billing_cycle: 'monthly',
  amount: '499.00',
  start_date: '2025-06-01T10:00:00Z',
  end_date: '2999-07-01T10:00:00Z',
  trial_end_date: null,
  access_ends_at: null,
  cancelled_at: null,
  cancellation_reason: null,
  data_retained_until: null,
  current_period_start: '2025-06-01T10:00:00Z',
  next_billing_date: '2999-07-01T10:00:00Z',
  next_charge_amount: '499.00',
  is_active: true,
  has_access: true,
  has_payment_method: true,
  pending_change: null,
  current_digital_services: 12,
  current_users: 3,
  current_storage_mb: 2600,
  created_at: '2025-06-01T10:00:00Z',
  updated_at: '2025-06-01T10:00:00Z',
  ...overrides,
});

export const makeUsage = (overrides: Partial<Usage> = {}): Usage => ({
  subscription_id: 7,
  plan_id: 1,
  digital_services_used: 80,
  digital_services_limit: 100,
  users_count: 3,
  users_limit: 5,
  branches_count: 1,
  branches_limit: 1,
  storage_used_mb: 1536,
  storage_limit_mb: 10240,
  current_period_start: '2025-06-01T10:00:00Z',
  current_period_end: '2025-07-01T10:00:00Z',
  ...overrides,
});

export const makePayment = (overrides: Partial<Payment> = {}): Payment => ({
  id: 11,
  payment_reference: 'LS-20250601-ABC',
  amount: '499.00',
  currency: 'ZAR',
  status: 'completed',
  kind: 'initial',
  pf_payment_id: '1234567',
  provider_payment_id: '1234567',
  provider: 'simulator',
  subscription_id: 7,
  plan_id: 1,
  plan_name: 'Small Practice',
  billing_cycle: 'monthly',
  item_name: 'LexServe Small Practice',
  paid_at: '2025-06-01T10:05:00Z',
  created_at: '2025-06-01T10:00:00Z',
  ...overrides,
});

export const makeFirmSubscription = (overrides: Partial<FirmSubscription> = {}): FirmSubscription => ({
  id: 7,
  firm_id: 3,
  firm: { id: 3, name: 'Khumalo Attorneys' },
  plan_id: 1,
  plan: {
    id: 1,
    name: 'small_practice',
    display_name: 'Small Practice',
    description: null,
    monthly_price: '499.00',
  },
  status: 'active',
  billing_cycle: 'monthly',
  amount: '499.00',
  start_date: '2025-06-01T10:00:00Z',
  end_date: '2025-07-01T10:00:00Z',
  trial_end_date: null,
  trial_ends_at: null,
  access_ends_at: null,
  cancelled_at: null,
  cancellation_reason: null,
  provider: 'simulator',
  has_payment_method: true,
  expires_soon: false,
  created_at: '2025-06-01T10:00:00Z',
  updated_at: '2025-06-01T10:00:00Z',
  ...overrides,
});
