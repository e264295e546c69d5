-- Performance at a big firm's size (docs/performance.md).

-- 1. Public verification answers from memory (verification.cache.ts). Each process keeps the answer per security ID
--    and drops it when anything the answer shows changes: these triggers NOTIFY the channel lexserve_verification
--    with the security ID concerned ('*' for all) in the changing transaction, so every process hears of it at commit.
--    The check counter (verification_count, last_verified_at, updated_at) is not such a change.
CREATE FUNCTION verification_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sid text;
BEGIN
  IF TG_TABLE_NAME = 'proofs_of_service' THEN
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('lexserve_verification', OLD.security_id); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('lexserve_verification', NEW.security_id); END IF;
  ELSIF TG_TABLE_NAME = 'proof_of_service_files' THEN
    SELECT p.security_id INTO sid FROM proofs_of_service p
      WHERE p.id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.proof_id ELSE NEW.proof_id END);
    PERFORM pg_notify('lexserve_verification', coalesce(sid, '*'));
  ELSIF TG_TABLE_NAME = 'documents' THEN
    PERFORM pg_notify('lexserve_verification', p.security_id) FROM proofs_of_service p WHERE p.document_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'served_copies' THEN
    PERFORM pg_notify('lexserve_verification', p.security_id) FROM proofs_of_service p
      WHERE p.document_id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.document_id ELSE NEW.document_id END);
  ELSE
    PERFORM pg_notify('lexserve_verification', '*');
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER proofs_of_service_verification AFTER INSERT OR DELETE ON proofs_of_service
  FOR EACH ROW EXECUTE FUNCTION verification_changed();
CREATE TRIGGER proofs_of_service_verification_update AFTER UPDATE ON proofs_of_service
  FOR EACH ROW WHEN (OLD.current_version IS DISTINCT FROM NEW.current_version OR OLD.security_id IS DISTINCT FROM NEW.security_id
    OR OLD.document_id IS DISTINCT FROM NEW.document_id OR OLD.firm_id IS DISTINCT FROM NEW.firm_id)
  EXECUTE FUNCTION verification_changed();
CREATE TRIGGER proof_of_service_files_verification AFTER INSERT OR DELETE ON proof_of_service_files
  FOR EACH ROW EXECUTE FUNCTION verification_changed();
CREATE TRIGGER documents_verification AFTER UPDATE ON documents
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.service_date IS DISTINCT FROM NEW.service_date
    OR OLD.served_at IS DISTINCT FROM NEW.served_at OR OLD.document_type IS DISTINCT FROM NEW.document_type
    OR OLD.firm_id IS DISTINCT FROM NEW.firm_id)
  EXECUTE FUNCTION verification_changed();
-- The answer lists each served file's stamped copy (migration 0013): a copy made, failed or removed changes it.
CREATE TRIGGER served_copies_verification AFTER INSERT OR UPDATE OR DELETE ON served_copies
  FOR EACH ROW EXECUTE FUNCTION verification_changed();
CREATE TRIGGER firms_verification AFTER UPDATE ON firms
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.is_active IS DISTINCT FROM NEW.is_active)
  EXECUTE FUNCTION verification_changed();

-- The integrity of stored proof PDFs is proven when an answer is (re)built and by the scrub job
-- (verification.scrub.ts), not on every check: the scrub's last finding per file.
ALTER TABLE proof_of_service_files
  ADD COLUMN integrity_checked_at timestamptz,
  ADD COLUMN integrity_failed_at timestamptz;
-- A scrub that only records its visit (integrity_checked_at) changes no answer; a finding (integrity_failed_at) does.
CREATE TRIGGER proof_of_service_files_verification_update AFTER UPDATE ON proof_of_service_files
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'integrity_checked_at' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'integrity_checked_at' - 'updated_at'))
  EXECUTE FUNCTION verification_changed();
-- The scrub's order: files never checked first, then the longest unchecked.
CREATE INDEX proof_of_service_files_scrub_idx ON proof_of_service_files (integrity_checked_at NULLS FIRST, id);

-- 2. My Cases on the server (GET /documents?subtab=&search=): each sub-tab read newest change first from an index
--    that holds only its documents, per scope (firm, branch, sheriff, everyone), so a page and its capped counts
--    cost the same at any firm size. The status sub-tab is a stored column (MY_CASES_SUBTABS); urgent is by priority.
ALTER TABLE documents ADD COLUMN my_cases_list text GENERATED ALWAYS AS (
  CASE WHEN status IN ('pending', 'assigned', 'in_progress', 'served', 'received') THEN 'active'
       WHEN status IN ('completed', 'cancelled', 'archived') THEN 'closed'
       WHEN status = 'draft' THEN 'drafts' END) STORED;
