-- The clinical record a clinic feeds through the integration API (docs/decisions/220): results (lab
-- panels and pathology reports with their observations), vital signs per visit, immunizations,
-- clinical notes, the plan of care (planned items, goals, health concerns), and structured doses on
-- prescriptions. Every row is named by the clinic's own external id, unique per practice, so a feed
-- sent twice changes nothing. Every row carries its provenance: the author (name, NPI when known),
-- the organisation and the time the clinic recorded it. Coded values keep the clinic's code and its
-- display text; status values are the FHIR codes the C-CDA and FHIR views map from.

-- Results: a DiagnosticReport-like report, either a lab panel (LOINC panel code) or a pathology
-- report (specimen, narrative, coded diagnosis). A corrected report arrives under the same external
-- id and replaces the preliminary one in place; result_report_status keeps each status it had.
CREATE TABLE result_report (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practice (id),
  patient_id integer NOT NULL REFERENCES patient (id) ON DELETE CASCADE,
  external_id text NOT NULL CHECK (length(external_id) BETWEEN 1 AND 200),
  encounter_id integer REFERENCES encounter (id) ON DELETE SET NULL,
  category text NOT NULL CHECK (category IN ('lab', 'pathology')),
  code text NOT NULL CHECK (length(code) BETWEEN 1 AND 64),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 500),
  status text NOT NULL CHECK (status IN ('preliminary', 'final', 'corrected')),
  -- When the specimen was taken (clinically relevant time) and when the report was issued.
  effective_at timestamptz NOT NULL,
  issued_at timestamptz NOT NULL,
  specimen text CHECK (length(specimen) <= 1000),
  narrative text CHECK (length(narrative) <= 100000),
  diagnosis_code text CHECK (length(diagnosis_code) <= 64),
  diagnosis_display text CHECK (length(diagnosis_display) <= 500),
  author_name text NOT NULL CHECK (length(author_name) BETWEEN 1 AND 200),
  author_npi text CHECK (author_npi ~ '^[0-9]{10}$'),
  author_organization text NOT NULL CHECK (length(author_organization) BETWEEN 1 AND 200),
  recorded_at timestamptz NOT NULL,
  -- Moves on with every change the clinic sends; read marks and notifications name the version.
  version integer NOT NULL DEFAULT 1,
  -- When the patient may see this version: the receipt time plus the practice's delay for the
  -- category at that moment (result_release_delay), so a later change of delay never hides a
  -- result already shown.
  released_at timestamptz NOT NULL,
  -- The version the patient was told about by e-mail; below version: a notice is due once released.
  notified_version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT result_report_external_id_unique UNIQUE (practice_id, external_id),
  CONSTRAINT result_report_pathology_has_text CHECK (category = 'lab' OR narrative IS NOT NULL)
);
CREATE INDEX result_report_patient_idx ON result_report (patient_id, effective_at);
CREATE INDEX result_report_notice_due_idx ON result_report (released_at) WHERE notified_version < version;

CREATE TABLE result_report_status (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  report_id integer NOT NULL REFERENCES result_report (id) ON DELETE CASCADE,
  version integer NOT NULL,
  status text NOT NULL CHECK (status IN ('preliminary', 'final', 'corrected')),
  issued_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT result_report_status_unique UNIQUE (report_id, version)
);

-- The observations of a report, in the clinic's order; replaced whole when the report changes.
CREATE TABLE result_observation (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  report_id integer NOT NULL REFERENCES result_report (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  code text NOT NULL CHECK (length(code) BETWEEN 1 AND 64),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 500),
  value_numeric double precision,
  value_text text CHECK (length(value_text) <= 2000),
  unit text CHECK (length(unit) <= 64),
  reference_low double precision,
  reference_high double precision,
  reference_text text CHECK (length(reference_text) <= 500),
  interpretation text CHECK (interpretation IN ('H', 'L', 'N', 'A', 'HH', 'LL')),
  CONSTRAINT result_observation_has_value CHECK (value_numeric IS NOT NULL OR value_text IS NOT NULL),
  CONSTRAINT result_observation_position_unique UNIQUE (report_id, position)
);
CREATE INDEX result_observation_code_idx ON result_observation (code);

