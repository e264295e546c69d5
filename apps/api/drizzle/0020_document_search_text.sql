-- My Cases search ("title, case number or client name contains", any case) compared each row's three columns joined
-- and folded to lower case on every read: at a big firm a common word's counts test some 6,000 rows a call, and the
-- joining and case folding were most of that statement's time. The joined, lower-cased text is now a stored column,
-- written once when a document changes; a search compares it with the lower-cased pattern (`LIKE`, which is what
-- `ILIKE` does for this encoding), and the trigram index is on it where the server has pg_trgm (0017).
ALTER TABLE documents ADD COLUMN search_text text GENERATED ALWAYS AS (
  lower(coalesce(title, '') || ' ' || coalesce(case_number, '') || ' ' || coalesce(client_name, ''))) STORED;
DROP INDEX IF EXISTS documents_search_idx;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX documents_search_idx ON documents USING gin (search_text gin_trgm_ops);
  END IF;
END $$;