CREATE INDEX documents_firm_list_idx ON documents (firm_id, my_cases_list, updated_at DESC, id DESC);
CREATE INDEX documents_branch_list_idx ON documents (branch_id, my_cases_list, updated_at DESC, id DESC);
CREATE INDEX documents_sheriff_list_idx ON documents (assigned_sheriff_id, my_cases_list, updated_at DESC, id DESC)
  WHERE assigned_sheriff_id IS NOT NULL;
CREATE INDEX documents_list_idx ON documents (my_cases_list, updated_at DESC, id DESC);
CREATE INDEX documents_firm_urgent_idx ON documents (firm_id, updated_at DESC, id DESC) WHERE case_priority = 'urgent';
CREATE INDEX documents_branch_urgent_idx ON documents (branch_id, updated_at DESC, id DESC) WHERE case_priority = 'urgent';
CREATE INDEX documents_sheriff_urgent_idx ON documents (assigned_sheriff_id, updated_at DESC, id DESC)
  WHERE case_priority = 'urgent' AND assigned_sheriff_id IS NOT NULL;
CREATE INDEX documents_urgent_idx ON documents (updated_at DESC, id DESC) WHERE case_priority = 'urgent';
-- Search by part of the title, case number or client name: a trigram index of the three together, where the server
-- has pg_trgm (PostgreSQL's contrib, trusted: a database owner may create it). The embedded PGlite has none: there a
-- search reads the scope's rows, which an embedded installation keeps few of.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX documents_search_idx ON documents
      USING gin ((coalesce(title, '') || ' ' || coalesce(case_number, '') || ' ' || coalesce(client_name, '')) gin_trgm_ops);
  END IF;
END $$;

-- 3. Notification stats from counters: one row per user and type with how many they have and how many are unread,
--    kept by statement triggers (one upsert per user and type a statement touches, whatever its row count). The
--    "recent" count reads only the last day's rows of the user from the (user_id, created_at) index.
CREATE TABLE notification_counts (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  notification_type text NOT NULL,
  total integer NOT NULL DEFAULT 0,
  unread integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, notification_type)
);
INSERT INTO notification_counts (user_id, notification_type, total, unread)
  SELECT user_id, notification_type, count(*), count(*) FILTER (WHERE NOT is_read) FROM notifications GROUP BY 1, 2;

CREATE FUNCTION notification_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The user may be gone (a cascade from users): their counter rows went with them.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO notification_counts AS c (user_id, notification_type, total, unread)
      SELECT n.user_id, n.notification_type, count(*), count(*) FILTER (WHERE NOT n.is_read) FROM new_rows n
      WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = n.user_id) GROUP BY 1, 2
      ON CONFLICT (user_id, notification_type) DO UPDATE SET total = c.total + excluded.total, unread = c.unread + excluded.unread;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE notification_counts c SET total = c.total - d.total, unread = c.unread - d.unread
      FROM (SELECT user_id, notification_type, count(*) AS total, count(*) FILTER (WHERE NOT is_read) AS unread FROM old_rows GROUP BY 1, 2) d
      WHERE c.user_id = d.user_id AND c.notification_type = d.notification_type;
  ELSE
    INSERT INTO notification_counts AS c (user_id, notification_type, total, unread)
      SELECT user_id, notification_type, sum(total), sum(unread) FROM (
        SELECT user_id, notification_type, 1 AS total, (NOT is_read)::int AS unread FROM new_rows
        UNION ALL
        SELECT user_id, notification_type, -1, -((NOT is_read)::int) FROM old_rows) d
      WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
      GROUP BY 1, 2 HAVING sum(total) <> 0 OR sum(unread) <> 0
      ON CONFLICT (user_id, notification_type) DO UPDATE SET total = c.total + excluded.total, unread = c.unread + excluded.unread;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER notification_counts_insert AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_apply();
CREATE TRIGGER notification_counts_update AFTER UPDATE ON notifications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_apply();
CREATE TRIGGER notification_counts_delete AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_counts_apply();

-- The list's filters, newest first: unread only, and one type.
DROP INDEX notifications_user_unread_idx;
CREATE INDEX notifications_user_unread_idx ON notifications (user_id, created_at DESC, id DESC) WHERE NOT is_read;
CREATE INDEX notifications_user_type_idx ON notifications (user_id, notification_type, created_at DESC, id DESC);
