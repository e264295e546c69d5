-- Submitting by the document's service channel (docs/service-rules.md).
-- submitted_at: when the firm submitted the document for service. Initiating process is then with the sheriff
-- (status 'assigned') and becomes served only with the sheriff's return; its case details and files are fixed from
-- here on, as a served document's are.
ALTER TABLE documents ADD COLUMN submitted_at timestamptz;
UPDATE documents SET submitted_at = served_at WHERE served_at IS NOT NULL;

-- service_method: 'electronic' (Uniform Rule 4A) or 'sheriff' for a document after initiating process (null: decided
-- by its type). service_address_source: where the other party nominated the address for electronic service.
ALTER TABLE documents ADD COLUMN service_method text CHECK (service_method IN ('electronic', 'sheriff'));
ALTER TABLE documents ADD COLUMN service_address_source text;
