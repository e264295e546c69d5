-- Platform foundation: firms, branches, users, sessions, password resets, mail outbox, domain events, jobs.

CREATE TABLE firms (
  id serial PRIMARY KEY,
  name text NOT NULL,
  contact_email text NOT NULL,
  phone text,
  address text,
  max_branches integer NOT NULL DEFAULT 1 CHECK (max_branches >= 1),
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX firms_name_unique ON firms (lower(name));

CREATE TABLE branches (
  id serial PRIMARY KEY,
  firm_id integer NOT NULL REFERENCES firms(id) ON DELETE RESTRICT,
  name text NOT NULL,
  practice_number text NOT NULL,
  address text,
  contact_email text,
  contact_phone text,
  digital_service_address text,
  is_main boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX branches_practice_number_unique ON branches (lower(practice_number));
CREATE INDEX branches_firm_idx ON branches (firm_id);

CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL,
  password_hash text,
  full_name text NOT NULL,
  username text NOT NULL,
  role text NOT NULL CHECK (role IN ('system_admin','sheriff','firm_admin','branch_admin','legal_practitioner')),
  phone_number text,
  address text,
  firm_id integer REFERENCES firms(id) ON DELETE RESTRICT,
  branch_id integer REFERENCES branches(id) ON DELETE RESTRICT,
  is_active boolean NOT NULL DEFAULT true,
  is_system boolean NOT NULL DEFAULT false,
  notification_preferences jsonb,
  last_login timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_unique ON users (lower(email));
CREATE INDEX users_firm_idx ON users (firm_id);
CREATE INDEX users_branch_idx ON users (branch_id);

-- Id 1 is the system account: it performs automatic work and can never log in.
INSERT INTO users (email, full_name, username, role, is_system)
VALUES ('system@lexserve.internal', 'LexServe System', 'system', 'system_admin', true);

CREATE TABLE refresh_tokens (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  family_id uuid NOT NULL,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  rotated_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);

CREATE TABLE password_reset_tokens (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_audit_log (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  performed_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  action text NOT NULL,
  reason text,
  details jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_audit_log_user_idx ON user_audit_log (user_id);

CREATE TABLE mail_outbox (
  id serial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  status text NOT NULL DEFAULT 'kept' CHECK (status IN ('kept','sent','failed')),
  error text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE domain_events (
  id bigserial PRIMARY KEY,
  type text NOT NULL,
  payload jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  processed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX domain_events_pending_idx ON domain_events (id) WHERE processed_at IS NULL;

CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  done_at timestamptz,
  dedupe_key text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE done_at IS NULL;
