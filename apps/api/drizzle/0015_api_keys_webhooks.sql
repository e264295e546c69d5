-- Issue 20: the firm's own systems. API keys (stored as SHA-256 hashes; a key is 32 random bytes, so no slow hash is
-- needed) and signed webhooks (Standard Webhooks), with every delivery attempt kept for the firm to read.
CREATE TABLE api_keys (
  id serial PRIMARY KEY,
  firm_id integer NOT NULL REFERENCES firms(id) ON DELETE CASCADE,
  name text NOT NULL,
  scope text NOT NULL CHECK (scope IN ('read', 'read_write')),
  -- The first characters of the key, shown in lists ("lxs_3fK9aQ2m").
  prefix text NOT NULL,
  -- SHA-256 (hex) of the whole key.
  key_hash text NOT NULL UNIQUE CHECK (key_hash ~ '^[0-9a-f]{64}$'),
  -- Keys are never deleted (the trail names them), so the creator stays too: deactivate, do not delete, such a user.
  created_by_id integer NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_by_id integer REFERENCES users(id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_keys_firm_idx ON api_keys (firm_id) WHERE revoked_at IS NULL;

-- A change made with a key is on the document's trail as the key (the acting user is the key's creator).
ALTER TABLE document_events ADD COLUMN api_key_id integer REFERENCES api_keys(id) ON DELETE RESTRICT;

CREATE TABLE webhook_endpoints (
  id serial PRIMARY KEY,
  firm_id integer NOT NULL REFERENCES firms(id) ON DELETE CASCADE,
  url text NOT NULL,
  events text[] NOT NULL CHECK (cardinality(events) > 0),
  -- The signing secret ("whsec_" + base64): kept as is, since every delivery is signed with it.
  secret text NOT NULL,
  created_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoints_firm_idx ON webhook_endpoints (firm_id);

-- One message to one endpoint; its attempts below. message_id is the webhook-id header, the same on every retry.
CREATE TABLE webhook_deliveries (
  id bigserial PRIMARY KEY,
  endpoint_id integer NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  firm_id integer NOT NULL REFERENCES firms(id) ON DELETE CASCADE,
  message_id text NOT NULL UNIQUE,
  event_type text NOT NULL,
  -- The JSON body, exactly as signed and sent.
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempt_count integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, id DESC);

CREATE TABLE webhook_delivery_attempts (
  id bigserial PRIMARY KEY,
  delivery_id bigint NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  status_code integer,
  response_excerpt text,
  error text,
  duration_ms integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (delivery_id, attempt)
);
