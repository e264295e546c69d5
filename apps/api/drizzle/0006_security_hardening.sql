-- Security hardening: sessions with an absolute lifetime (the `sid` of every access token), an audit log that
-- outlives the users it records, and parties with a branch (their tenancy) and corrections.

-- One row per login. A refresh-token family belongs to one session; access tokens name it (`sid`) and are
-- refused once it is revoked or past expires_at, which refreshing never extends.
CREATE TABLE sessions (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_live_idx ON sessions (user_id) WHERE revoked_at IS NULL;

-- The families issued so far become sessions ending 30 days after their login; a family without a usable
-- token is already over.
INSERT INTO sessions (id, user_id, expires_at, revoked_at, created_at)
SELECT family_id,
       min(user_id),
       min(created_at) + interval '30 days',
       CASE WHEN bool_or(revoked_at IS NULL AND rotated_at IS NULL AND expires_at > now()) THEN NULL ELSE now() END,
       min(created_at)
FROM refresh_tokens
GROUP BY family_id;
ALTER TABLE refresh_tokens
  ADD CONSTRAINT refresh_tokens_session_fk FOREIGN KEY (family_id) REFERENCES sessions(id) ON DELETE CASCADE;

-- An audit entry stays when its user is deleted (the deletion is itself an entry): user_id is a plain id.
ALTER TABLE user_audit_log DROP CONSTRAINT user_audit_log_user_id_fkey;

-- Parties follow the tenancy of documents: the branch they were recorded for (the creator's), and the party a
-- correction replaces.
ALTER TABLE parties ADD COLUMN branch_id integer REFERENCES branches(id) ON DELETE SET NULL;
ALTER TABLE parties ADD COLUMN corrects_party_id integer REFERENCES parties(id) ON DELETE SET NULL;
UPDATE parties p SET branch_id = u.branch_id FROM users u WHERE u.id = p.created_by_id AND u.firm_id = p.firm_id;
CREATE INDEX parties_branch_idx ON parties (firm_id, branch_id);
CREATE INDEX parties_corrects_idx ON parties (corrects_party_id) WHERE corrects_party_id IS NOT NULL;
