-- Stamped served copies, seals awaiting their time-stamp, and the seal certificates LexServe has used
-- (docs/evidence.md: "Stamped served copies", "Time-stamps added later", "Seal certificates").

-- The stamped copy of a served PDF: every page carries the security ID, a QR code to the verification page and the
-- date of service at its foot; sealed. One per served file (the unique key keeps two requests from making two).
-- status 'failed': the file could not be stamped (encrypted, damaged, over the PDF limits): `problem` says why, and
-- the original is what is served.
CREATE TABLE served_copies (
  id serial PRIMARY KEY,
  case_file_id integer NOT NULL REFERENCES case_files(id) ON DELETE CASCADE,
  document_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  firm_id integer NOT NULL REFERENCES firms(id),
  security_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('ready', 'failed')),
  storage_key text,
  sha256 text,
  size bigint,
  page_count integer,
  problem text,
  served_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT served_copies_file UNIQUE (case_file_id),
  CONSTRAINT served_copies_ready CHECK (status <> 'ready' OR (storage_key IS NOT NULL AND sha256 IS NOT NULL AND size IS NOT NULL))
);
CREATE INDEX served_copies_sha256 ON served_copies (sha256);
CREATE INDEX served_copies_document ON served_copies (document_id);

-- A PDF sealed while the time-stamping authority could not be reached (PAdES B-B). A job adds the signature
-- time-stamp later, into the seal's own unsigned attributes (the signed bytes do not change), and stores the file
-- again: `sealed_sha256` is the file as first sealed (it still verifies), `timestamped_sha256` the file since.
-- kind: proof (proof_of_service_files.id), bundle (case_files.id), served_copy (served_copies.id).
CREATE TABLE late_timestamps (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('proof', 'bundle', 'served_copy')),
  row_id integer NOT NULL,
  document_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  sealed_sha256 text NOT NULL,
  problem text,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  timestamped_sha256 text,
  timestamp_time timestamptz,
  done_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT late_timestamps_row UNIQUE (kind, row_id)
);
CREATE INDEX late_timestamps_pending ON late_timestamps (id) WHERE done_at IS NULL;
CREATE INDEX late_timestamps_sealed_sha256 ON late_timestamps (sealed_sha256);

-- Every certificate LexServe has sealed with: a PDF sealed before the seal certificate was replaced (a new PKCS #12,
-- or the local CA issued again) is still recognised as LexServe's.
CREATE TABLE seal_certificates (
  fingerprint_sha256 text PRIMARY KEY CHECK (fingerprint_sha256 ~ '^[0-9a-f]{64}$'),
  subject text NOT NULL,
  issuer text NOT NULL,
  not_before timestamptz,
  not_after timestamptz,
  pem text NOT NULL,
  first_used_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now()
);
