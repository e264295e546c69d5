-- Service by the right channel (docs/service-rules.md) and sheriffs managed by the system administrator.

-- Accounts created with a generated password (by an administrator, or invited sheriffs) must choose their own
-- before anything else: the API answers 403 to every call but /users/me and the password change until then.
ALTER TABLE users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;

-- The court the matter is in: a High Court seat ("Gauteng Division, Pretoria") or "Magistrate's Court, <district>",
-- as made canonical by the contracts (courts.ts). on_court_online: later documents are served through Court Online.
ALTER TABLE documents ADD COLUMN court_name text;
ALTER TABLE documents ADD COLUMN on_court_online boolean NOT NULL DEFAULT false;

-- A sheriff's office, appointment (Sheriffs Act 90 of 1986) and the magisterial districts served. One row per
-- sheriff user; the account itself (name, e-mail, phone, active) is the users row.
CREATE TABLE sheriff_profiles (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  office_name text NOT NULL,
  appointment_number text NOT NULL,
  service_areas text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Appointment numbers are unique whatever their case.
CREATE UNIQUE INDEX sheriff_profiles_appointment_unique ON sheriff_profiles (lower(appointment_number));
