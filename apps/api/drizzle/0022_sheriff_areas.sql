-- Sheriffs by area (issue 31). A sheriff is appointed for one area (Sheriffs Act 90 of 1986, s 3, as quoted by the
-- SA Board for Sheriffs); an area is described by magisterial districts, suburbs and postal codes, LexServe's own
-- index of a boundary the Gazette describes by roads. A deputy sheriff serves in one sheriff's office (s 6).
CREATE TABLE sheriff_areas (
  id serial PRIMARY KEY,
  name text NOT NULL,
  magisterial_districts text[] NOT NULL DEFAULT '{}',
  suburbs text[] NOT NULL DEFAULT '{}',
  postal_codes text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Area names are unique whatever their case ("Pretoria Central").
CREATE UNIQUE INDEX sheriff_areas_name_unique ON sheriff_areas (lower(name));

-- The area of a sheriff's appointment (null for a deputy, whose area is their office's, and for profiles made before
-- areas existed); the office a deputy serves in (the sheriff's user id; null for a sheriff).
ALTER TABLE sheriff_profiles
  ADD COLUMN area_id integer REFERENCES sheriff_areas(id),
  ADD COLUMN office_sheriff_id integer REFERENCES users(id),
  ADD COLUMN kind text NOT NULL DEFAULT 'sheriff';
ALTER TABLE sheriff_profiles
  ADD CONSTRAINT sheriff_profiles_kind_check CHECK (kind IN ('sheriff', 'deputy')),
  ADD CONSTRAINT sheriff_profiles_deputy_office CHECK ((kind = 'deputy') = (office_sheriff_id IS NOT NULL)),
  ADD CONSTRAINT sheriff_profiles_deputy_no_area CHECK (kind = 'sheriff' OR area_id IS NULL);
CREATE INDEX sheriff_profiles_area_idx ON sheriff_profiles (area_id);
CREATE INDEX sheriff_profiles_office_idx ON sheriff_profiles (office_sheriff_id);
