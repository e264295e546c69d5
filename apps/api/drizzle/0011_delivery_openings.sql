-- Issue 16: a delivery link opens as many times as needed until it expires (a firm's service address is usually a
-- shared mailbox). Each recorded opening carries its own session (stored hashed) for the downloads that follow it;
-- the delivery's one session goes. A session that is open now is carried over to its delivery's opening.
ALTER TABLE service_delivery_events ADD COLUMN session_hash text;
UPDATE service_delivery_events e
SET session_hash = d.session_hash
FROM service_deliveries d
WHERE e.delivery_id = d.id
  AND e.kind = 'opened'
  AND d.session_hash IS NOT NULL
  AND e.id = (SELECT min(o.id) FROM service_delivery_events o WHERE o.delivery_id = d.id AND o.kind = 'opened');
CREATE UNIQUE INDEX service_delivery_events_session_idx ON service_delivery_events (session_hash) WHERE session_hash IS NOT NULL;
ALTER TABLE service_deliveries DROP COLUMN session_hash, DROP COLUMN session_expires_at;

-- The recipient may ask for a fresh link to the same address (recorded on the link it was asked from).
ALTER TABLE service_delivery_events DROP CONSTRAINT service_delivery_events_kind_check;
ALTER TABLE service_delivery_events
  ADD CONSTRAINT service_delivery_events_kind_check CHECK (kind IN ('sent', 'opened', 'downloaded', 'fresh_link_requested'));

-- Proofs are living records: why each version was drawn, and the newest delivery event it shows (a refresh with
-- nothing newer to show is skipped).
ALTER TABLE proof_of_service_files ADD COLUMN reason text NOT NULL DEFAULT 'regenerated'
  CHECK (reason IN ('issued', 'regenerated', 'delivery_updated', 'return_issued'));
UPDATE proof_of_service_files SET reason = 'issued' WHERE version = 1;
ALTER TABLE proof_of_service_files ADD COLUMN delivery_event_id integer;
