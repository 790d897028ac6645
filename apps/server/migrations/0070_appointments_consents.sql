-- Appointments, consents with drawn signatures (issue 11; decisions 100 and 101).

-- Clinics arrive by the clinic system's own id too (PUT /clinics/{externalId}); the site is a link
-- on appointments.
ALTER TABLE clinic ADD COLUMN external_id text CHECK (length(external_id) BETWEEN 1 AND 64);
ALTER TABLE clinic ADD COLUMN website text CHECK (length(website) <= 300);
ALTER TABLE clinic ADD COLUMN address_line2 text CHECK (length(address_line2) <= 200);
CREATE UNIQUE INDEX clinic_external_id_unique ON clinic (practice_id, external_id);

-- A provider's photo, in the blob store under provider-avatars/{avatar_s3_id}.
ALTER TABLE provider ADD COLUMN avatar_s3_id text CHECK (avatar_s3_id ~ '^[0-9a-f]{32}$');
ALTER TABLE provider ADD COLUMN avatar_mime_type text CHECK (avatar_mime_type IN ('image/png', 'image/jpeg'));

-- A consent form of the practice. version grows whenever title or text change, so a signature names
-- the exact text it covers (the text itself is copied into the signature row).
CREATE TABLE consent_profile (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practice (id),
  external_id text NOT NULL CHECK (length(external_id) BETWEEN 1 AND 64),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 500),
  text text NOT NULL CHECK (length(text) BETWEEN 1 AND 100000),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  frequency text NOT NULL DEFAULT 'EVERY_VISIT' CHECK (frequency IN ('EVERY_VISIT', 'ONE_TIME')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT consent_profile_external_id_unique UNIQUE (practice_id, external_id)
);

-- A consent of a visit. PENDING waits for the patient's signature, SIGNED has a consent_signature
-- row, IGNORED was waived by the clinic.
CREATE TABLE consent (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practice (id),
  patient_id integer NOT NULL REFERENCES patient (id) ON DELETE CASCADE,
  encounter_id integer NOT NULL REFERENCES encounter (id) ON DELETE CASCADE,
  consent_profile_id integer NOT NULL REFERENCES consent_profile (id),
  external_id text NOT NULL CHECK (length(external_id) BETWEEN 1 AND 64),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SIGNED', 'IGNORED')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT consent_external_id_unique UNIQUE (practice_id, external_id)
);
CREATE INDEX consent_encounter_idx ON consent (encounter_id);
CREATE INDEX consent_patient_profile_idx ON consent (patient_id, consent_profile_id);

-- The evidence of one signature: what was signed (version, title, text as shown), the image, who
-- signed (the patient, or the responsible person acting for them), when, from where, and a SHA-256
-- over the UTF-8 text, one 0x00 byte and the PNG bytes. Rows are never updated or deleted.
CREATE TABLE consent_signature (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  consent_id integer NOT NULL REFERENCES consent (id) ON DELETE CASCADE,
  patient_id integer NOT NULL REFERENCES patient (id) ON DELETE CASCADE,
  consent_profile_id integer NOT NULL REFERENCES consent_profile (id),
  frequency text NOT NULL CHECK (frequency IN ('EVERY_VISIT', 'ONE_TIME')),
  profile_version integer NOT NULL,
  title text NOT NULL,
  text text NOT NULL,
  signature_png text NOT NULL CHECK (length(signature_png) BETWEEN 1 AND 700000),
  signer_kind text NOT NULL CHECK (signer_kind IN ('PATIENT', 'RESPONSIBLE_PERSON')),
  signer_user_id integer NOT NULL REFERENCES user_account (id),
  signer_patient_id integer NOT NULL REFERENCES patient (id),
  signer_first_name text NOT NULL,
  signer_last_name text NOT NULL,
  signer_username text NOT NULL,
  signed_at timestamptz NOT NULL DEFAULT now(),
  ip_address text NOT NULL,
  user_agent text,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  CONSTRAINT consent_signature_consent_unique UNIQUE (consent_id)
);
-- ONE_TIME consents are signed once per patient, whichever visit carried them.
CREATE UNIQUE INDEX consent_signature_one_time_unique ON consent_signature (patient_id, consent_profile_id)
  WHERE frequency = 'ONE_TIME';

-- Evidence is write-once: no UPDATE, and no DELETE other than the patient's record going away.
CREATE FUNCTION consent_signature_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'consent_signature rows are write-once';
END;
$$;
CREATE TRIGGER consent_signature_immutable BEFORE UPDATE ON consent_signature
  FOR EACH ROW EXECUTE FUNCTION consent_signature_immutable();

-- A signed consent keeps its status, visit and form.
CREATE FUNCTION consent_signed_is_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'SIGNED' AND (NEW.status <> 'SIGNED' OR NEW.encounter_id <> OLD.encounter_id
      OR NEW.consent_profile_id <> OLD.consent_profile_id OR NEW.patient_id <> OLD.patient_id) THEN
    RAISE EXCEPTION 'a signed consent cannot be changed';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER consent_signed_is_final BEFORE UPDATE ON consent
  FOR EACH ROW EXECUTE FUNCTION consent_signed_is_final();
