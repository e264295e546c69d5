-- Case closure (spec 2 §4): a request (pending → approved | rejected; approved → completed) or a firm
-- administrator's direct close, born completed. Completion sets the document's status to completed in the same
-- transaction.

-- firm_id / branch_id are copied from the document at request time (indexes for the approvers' lists); the
-- tenant scope itself is always read from the document.
CREATE TABLE case_closures (
  id serial PRIMARY KEY,
  document_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  firm_id integer NOT NULL REFERENCES firms(id) ON DELETE RESTRICT,
  branch_id integer REFERENCES branches(id) ON DELETE SET NULL,
  closure_type text NOT NULL DEFAULT 'request' CHECK (closure_type IN ('request','direct')),
  closure_status text NOT NULL DEFAULT 'pending' CHECK (closure_status IN ('pending','approved','rejected','completed')),
  closure_reason text NOT NULL,
  closure_notes text,
  -- {item: {completed, notes, required}} for all_documents_attached, proof_of_service_uploaded, case_summary_completed
  checklist jsonb NOT NULL DEFAULT '{}'::jsonb,
  requested_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  -- The approver's (or rejecter's) decision.
  decided_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  decided_at timestamptz,
  approval_notes text,
  completed_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  completed_at timestamptz,
  completion_notes text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT case_closures_decided CHECK (closure_status = 'pending' OR closure_type = 'direct' OR decided_at IS NOT NULL),
  CONSTRAINT case_closures_completed CHECK ((closure_status = 'completed') = (completed_at IS NOT NULL))
);

-- One closure under way (pending or approved) or done (completed) per document: two concurrent requests or a
-- request racing a direct close cannot both succeed. Rejected closures stay as history; a new request may follow.
CREATE UNIQUE INDEX case_closures_one_active ON case_closures (document_id)
  WHERE closure_status IN ('pending','approved','completed');
CREATE INDEX case_closures_document_idx ON case_closures (document_id, id DESC);
CREATE INDEX case_closures_firm_status_idx ON case_closures (firm_id, closure_status, requested_at DESC);
CREATE INDEX case_closures_status_idx ON case_closures (closure_status, requested_at DESC);
