-- The clinician's assessment of the patient's overall health status (decision 251): a code of the
-- HL7 HealthStatus value set (urn:oid:2.16.840.1.113883.1.11.20.12, SNOMED CT), fed by the clinic
-- like the other items of the plan of care, idempotent by its own id. The C-CDA writes the latest as
-- a Health Status Observation; FHIR serves each as an Observation. 'entered-in-error' withdraws an
-- assessment sent by mistake: it stays stored, no reader shows it.
CREATE TABLE health_status (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practice (id),
  patient_id integer NOT NULL REFERENCES patient (id) ON DELETE CASCADE,
  external_id text NOT NULL CHECK (length(external_id) BETWEEN 1 AND 200),
  encounter_id integer REFERENCES encounter (id) ON DELETE SET NULL,
  code text NOT NULL CHECK (code IN ('81323004', '135815002', '135818000', '161045001', '161901003',
    '162467007', '21134002', '271593001', '419099009', '765205004')),
  status text NOT NULL CHECK (status IN ('final', 'entered-in-error')),
  author_name text NOT NULL CHECK (length(author_name) BETWEEN 1 AND 200),
  author_npi text CHECK (author_npi ~ '^[0-9]{10}$'),
  author_taxonomy_code text CHECK (author_taxonomy_code ~ '^[0-9]{3}[0-9A-Z]{6}X$'),
  author_organization text NOT NULL CHECK (length(author_organization) BETWEEN 1 AND 200),
  recorded_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT health_status_external_id_unique UNIQUE (practice_id, external_id)
);
CREATE INDEX health_status_patient_idx ON health_status (patient_id, recorded_at);
