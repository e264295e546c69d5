-- The admin mail outbox keeps every e-mail sent, so its search ("recipient or subject contains") must not read them
-- all: a trigram index on each of the two columns where the server has pg_trgm (created in 0017 when available; the
-- embedded PGlite has none and keeps an installation's few e-mails). The list's total stops a thousand past the
-- page asked for (MAIL_OUTBOX_COUNT_AHEAD), so counting does not grow with the history either. Migrations run in a
-- transaction, so writes to the outbox wait while the two indexes are built (once, at the upgrade).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX mail_outbox_to_address_trgm_idx ON mail_outbox USING gin (to_address gin_trgm_ops);
    CREATE INDEX mail_outbox_subject_trgm_idx ON mail_outbox USING gin (subject gin_trgm_ops);
  END IF;
END $$;
