-- FHIR invite codes (issue 9, decision 095). The practice issues a patient an invite code through the
-- integration API or `dermis fhir:invite`; the patient gives it, with the FHIR base URL, to a health
-- app. Reissuing revokes the current code; at most one unrevoked code per patient.
CREATE TABLE fhir_invite (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  patient_id integer NOT NULL REFERENCES patient(id) ON DELETE CASCADE,
  code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9]{4}(-[A-Z0-9]{4}){2}$'),
  issued_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);

CREATE UNIQUE INDEX fhir_invite_current_idx ON fhir_invite (patient_id) WHERE revoked_at IS NULL;
