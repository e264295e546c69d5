-- The tamper-evident trail (docs/evidence.md). Every timeline event carries
--   content_hash = SHA-256 of the canonical serialisation of its content (computed by the app, see trail-hash.ts),
--   prev_hash    = the chain_hash of the document's previous event (64 zeros for the first),
--   chain_hash   = SHA-256 of the ASCII text prev_hash || content_hash.
-- Events written before this migration have NULL hashes until the documents module backfills them at start-up.
ALTER TABLE document_events
  ADD COLUMN content_hash text,
  ADD COLUMN prev_hash text,
  ADD COLUMN chain_hash text,
  ADD CONSTRAINT document_events_hashes CHECK (
    (content_hash IS NULL AND prev_hash IS NULL AND chain_hash IS NULL)
    OR (content_hash ~ '^[0-9a-f]{64}$' AND prev_hash ~ '^[0-9a-f]{64}$' AND chain_hash ~ '^[0-9a-f]{64}$'));

-- One successor per link: two events naming the same predecessor (a fork) cannot both be stored.
CREATE UNIQUE INDEX document_events_chain_link ON document_events (document_id, prev_hash);
-- The chain order is the insertion order (id) within a document.
CREATE INDEX document_events_chain_order ON document_events (document_id, id);

-- Who acted is part of an event's content: a user who acted on a trail cannot be deleted (deactivate them instead);
-- ON DELETE SET NULL would rewrite the trail.
ALTER TABLE document_events DROP CONSTRAINT document_events_performed_by_id_fkey;
ALTER TABLE document_events ADD CONSTRAINT document_events_performed_by_id_fkey
  FOREIGN KEY (performed_by_id) REFERENCES users(id) ON DELETE RESTRICT;

-- The trail is append-only.
-- INSERT: the hashes must be there, the chain hash must follow from them, and the event must extend the document's
--   current head (no fork, no event slipped in front of another).
-- UPDATE: refused, except the one-time backfill that fills the hash columns of an event written before this migration
--   (all three NULL before, nothing else changed).
-- DELETE: refused, except the cascade of deleting the document itself (the row of documents is gone by then); the
--   trigger on documents below allows that only for a draft that was never submitted or served.
CREATE FUNCTION document_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.content_hash IS NULL OR NEW.prev_hash IS NULL OR NEW.chain_hash IS NULL THEN
      RAISE EXCEPTION 'LexServe timeline: an event of document % has no hashes; events are written only through addTimelineEvent', NEW.document_id
        USING ERRCODE = 'check_violation';
    END IF;
    IF NEW.chain_hash <> encode(sha256(convert_to(NEW.prev_hash || NEW.content_hash, 'UTF8')), 'hex') THEN
      RAISE EXCEPTION 'LexServe timeline: the chain hash of an event of document % does not follow from its hashes', NEW.document_id
        USING ERRCODE = 'check_violation';
    END IF;
    SELECT coalesce(e.chain_hash, 'unhashed') INTO head FROM document_events e
      WHERE e.document_id = NEW.document_id ORDER BY e.id DESC LIMIT 1;
    IF NEW.prev_hash IS DISTINCT FROM coalesce(head, repeat('0', 64)) THEN
      RAISE EXCEPTION 'LexServe timeline: an event of document % does not extend the head of its trail', NEW.document_id
        USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  ELSIF TG_OP = 'UPDATE' THEN
    IF OLD.content_hash IS NULL AND OLD.prev_hash IS NULL AND OLD.chain_hash IS NULL AND NEW.chain_hash IS NOT NULL
       AND (to_jsonb(NEW) - ARRAY['content_hash', 'prev_hash', 'chain_hash']) = (to_jsonb(OLD) - ARRAY['content_hash', 'prev_hash', 'chain_hash']) THEN
      RETURN NEW;
    END IF;
    RAISE EXCEPTION 'LexServe timeline events cannot be changed (event % of document %): the trail is append-only', OLD.id, OLD.document_id
      USING ERRCODE = 'restrict_violation';
  ELSE
    IF NOT EXISTS (SELECT 1 FROM documents d WHERE d.id = OLD.document_id) THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'LexServe timeline events cannot be deleted (event % of document %): the trail is append-only', OLD.id, OLD.document_id
      USING ERRCODE = 'restrict_violation';
  END IF;
END $$;

CREATE TRIGGER document_events_append_only BEFORE INSERT OR UPDATE OR DELETE ON document_events
  FOR EACH ROW EXECUTE FUNCTION document_events_append_only();

CREATE FUNCTION refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'LexServe: % is append-only and cannot be truncated', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END $$;

CREATE TRIGGER document_events_no_truncate BEFORE TRUNCATE ON document_events
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate();

-- A document's trail goes with it only while it is a draft that was never submitted or served.
CREATE FUNCTION documents_keep_trail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.submitted_at IS NOT NULL OR OLD.served_at IS NOT NULL)
     AND EXISTS (SELECT 1 FROM document_events e WHERE e.document_id = OLD.id) THEN
    RAISE EXCEPTION 'LexServe: document % was submitted or served; its timeline is evidence and it cannot be deleted', OLD.id
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN OLD;
END $$;

CREATE TRIGGER documents_keep_trail BEFORE DELETE ON documents
  FOR EACH ROW EXECUTE FUNCTION documents_keep_trail();

-- Time-stamp anchors: an RFC 3161 token over a trail's head hash (the 32 bytes of chain_hash), one row per attempt.
-- A failed attempt (the authority unreachable) has no token and says why; the next daily run tries again.
-- No foreign key to documents: an anchor outlives a deleted draft, as the record that its trail existed.
CREATE TABLE trail_anchors (
  id bigserial PRIMARY KEY,
  document_id integer NOT NULL,
  head_event_id bigint NOT NULL,
  head_hash text NOT NULL CHECK (head_hash ~ '^[0-9a-f]{64}$'),
  token text,
  gen_time timestamptz,
  authority text,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT trail_anchors_outcome CHECK (
    (token IS NOT NULL AND gen_time IS NOT NULL AND error IS NULL) OR (token IS NULL AND gen_time IS NULL AND error IS NOT NULL))
);
CREATE INDEX trail_anchors_document_idx ON trail_anchors (document_id, id DESC);

CREATE FUNCTION trail_anchors_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'LexServe: time-stamp anchors cannot be changed or deleted (anchor %)', OLD.id USING ERRCODE = 'restrict_violation';
END $$;

CREATE TRIGGER trail_anchors_append_only BEFORE UPDATE OR DELETE ON trail_anchors
  FOR EACH ROW EXECUTE FUNCTION trail_anchors_append_only();
CREATE TRIGGER trail_anchors_no_truncate BEFORE TRUNCATE ON trail_anchors
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate();
