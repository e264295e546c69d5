-- The sheriff's side of service (issue 16): attempts with the phone's and the server's clocks, the GPS position and
-- photos; and the return of service or non-service (docs/service-rules.md, "Returns of service").

-- One visit of the sheriff to an address. device_time: the phone's clock; server_time: when it arrived. The GPS
-- position is all three values or none (the phone may refuse the position). timeline_event_id: the timeline entry
-- written with it (attempts were timeline entries only before this table).
CREATE TABLE service_attempts (
  id serial PRIMARY KEY,
  document_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  firm_id integer NOT NULL REFERENCES firms(id),
  sheriff_id integer REFERENCES users(id),
  device_time timestamptz NOT NULL,
  server_time timestamptz NOT NULL DEFAULT now(),
  address text NOT NULL,
  latitude double precision,
  longitude double precision,
  accuracy_m double precision,
  outcome text NOT NULL,
  notes text,
  timeline_event_id bigint REFERENCES document_events(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT service_attempts_gps_all_or_none CHECK (
    (latitude IS NULL AND longitude IS NULL AND accuracy_m IS NULL)
    OR (latitude IS NOT NULL AND longitude IS NOT NULL AND accuracy_m IS NOT NULL)
  ),
  CONSTRAINT service_attempts_gps_range CHECK (
    (latitude IS NULL OR latitude BETWEEN -90 AND 90)
    AND (longitude IS NULL OR longitude BETWEEN -180 AND 180)
    AND (accuracy_m IS NULL OR accuracy_m BETWEEN 0 AND 100000)
  )
);
CREATE INDEX service_attempts_document ON service_attempts (document_id, server_time);

-- The attempts recorded before this table, from their timeline entries (date and time were read on a South African
-- clock; the place is the address; no position was recorded).
INSERT INTO service_attempts (document_id, firm_id, sheriff_id, device_time, server_time, address, outcome, notes, timeline_event_id, created_at, updated_at)
SELECT e.document_id,
       e.firm_id,
       e.performed_by_id,
       ((e.event_metadata->>'attempt_date') || ' ' || (e.event_metadata->>'attempt_time') || ':00+02')::timestamptz,
       e.created_at,
       COALESCE(NULLIF(e.event_metadata->>'place', ''), '(not recorded)'),
       COALESCE(e.event_metadata->>'outcome', 'other'),
       NULLIF(e.event_metadata->>'notes', ''),
       e.id,
       e.created_at,
       e.created_at
  FROM document_events e
 WHERE e.event_type = 'service_attempt'
   AND e.event_metadata->>'attempt_date' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
   AND e.event_metadata->>'attempt_time' ~ '^[0-9]{2}:[0-9]{2}$'
 ORDER BY e.id;

-- Photos taken at an attempt: typed by their content, fingerprinted (SHA-256) as they arrived.
CREATE TABLE service_attempt_photos (
  id serial PRIMARY KEY,
  attempt_id integer NOT NULL REFERENCES service_attempts(id) ON DELETE CASCADE,
  document_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  firm_id integer NOT NULL REFERENCES firms(id),
  storage_key text NOT NULL UNIQUE,
  content_type text NOT NULL,
  size bigint NOT NULL,
  sha256 text NOT NULL,
  uploaded_by_id integer REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX service_attempt_photos_attempt ON service_attempt_photos (attempt_id);

-- A return of service (served) or of non-service (not served), issued by the assigned sheriff. The sheriff's name,
-- office, appointment and areas, the court and the rule are kept as they were on the day: a return is a statement of
-- that day. proof_version: the proof-of-service version the return was drawn as (set once drawn).
CREATE TABLE service_returns (
  id serial PRIMARY KEY,
  document_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  firm_id integer NOT NULL REFERENCES firms(id),
  sheriff_id integer NOT NULL REFERENCES users(id),
  kind text NOT NULL CHECK (kind IN ('return_of_service', 'return_of_non_service')),
  outcome text NOT NULL CHECK (outcome IN ('served', 'not_served')),
  manner text,
  rule text,
  court_name text,
  served_at timestamptz,
  address text,
  person_served_name text,
  person_served_capacity text,
  nature_explained boolean,
  non_service_reason text,
  diligent_search text,
  fees jsonb NOT NULL DEFAULT '[]'::jsonb,
  vat_registered boolean NOT NULL DEFAULT true,
  subtotal_cents bigint NOT NULL,
  vat_cents bigint NOT NULL,
  total_cents bigint NOT NULL,
  sheriff_full_name text NOT NULL,
  sheriff_office_name text,
  sheriff_appointment_number text,
  sheriff_service_areas text[] NOT NULL DEFAULT '{}',
  issued_at timestamptz NOT NULL DEFAULT now(),
  proof_version integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT service_returns_served_facts CHECK (
    outcome <> 'served' OR (manner IS NOT NULL AND served_at IS NOT NULL AND address IS NOT NULL AND person_served_name IS NOT NULL)
  ),
  CONSTRAINT service_returns_non_service_facts CHECK (outcome <> 'not_served' OR non_service_reason IS NOT NULL)
);
CREATE INDEX service_returns_document ON service_returns (document_id, issued_at);
-- A document is served once: a second return of service is refused by the database too.
CREATE UNIQUE INDEX service_returns_one_served ON service_returns (document_id) WHERE outcome = 'served';
