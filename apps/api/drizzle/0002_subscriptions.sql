-- Subscriptions and payments: plans, firm subscriptions and their history, payments, the ITN log,
-- payment-cancel feedback and sales-contact requests. Money is integer cents (ZAR).

CREATE TABLE subscription_plans (
  id serial PRIMARY KEY,
  name text NOT NULL,
  display_name text NOT NULL,
  description text,
  plan_type text NOT NULL DEFAULT 'custom' CHECK (plan_type IN ('small_practice','medium_large_firm','enterprise','custom')),
  -- NULL: no price ('Contact Us'); such plans cannot be selected, only asked about.
  monthly_price_cents integer CHECK (monthly_price_cents IS NULL OR monthly_price_cents > 0),
  quarterly_price_cents integer CHECK (quarterly_price_cents IS NULL OR quarterly_price_cents >= 0),
  annual_price_cents integer CHECK (annual_price_cents IS NULL OR annual_price_cents >= 0),
  currency text NOT NULL DEFAULT 'ZAR' CHECK (currency = 'ZAR'),
  -- NULL limits mean unlimited.
  max_digital_services integer CHECK (max_digital_services IS NULL OR max_digital_services > 0),
  max_users integer CHECK (max_users IS NULL OR max_users > 0),
  max_branches integer NOT NULL DEFAULT 1 CHECK (max_branches >= 1),
  max_storage_gb integer NOT NULL DEFAULT 10 CHECK (max_storage_gb >= 1),
  max_cases integer CHECK (max_cases IS NULL OR max_cases > 0),
  trial_days integer NOT NULL DEFAULT 0 CHECK (trial_days >= 0),
  features jsonb NOT NULL DEFAULT '{}'::jsonb,
  is_active boolean NOT NULL DEFAULT true,
  is_featured boolean NOT NULL DEFAULT false,
  -- A plan only history refers to is archived rather than deleted.
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX subscription_plans_name_unique ON subscription_plans (lower(name)) WHERE deleted_at IS NULL;

CREATE TABLE firm_subscriptions (
  id serial PRIMARY KEY,
  firm_id integer NOT NULL REFERENCES firms(id) ON DELETE RESTRICT,
  plan_id integer NOT NULL REFERENCES subscription_plans(id) ON DELETE RESTRICT,
  status text NOT NULL CHECK (status IN ('pending','trial','active','cancelled','expired')),
  billing_cycle text NOT NULL CHECK (billing_cycle IN ('monthly','quarterly','annual')),
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  balance_cents integer NOT NULL DEFAULT 0,
  trial_days integer NOT NULL DEFAULT 0 CHECK (trial_days >= 0),
  start_date timestamptz,
  current_period_start timestamptz,
  end_date timestamptz,
  trial_end_date timestamptz,
  cancelled_at timestamptz,
  access_ends_at timestamptz,
  data_retained_until timestamptz,
  cancellation_reason text,
  cancellation_feedback text,
  cancelled_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  pending_plan_id integer REFERENCES subscription_plans(id) ON DELETE RESTRICT,
  pending_billing_cycle text CHECK (pending_billing_cycle IS NULL OR pending_billing_cycle IN ('monthly','quarterly','annual')),
  pending_amount_cents integer CHECK (pending_amount_cents IS NULL OR pending_amount_cents >= 0),
  provider text NOT NULL DEFAULT 'manual' CHECK (provider IN ('manual','simulator','payfast')),
  provider_token text,
  created_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The gate's one query per request: firm_id + status.
CREATE INDEX firm_subscriptions_firm_status_idx ON firm_subscriptions (firm_id, status);
-- At most one open (pending, trial or active) subscription per firm, whatever the number of instances.
CREATE UNIQUE INDEX firm_subscriptions_one_open ON firm_subscriptions (firm_id) WHERE status IN ('pending','trial','active');
CREATE INDEX firm_subscriptions_token_idx ON firm_subscriptions (provider_token) WHERE provider_token IS NOT NULL;
CREATE INDEX firm_subscriptions_end_idx ON firm_subscriptions (end_date) WHERE status IN ('trial','active');

CREATE TABLE subscription_changes (
  id serial PRIMARY KEY,
  subscription_id integer NOT NULL REFERENCES firm_subscriptions(id) ON DELETE CASCADE,
  firm_id integer NOT NULL REFERENCES firms(id) ON DELETE CASCADE,
  change_type text NOT NULL,
  from_status text,
  to_status text,
  from_plan_id integer REFERENCES subscription_plans(id) ON DELETE SET NULL,
  to_plan_id integer REFERENCES subscription_plans(id) ON DELETE SET NULL,
  effective_at timestamptz NOT NULL DEFAULT now(),
  amount_cents integer,
  reason text,
  feedback text,
  performed_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  details jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscription_changes_subscription_idx ON subscription_changes (subscription_id);
CREATE INDEX subscription_changes_firm_idx ON subscription_changes (firm_id);
CREATE INDEX subscription_changes_type_idx ON subscription_changes (change_type, effective_at);

CREATE TABLE payments (
  id serial PRIMARY KEY,
  firm_id integer NOT NULL REFERENCES firms(id) ON DELETE RESTRICT,
  subscription_id integer NOT NULL REFERENCES firm_subscriptions(id) ON DELETE RESTRICT,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('initial','renewal')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','processing','completed','failed','cancelled')),
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  currency text NOT NULL DEFAULT 'ZAR' CHECK (currency = 'ZAR'),
  payment_reference text NOT NULL UNIQUE,
  signature text,
  provider text NOT NULL CHECK (provider IN ('manual','simulator','payfast')),
  provider_payment_id text,
  amount_fee_cents integer,
  amount_net_cents integer,
  item_name text,
  paid_at timestamptz,
  cancel_reason text,
  cancel_feedback text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Idempotency of the ITN: one payment per provider payment id.
CREATE UNIQUE INDEX payments_provider_payment_unique ON payments (provider, provider_payment_id) WHERE provider_payment_id IS NOT NULL;
CREATE INDEX payments_signature_idx ON payments (signature);
CREATE INDEX payments_subscription_idx ON payments (subscription_id);
CREATE INDEX payments_firm_idx ON payments (firm_id);
CREATE INDEX payments_paid_at_idx ON payments (paid_at) WHERE status = 'completed';

CREATE TABLE payment_notifications (
  id serial PRIMARY KEY,
  provider text NOT NULL,
  pf_payment_id text,
  m_payment_id text,
  payment_status text,
  outcome text NOT NULL CHECK (outcome IN ('processed','duplicate','rejected')),
  error text,
  remote_ip text,
  payload jsonb NOT NULL,
  payment_id integer REFERENCES payments(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- A notification is processed once; replays find this row and are answered without effect.
CREATE UNIQUE INDEX payment_notifications_once ON payment_notifications (provider, pf_payment_id, payment_status)
  WHERE outcome = 'processed';
CREATE INDEX payment_notifications_created_idx ON payment_notifications (created_at);

CREATE TABLE payment_feedback (
  id serial PRIMARY KEY,
  firm_id integer REFERENCES firms(id) ON DELETE CASCADE,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  payment_id integer REFERENCES payments(id) ON DELETE SET NULL,
  reason text NOT NULL CHECK (reason IN ('pricing','features','technical','other')),
  comment text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sales_contact_requests (
  id serial PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  phone text,
  firm_name text,
  message text,
  plan_id integer REFERENCES subscription_plans(id) ON DELETE SET NULL,
  firm_id integer REFERENCES firms(id) ON DELETE SET NULL,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new','contacted','closed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sales_contact_requests_created_idx ON sales_contact_requests (created_at);
