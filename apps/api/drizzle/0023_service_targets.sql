-- Service per person (issue 31; docs/service-rules.md, "Service per person"): every party on the receiving side of the
-- citation, and any party the firm marks to be served, is a service target of the document with its own channel,
-- address, sheriff, status, date of service, attempts and returns.

-- The firm marks a party (e.g. each of joint trustees) to be served whatever its role.
ALTER TABLE document_parties ADD COLUMN to_be_served boolean NOT NULL DEFAULT false;

CREATE TABLE service_targets (
  id serial PRIMARY KEY,
  document_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  firm_id integer NOT NULL REFERENCES firms(id),
  party_id integer NOT NULL REFERENCES parties(id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('sheriff', 'electronic')),
  address text,
  sheriff_id integer REFERENCES users(id),
  area_confirmed boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'with_sheriff', 'served', 'not_served', 'served_electronically')),
  served_at timestamptz,
  service_date date,
  served_return_id integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX service_targets_document_party ON service_targets (document_id, party_id);
CREATE INDEX service_targets_sheriff ON service_targets (sheriff_id, document_id) WHERE sheriff_id IS NOT NULL;

ALTER TABLE service_attempts ADD COLUMN target_id integer REFERENCES service_targets(id) ON DELETE SET NULL;
ALTER TABLE service_returns ADD COLUMN target_id integer REFERENCES service_targets(id) ON DELETE SET NULL;
-- Whether the return's address lay in the sheriff's own area (false: no known area matched it, "area not
-- confirmed"), and the attorney's written instruction to serve at an address other than the one on the process.
ALTER TABLE service_returns ADD COLUMN area_confirmed boolean NOT NULL DEFAULT false;
ALTER TABLE service_returns ADD COLUMN other_address_instruction text;
ALTER TABLE service_targets ADD CONSTRAINT service_targets_served_return
  FOREIGN KEY (served_return_id) REFERENCES service_returns(id) ON DELETE SET NULL;
CREATE INDEX service_attempts_target ON service_attempts (target_id) WHERE target_id IS NOT NULL;
CREATE INDEX service_returns_target ON service_returns (target_id) WHERE target_id IS NOT NULL;

-- Existing documents: one target per party on the receiving side of the citation (the roles of PARTY_ROLE_SIDES'
-- 'responding' side), with the document's channel, the party's address (the document's recipient address without
-- one), the document's sheriff; drafts are refreshed on read.
INSERT INTO service_targets (document_id, firm_id, party_id, channel, address, sheriff_id, status, served_at, service_date, created_at, updated_at)
SELECT DISTINCT ON (dp.document_id, dp.party_id)
       d.id,
       d.firm_id,
       dp.party_id,
       CASE WHEN d.service_method = 'electronic' THEN 'electronic' ELSE 'sheriff' END,
       CASE WHEN d.service_method = 'electronic' THEN COALESCE(d.digital_service_address, p.physical_address, d.recipient_address)
            ELSE COALESCE(p.physical_address, d.recipient_address) END,
       CASE WHEN d.service_method = 'electronic' THEN NULL ELSE d.assigned_sheriff_id END,
       CASE
         WHEN d.served_at IS NOT NULL AND d.service_method = 'electronic' THEN 'served_electronically'
         WHEN d.served_at IS NOT NULL THEN 'served'
         WHEN d.submitted_at IS NOT NULL AND EXISTS (SELECT 1 FROM service_returns r WHERE r.document_id = d.id) THEN 'not_served'
         WHEN d.submitted_at IS NOT NULL AND d.assigned_sheriff_id IS NOT NULL THEN 'with_sheriff'
         ELSE 'pending'
       END,
       d.served_at,
       CASE WHEN d.served_at IS NOT NULL THEN ((COALESCE(d.service_date, d.served_at) AT TIME ZONE 'UTC') + interval '2 hours')::date END,
       d.created_at,
       d.created_at
  FROM document_parties dp
  JOIN documents d ON d.id = dp.document_id
  JOIN parties p ON p.id = dp.party_id
 WHERE dp.role IN ('defendant', 'respondent', 'debtor', 'opposing_party', 'garnishee')
 ORDER BY dp.document_id, dp.party_id, dp.id;

-- Their attempts and returns go to the document's first target (its only one, as a rule; docs/service-rules.md).
UPDATE service_attempts a
   SET target_id = (SELECT min(t.id) FROM service_targets t WHERE t.document_id = a.document_id);
UPDATE service_returns r
   SET target_id = (SELECT min(t.id) FROM service_targets t WHERE t.document_id = r.document_id);
-- The served return is that target's proof and its date of service.
UPDATE service_targets t
   SET served_return_id = r.id,
       served_at = r.served_at,
       service_date = ((r.served_at AT TIME ZONE 'UTC') + interval '2 hours')::date
  FROM service_returns r
 WHERE r.target_id = t.id AND r.outcome = 'served';

-- One return of service per person served (it was one per document).
DROP INDEX service_returns_one_served;
CREATE UNIQUE INDEX service_returns_one_served ON service_returns (target_id) WHERE outcome = 'served';
