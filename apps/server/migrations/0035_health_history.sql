-- Health history, encounters and prescriptions (issue 8 items 3, 7 and 9).

-- Providers arrive with encounters, named by the clinic's own id.
ALTER TABLE provider ADD COLUMN external_id text;
CREATE UNIQUE INDEX provider_external_id_unique ON provider (practice_id, external_id);

-- Visits as the clinic feeds them; history_finished is the screening flag (encounter/setHistoryFinished).
CREATE TABLE encounter (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practice (id),
  patient_id integer NOT NULL REFERENCES patient (id) ON DELETE CASCADE,
  external_id text NOT NULL,
  clinic_id integer REFERENCES clinic (id),
  date_of_service timestamptz NOT NULL,
  duration_minutes integer NOT NULL DEFAULT 30 CHECK (duration_minutes BETWEEN 0 AND 1440),
  history_finished boolean NOT NULL DEFAULT false,
  history_finished_at timestamptz,
  education_text text,
  education_note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT encounter_external_id_unique UNIQUE (practice_id, external_id)
);
CREATE INDEX encounter_patient_idx ON encounter (patient_id, date_of_service);

CREATE TABLE encounter_role (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  encounter_id integer NOT NULL REFERENCES encounter (id) ON DELETE CASCADE,
  provider_id integer NOT NULL REFERENCES provider (id),
  role text NOT NULL DEFAULT 'PROVIDER' CHECK (role IN ('PROVIDER')),
  position integer NOT NULL DEFAULT 0,
  CONSTRAINT encounter_role_unique UNIQUE (encounter_id, provider_id, role)
);

-- One row per history entry (a "subjective item" of type HISTORY). The attributes of the contract
-- are columns: code/name/custom_value (order 1), status (order 2), details or
-- discontinuation_reason (order 3). details holds [{"code": …, "customValue": …}] of fixed codes.
CREATE TABLE history_item (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practice (id),
  patient_id integer NOT NULL REFERENCES patient (id) ON DELETE CASCADE,
  section text NOT NULL CHECK (section IN ('ALLERGIES', 'MEDICATIONS', 'PAST_MEDICAL_HISTORY',
    'FAMILY_HISTORY', 'SURGICAL_HISTORY', 'ALCOHOL', 'DRUG', 'SMOKING', 'EXPOSURE', 'MARITAL')),
  special_type text CHECK (special_type IN ('DENIES', 'UNKNOWN')),
  code text NOT NULL CHECK (length(code) BETWEEN 1 AND 64),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 500),
  custom_value text,
  status text NOT NULL CHECK (status IN ('KNOWN_PRESENT', 'KNOWN_ABSENT', 'MEDICATION_COMMENCED', 'PERFORMED')),
  details jsonb NOT NULL DEFAULT '[]'::jsonb,
  active boolean NOT NULL DEFAULT true,
  discontinuation_reason text,
  -- Set when the clinic recorded the item (integration API), unique per practice.
  external_id text,
  encounter_id integer REFERENCES encounter (id) ON DELETE SET NULL,
  provider_id integer REFERENCES provider (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT history_item_discontinued_has_reason CHECK (active OR discontinuation_reason IS NOT NULL)
);
CREATE INDEX history_item_patient_idx ON history_item (patient_id, section);
CREATE UNIQUE INDEX history_item_external_id_unique ON history_item (practice_id, external_id);

CREATE TABLE prescription (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practice (id),
  patient_id integer NOT NULL REFERENCES patient (id) ON DELETE CASCADE,
  external_id text NOT NULL,
  fdb_id text NOT NULL,
  fdb_description text NOT NULL,
  fdb_drug_type text NOT NULL DEFAULT '',
  status text NOT NULL CHECK (status IN ('ACTIVE', 'INACTIVE')),
  sig text,
  date_written date,
  date_inactive date,
  prescriber_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT prescription_external_id_unique UNIQUE (practice_id, external_id)
);
CREATE INDEX prescription_patient_idx ON prescription (patient_id);

-- Patient education text per drug, supplied by the practice.
CREATE TABLE drug_monograph (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practice (id),
  fdb_id text NOT NULL,
  fdb_drug_type text NOT NULL DEFAULT '',
  title text NOT NULL,
  monograph text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT drug_monograph_unique UNIQUE (practice_id, fdb_id, fdb_drug_type)
);
