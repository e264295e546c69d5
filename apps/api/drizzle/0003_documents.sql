-- Case documents: documents, case files, parties and their links, the timeline, proof of service with its
-- security IDs, and the record of electronic service to the digital service address (DSA).

-- firm_id / branch_id are the owning firm and branch (the tenant: every query is scoped by them, plan usage
-- is metered from them). service_firm_id / service_branch_id / digital_service_address are the legal
-- representative chosen in step 4 of the wizard, on whose DSA the document is served.
CREATE TABLE documents (
  id serial PRIMARY KEY,
  title text NOT NULL DEFAULT 'Draft Document',
  document_type text,
  case_category text,
  case_number text,
  case_priority text CHECK (case_priority IN ('urgent','restricted_access','high_profile','none_of_the_above')),
  client_name text,
  recipient_name text,
  recipient_address text,
  special_instructions text,
  service_notes text,
  firm_id integer NOT NULL REFERENCES firms(id) ON DELETE RESTRICT,
  branch_id integer REFERENCES branches(id) ON DELETE RESTRICT,
  created_by_id integer NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  assigned_sheriff_id integer REFERENCES users(id) ON DELETE SET NULL,
  service_firm_id integer REFERENCES firms(id) ON DELETE SET NULL,
  service_branch_id integer REFERENCES branches(id) ON DELETE SET NULL,
  digital_service_address text,
  signature_name text,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN
    ('draft','pending','in_progress','assigned','served','delivered','completed','received','urgent','cancelled','archived')),
  service_date timestamptz,
  served_at timestamptz,
  served_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  draft_metadata text,
  revoked_at timestamptz,
  revoke_reason text,
  revoked_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX documents_firm_idx ON documents (firm_id, created_at DESC);
CREATE INDEX documents_branch_idx ON documents (branch_id);
CREATE INDEX documents_sheriff_idx ON documents (assigned_sheriff_id) WHERE assigned_sheriff_id IS NOT NULL;
CREATE INDEX documents_served_idx ON documents (firm_id, served_at) WHERE served_at IS NOT NULL;

CREATE TABLE case_files (
  id serial PRIMARY KEY,
  document_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  firm_id integer NOT NULL REFERENCES firms(id) ON DELETE RESTRICT,
  filename text NOT NULL,
  storage_key text NOT NULL UNIQUE,
  size bigint NOT NULL CHECK (size >= 0),
  mime_type text NOT NULL,
  sha256 text NOT NULL,
  is_bundle boolean NOT NULL DEFAULT false,
  is_primary boolean NOT NULL DEFAULT false,
  -- Part of the set served on the DSA (set on submit); served files are never deleted.
  is_served boolean NOT NULL DEFAULT false,
  page_count integer,
  bundle_source_ids jsonb,
  uploaded_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX case_files_document_idx ON case_files (document_id, id);
CREATE INDEX case_files_firm_idx ON case_files (firm_id);
CREATE INDEX case_files_sha256_idx ON case_files (sha256);
CREATE UNIQUE INDEX case_files_one_primary ON case_files (document_id) WHERE is_primary;

CREATE TABLE parties (
  id serial PRIMARY KEY,
  firm_id integer NOT NULL REFERENCES firms(id) ON DELETE RESTRICT,
  party_type text NOT NULL CHECK (party_type IN ('individual','entity')),
  title text,
  first_name text,
  middle_name text,
  last_name text,
  gender text,
  marital_status text,
  nationality text,
  race text,
  id_number text,
  date_of_birth date,
  trading_name text,
  registration_number text,
  business_type text,
  email text,
  physical_address text,
  language text,
  created_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX parties_firm_idx ON parties (firm_id, id);
CREATE INDEX parties_id_number_idx ON parties (firm_id, id_number) WHERE id_number IS NOT NULL;
CREATE INDEX parties_registration_idx ON parties (firm_id, lower(registration_number)) WHERE registration_number IS NOT NULL;

CREATE TABLE document_parties (
  id serial PRIMARY KEY,
  document_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  party_id integer NOT NULL REFERENCES parties(id) ON DELETE CASCADE,
  firm_id integer NOT NULL REFERENCES firms(id) ON DELETE RESTRICT,
  role text NOT NULL DEFAULT 'client',
  notes text,
  is_primary boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX document_parties_unique ON document_parties (document_id, party_id);
CREATE INDEX document_parties_party_idx ON document_parties (party_id);

-- The timeline: one row per change, written in the transaction of the change. Performer id 1 is the system.
CREATE TABLE document_events (
  id bigserial PRIMARY KEY,
  document_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  firm_id integer NOT NULL REFERENCES firms(id) ON DELETE RESTRICT,
  event_type text NOT NULL,
  is_system_event boolean NOT NULL DEFAULT false,
  event_description text,
  performed_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  event_metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX document_events_document_idx ON document_events (document_id, created_at DESC, id DESC);

-- One proof of service per document, identified by its security ID (80 random bits, Crockford base32).
CREATE TABLE proofs_of_service (
  id serial PRIMARY KEY,
  document_id integer NOT NULL UNIQUE REFERENCES documents(id) ON DELETE CASCADE,
  firm_id integer NOT NULL REFERENCES firms(id) ON DELETE RESTRICT,
  security_id text NOT NULL UNIQUE,
  current_version integer NOT NULL DEFAULT 1,
  verification_count integer NOT NULL DEFAULT 0,
  last_verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every generated PDF is kept with its SHA-256, so an earlier copy still verifies by file.
CREATE TABLE proof_of_service_files (
  id serial PRIMARY KEY,
  proof_id integer NOT NULL REFERENCES proofs_of_service(id) ON DELETE CASCADE,
  version integer NOT NULL,
  storage_key text NOT NULL UNIQUE,
  sha256 text NOT NULL,
  size bigint NOT NULL,
  generated_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (proof_id, version)
);
CREATE INDEX proof_of_service_files_sha256_idx ON proof_of_service_files (sha256);

-- Electronic service on the DSA (Uniform Rule 4A(1)(c)): a single-use, expiring, tokenised link.
CREATE TABLE service_deliveries (
  id serial PRIMARY KEY,
  document_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  firm_id integer NOT NULL REFERENCES firms(id) ON DELETE RESTRICT,
  to_address text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  session_hash text UNIQUE,
  session_expires_at timestamptz,
  sent_at timestamptz,
  mail_id integer,
  superseded_at timestamptz,
  created_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX service_deliveries_document_idx ON service_deliveries (document_id, id);

CREATE TABLE service_delivery_events (
  id serial PRIMARY KEY,
  delivery_id integer NOT NULL REFERENCES service_deliveries(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('sent','opened','downloaded')),
  case_file_id integer REFERENCES case_files(id) ON DELETE SET NULL,
  filename text,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX service_delivery_events_delivery_idx ON service_delivery_events (delivery_id, id);
