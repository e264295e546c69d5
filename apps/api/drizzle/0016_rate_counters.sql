-- Rate limits and the login throttle, shared by every API process on this database (REDIS_URL unset).
-- One row per counted key and window: the window opens with the first hit and the row is reset when it is over.
CREATE TABLE rate_counters (
  key text PRIMARY KEY,
  count integer NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_counters_expires_at_idx ON rate_counters (expires_at);