-- Which signed-in person has read which version of a result (a guardian reads for the ward).
CREATE TABLE result_read (
  report_id integer NOT NULL REFERENCES result_report (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
  version integer NOT NULL,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (report_id, user_id)
);

-- A practice's delay before patients see a result of a category (docs/decisions/221). No row: shown
-- as soon as it arrives.
CREATE TABLE result_release_delay (
  practice_id integer NOT NULL REFERENCES practice (id),
  category text NOT NULL CHECK (category IN ('lab', 'pathology')),
  delay_hours integer NOT NULL CHECK (delay_hours BETWEEN 0 AND 8760),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (practice_id, category)
);

-- Vital signs: one set per visit (a panel), its measurements LOINC-coded with UCUM units.
CREATE TABLE vital_sign_set (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practice (id),
  patient_id integer NOT NULL REFERENCES patient (id) ON DELETE CASCADE,
  external_id text NOT NULL CHECK (length(external_id) BETWEEN 1 AND 200),
  encounter_id integer REFERENCES encounter (id) ON DELETE SET NULL,
  effective_at timestamptz NOT NULL,
  author_name text NOT NULL CHECK (length(author_name) BETWEEN 1 AND 200),
  author_npi text CHECK (author_npi ~ '^[0-9]{10}$'),
  author_organization text NOT NULL CHECK (length(author_organization) BETWEEN 1 AND 200),
  recorded_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT vital_sign_set_external_id_unique UNIQUE (practice_id, external_id)
);
CREATE INDEX vital_sign_set_patient_idx ON vital_sign_set (patient_id, effective_at);

CREATE TABLE vital_sign (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  set_id integer NOT NULL REFERENCES vital_sign_set (id) ON DELETE CASCADE,
  code text NOT NULL CHECK (code IN ('8480-6', '8462-4', '8867-4', '9279-1', '8310-5', '8302-2',
    '29463-7', '39156-5', '59408-5')),
  value double precision NOT NULL,
  unit text NOT NULL CHECK (length(unit) BETWEEN 1 AND 64),
  CONSTRAINT vital_sign_code_unique UNIQUE (set_id, code)
);

CREATE TABLE immunization (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practice (id),
  patient_id integer NOT NULL REFERENCES patient (id) ON DELETE CASCADE,
  external_id text NOT NULL CHECK (length(external_id) BETWEEN 1 AND 200),
  encounter_id integer REFERENCES encounter (id) ON DELETE SET NULL,
  cvx_code text NOT NULL CHECK (cvx_code ~ '^[0-9]{1,3}$'),
  vaccine_name text NOT NULL CHECK (length(vaccine_name) BETWEEN 1 AND 500),
  occurred_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('completed', 'not-done')),
  -- Why it was not given (refusal, contraindication); only with not-done.
  status_reason text CHECK (length(status_reason) <= 500),
  lot_number text CHECK (length(lot_number) <= 64),
  manufacturer text CHECK (length(manufacturer) <= 200),
  performer_name text CHECK (length(performer_name) <= 200),
  author_name text NOT NULL CHECK (length(author_name) BETWEEN 1 AND 200),
  author_npi text CHECK (author_npi ~ '^[0-9]{10}$'),
  author_organization text NOT NULL CHECK (length(author_organization) BETWEEN 1 AND 200),
  recorded_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT immunization_external_id_unique UNIQUE (practice_id, external_id)
);
CREATE INDEX immunization_patient_idx ON immunization (patient_id, occurred_at);

-- A note of a visit: text, or a PDF kept in the blob store like the practice's documents.
CREATE TABLE clinical_note (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practice (id),
  patient_id integer NOT NULL REFERENCES patient (id) ON DELETE CASCADE,
  external_id text NOT NULL CHECK (length(external_id) BETWEEN 1 AND 200),
  encounter_id integer REFERENCES encounter (id) ON DELETE SET NULL,
  note_type_code text NOT NULL CHECK (length(note_type_code) BETWEEN 1 AND 64),
  note_type_name text NOT NULL CHECK (length(note_type_name) BETWEEN 1 AND 200),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 500),
  text text CHECK (length(text) <= 100000),
  content_s3_id text,
  content_length integer,
  file_name text,
  authored_at timestamptz NOT NULL,
  author_name text NOT NULL CHECK (length(author_name) BETWEEN 1 AND 200),
  author_npi text CHECK (author_npi ~ '^[0-9]{10}$'),
  author_organization text NOT NULL CHECK (length(author_organization) BETWEEN 1 AND 200),
  recorded_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT clinical_note_external_id_unique UNIQUE (practice_id, external_id),
  CONSTRAINT clinical_note_has_content CHECK (text IS NOT NULL OR content_s3_id IS NOT NULL),
  CONSTRAINT clinical_note_pdf_complete CHECK (
    (content_s3_id IS NULL) = (content_length IS NULL) AND (content_s3_id IS NULL) = (file_name IS NULL))
);
CREATE INDEX clinical_note_patient_idx ON clinical_note (patient_id, authored_at);

