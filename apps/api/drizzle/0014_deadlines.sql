-- Issue 20: deadlines after service and the calendar.
-- The rules' deadlines are computed from the date of service and the document type (packages/contracts deadlines.ts);
-- only what the firm adds, what was reminded and the calendar addresses are stored.

-- A firm's own deadline on one of its documents.
CREATE TABLE firm_deadlines (
  id serial PRIMARY KEY,
  document_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  firm_id integer NOT NULL REFERENCES firms(id),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  due_date date NOT NULL,
  created_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX firm_deadlines_document_idx ON firm_deadlines (document_id);
CREATE INDEX firm_deadlines_firm_due_idx ON firm_deadlines (firm_id, due_date);

-- One row per reminder sent: the unique key makes each reminder go once, however many instances run the job.
-- deadline_key names the deadline and its day ('rule:12:uniform_19_1:2027-01-28', 'firm:7:2027-02-01'), so a
-- deadline whose day changes is reminded again for the new day.
CREATE TABLE deadline_reminders (
  id serial PRIMARY KEY,
  deadline_key text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('two_court_days_before', 'due_today')),
  document_id integer REFERENCES documents(id) ON DELETE CASCADE,
  due_date date NOT NULL,
  recipient_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (deadline_key, kind)
);

-- A user's secret calendar address (stored as its SHA-256 only); rotating replaces it.
CREATE TABLE calendar_feeds (
  id serial PRIMARY KEY,
  user_id integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  last_fetched_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
