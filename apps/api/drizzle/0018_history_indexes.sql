-- The admin health page counts what is unfinished, not the history: mail not yet sent and payments still pending
-- are read through partial indexes that stay as small as the backlog (jobs and domain events have theirs since
-- 0001), so the page's time does not grow with the mail and payments an installation keeps.
CREATE INDEX mail_outbox_unsent_idx ON mail_outbox (status) WHERE status IN ('kept', 'failed');
CREATE INDEX payments_pending_created_idx ON payments (created_at) WHERE status = 'pending';