-- Plan of treatment: what is planned for the patient (a visit, a procedure, a medication, education).
CREATE TABLE care_plan_item (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practice (id),
  patient_id integer NOT NULL REFERENCES patient (id) ON DELETE CASCADE,
  external_id text NOT NULL CHECK (length(external_id) BETWEEN 1 AND 200),
  encounter_id integer REFERENCES encounter (id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('visit', 'procedure', 'medication', 'education')),
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 2000),
  -- A code when the clinic gives one: SNOMED CT, CPT, LOINC or RxNorm.
  code text CHECK (length(code) <= 64),
  code_system text CHECK (code_system IN ('SNOMED', 'CPT', 'LOINC', 'RXNORM')),
  planned_at timestamptz,
  status text NOT NULL CHECK (status IN ('active', 'completed', 'cancelled')),
  author_name text NOT NULL CHECK (length(author_name) BETWEEN 1 AND 200),
  author_npi text CHECK (author_npi ~ '^[0-9]{10}$'),
  author_organization text NOT NULL CHECK (length(author_organization) BETWEEN 1 AND 200),
  recorded_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT care_plan_item_external_id_unique UNIQUE (practice_id, external_id),
  CONSTRAINT care_plan_item_code_has_system CHECK ((code IS NULL) = (code_system IS NULL))
);
CREATE INDEX care_plan_item_patient_idx ON care_plan_item (patient_id, recorded_at);

CREATE TABLE care_goal (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practice (id),
  patient_id integer NOT NULL REFERENCES patient (id) ON DELETE CASCADE,
  external_id text NOT NULL CHECK (length(external_id) BETWEEN 1 AND 200),
  encounter_id integer REFERENCES encounter (id) ON DELETE SET NULL,
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 2000),
  target_date date,
  status text NOT NULL CHECK (status IN ('active', 'achieved', 'cancelled')),
  author_name text NOT NULL CHECK (length(author_name) BETWEEN 1 AND 200),
  author_npi text CHECK (author_npi ~ '^[0-9]{10}$'),
  author_organization text NOT NULL CHECK (length(author_organization) BETWEEN 1 AND 200),
  recorded_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT care_goal_external_id_unique UNIQUE (practice_id, external_id)
);
CREATE INDEX care_goal_patient_idx ON care_goal (patient_id, recorded_at);

CREATE TABLE health_concern (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practice (id),
  patient_id integer NOT NULL REFERENCES patient (id) ON DELETE CASCADE,
  external_id text NOT NULL CHECK (length(external_id) BETWEEN 1 AND 200),
  encounter_id integer REFERENCES encounter (id) ON DELETE SET NULL,
  code text CHECK (length(code) <= 64),
  code_system text CHECK (code_system IN ('SNOMED', 'ICD10')),
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 2000),
  status text NOT NULL CHECK (status IN ('active', 'inactive', 'resolved')),
  onset_date date,
  author_name text NOT NULL CHECK (length(author_name) BETWEEN 1 AND 200),
  author_npi text CHECK (author_npi ~ '^[0-9]{10}$'),
  author_organization text NOT NULL CHECK (length(author_organization) BETWEEN 1 AND 200),
  recorded_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT health_concern_external_id_unique UNIQUE (practice_id, external_id),
  CONSTRAINT health_concern_code_has_system CHECK ((code IS NULL) = (code_system IS NULL))
);
CREATE INDEX health_concern_patient_idx ON health_concern (patient_id, recorded_at);

-- Prescriptions gain what a C-CDA medication entry carries: the RxNorm code, a structured dose
-- (quantity and UCUM unit), the route (NCI Thesaurus code as C-CDA's route value set uses, and its
-- text), the frequency (a period value and UCUM unit, e.g. 1 wk, or only text) and the provenance.
-- All optional: prescriptions fed before keep their sig only.
ALTER TABLE prescription
  ADD COLUMN rxnorm_code text CHECK (rxnorm_code ~ '^[0-9]{1,10}$'),
  ADD COLUMN dose_quantity double precision CHECK (dose_quantity > 0),
  ADD COLUMN dose_unit text CHECK (length(dose_unit) BETWEEN 1 AND 64),
  ADD COLUMN route_code text CHECK (route_code ~ '^C[0-9]{4,6}$'),
  ADD COLUMN route_text text CHECK (length(route_text) BETWEEN 1 AND 200),
  ADD COLUMN frequency_period_value double precision CHECK (frequency_period_value > 0),
  ADD COLUMN frequency_period_unit text CHECK (frequency_period_unit IN ('h', 'd', 'wk', 'mo')),
  ADD COLUMN frequency_text text CHECK (length(frequency_text) BETWEEN 1 AND 200),
  ADD COLUMN prescriber_npi text CHECK (prescriber_npi ~ '^[0-9]{10}$'),
  ADD COLUMN author_organization text CHECK (length(author_organization) BETWEEN 1 AND 200),
  ADD COLUMN recorded_at timestamptz,
  ADD CONSTRAINT prescription_dose_has_unit CHECK ((dose_quantity IS NULL) = (dose_unit IS NULL)),
  ADD CONSTRAINT prescription_period_has_unit
    CHECK ((frequency_period_value IS NULL) = (frequency_period_unit IS NULL));
