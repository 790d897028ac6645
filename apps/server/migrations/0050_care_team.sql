-- Provider directory and care teams (issue 10, decision 085).
--
-- nppes_provider: one row per NPI in the layout of the NPPES monthly dissemination file (entity type,
-- names, credential, taxonomies, first practice location). Filled by `dermis nppes:import` from the
-- public file, and with a synthetic directory around the demo clinic by the demo seed (source
-- 'synthetic'). Search is by word prefix and trigram similarity over search_text (the name in lower
-- case without diacritics, every other sign a space, with a leading space; see
-- features/terminology/search-text.ts), like the terminology store.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE nppes_provider (
  npi text PRIMARY KEY CHECK (npi ~ '^[12][0-9]{9}$'),
  -- NPPES Entity Type Code: 1 individual, 2 organization.
  entity_type smallint NOT NULL CHECK (entity_type IN (1, 2)),
  -- Last name of a person, legal business name of an organization.
  last_name_legal_name text NOT NULL CHECK (length(last_name_legal_name) BETWEEN 1 AND 300),
  first_name text,
  middle_name text,
  name_prefix text,
  name_suffix text,
  credential text,
  -- [{code, description, primary, license, state}], the primary taxonomy first.
  taxonomies jsonb NOT NULL DEFAULT '[]'::jsonb,
  primary_taxonomy text,
  address_line1 text,
  address_line2 text,
  city text,
  state text,
  zip text,
  country text,
  phone text,
  source text NOT NULL CHECK (source IN ('synthetic', 'nppes')),
  search_text text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX nppes_provider_trgm ON nppes_provider USING gin (search_text gin_trgm_ops);
CREATE INDEX nppes_provider_prefix ON nppes_provider (search_text text_pattern_ops);

-- A patient's care team (spec 001 §3): members in order, each a snapshot of the directory entry
-- (name, NPI, credential, specialty, addresses) taken when the patient added it.
CREATE TABLE care_team_member (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  patient_id integer NOT NULL REFERENCES patient (id),
  position integer NOT NULL CHECK (position >= 1),
  default_referring_physician boolean NOT NULL DEFAULT false,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 250),
  npi text CHECK (npi ~ '^[0-9]{10}$'),
  credential text,
  specialty text,
  -- [{streetAddressLn1, streetAddressLn2, city, state, zip, country}]
  addresses jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT care_team_member_position_unique UNIQUE (patient_id, position)
);
-- At most one referring physician per team.
CREATE UNIQUE INDEX care_team_member_referring ON care_team_member (patient_id)
  WHERE default_referring_physician;
