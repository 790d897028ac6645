-- Clinical documents (issue 9 items 6 and 8, decision 092): a CDA R2 document received from
-- elsewhere (a C-CDA from a hospital, a referral note), attached by the clinic to one encounter
-- through the integration API or `dermis encounter:attach-cda`. The complete-record viewer shows it
-- (patient/viewCCDADocument). One per encounter; attaching again replaces it. The XML was checked
-- on the way in: well-formed, root ClinicalDocument in urn:hl7-org:v3, no DOCTYPE.
CREATE TABLE clinical_document (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practice(id),
  patient_id integer NOT NULL REFERENCES patient(id) ON DELETE CASCADE,
  encounter_id integer NOT NULL REFERENCES encounter(id) ON DELETE CASCADE,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 500),
  xml text NOT NULL CHECK (length(xml) BETWEEN 1 AND 8388608),
  source text NOT NULL CHECK (length(source) BETWEEN 1 AND 200),
  received_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT clinical_document_encounter_unique UNIQUE (encounter_id)
);

CREATE INDEX clinical_document_patient_idx ON clinical_document (patient_id);
