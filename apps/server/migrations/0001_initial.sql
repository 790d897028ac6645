-- Dermis 0001: practices, patients, accounts, responsible persons, tokens, API keys, audit.
-- Forward-only; kept inside PostgreSQL 15 so it runs the same on PGlite and on a server.

CREATE TABLE practice (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  mfa_required_by_practice_admin boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE clinic (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practice (id),
  name text NOT NULL,
  phone text,
  address_line1 text,
  city text,
  state text,
  zip_code text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX clinic_practice_idx ON clinic (practice_id);

CREATE TABLE provider (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practice (id),
  clinic_id integer REFERENCES clinic (id),
  first_name text NOT NULL,
  last_name text NOT NULL,
  credentials text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX provider_practice_idx ON provider (practice_id);

CREATE TABLE patient (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practice (id),
  external_id text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  date_of_birth date NOT NULL,
  gender text NOT NULL DEFAULT 'UNKNOWN'
    CHECK (gender IN ('MALE', 'FEMALE', 'UNKNOWN', 'OTHER', 'UNDIFFERENTIATED')),
  active boolean NOT NULL DEFAULT true,
  deceased boolean NOT NULL DEFAULT false,
  bridge_patient boolean NOT NULL DEFAULT false,
  direct_address text,
  direct_service_enabled boolean NOT NULL DEFAULT false,
  has_fhir_permission boolean NOT NULL DEFAULT false,
  patient_fhir_invite boolean NOT NULL DEFAULT false,
  first_time_setup_complete boolean NOT NULL DEFAULT false,
  avatar_s3_id text,
  avatar_content_length integer,
  avatar_mime_type text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT patient_external_id_unique UNIQUE (practice_id, external_id)
);

CREATE TABLE patient_contact (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  patient_id integer NOT NULL REFERENCES patient (id) ON DELETE CASCADE,
  type text NOT NULL,
  value text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX patient_contact_patient_idx ON patient_contact (patient_id, position);

CREATE TABLE patient_address (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  patient_id integer NOT NULL REFERENCES patient (id) ON DELETE CASCADE,
  address_line1 text NOT NULL,
  address_line2 text,
  city text NOT NULL,
  state text NOT NULL,
  zip_code text NOT NULL,
  country text NOT NULL DEFAULT 'US',
  active boolean NOT NULL DEFAULT true,
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX patient_address_patient_idx ON patient_address (patient_id, position);

CREATE TABLE user_account (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practice (id),
  patient_id integer NOT NULL REFERENCES patient (id),
  username text NOT NULL,
  password_hash text NOT NULL,
  last_change_password_date timestamptz,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT user_account_patient_unique UNIQUE (patient_id)
);
-- "Maria" and "maria" are the same sign-in name within a practice.
CREATE UNIQUE INDEX user_account_username_unique ON user_account (practice_id, lower(username));
CREATE INDEX user_account_username_idx ON user_account (lower(username));

CREATE TABLE responsible_person (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The person cared for (for example a minor).
  patient_id integer NOT NULL REFERENCES patient (id),
  -- The responsible person's own patient record.
  responsible_patient_id integer NOT NULL REFERENCES patient (id),
  relationship integer NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT responsible_person_pair_unique UNIQUE (patient_id, responsible_patient_id),
  CONSTRAINT responsible_person_not_self CHECK (patient_id <> responsible_patient_id)
);
CREATE INDEX responsible_person_responsible_idx ON responsible_person (responsible_patient_id);

CREATE TABLE refresh_token (
  -- The token's jti.
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES user_account (id),
  -- Every rotation of one sign-in shares a family; reuse of a spent token revokes the family.
  family_id uuid NOT NULL,
  token_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT refresh_token_hash_unique UNIQUE (token_hash)
);
CREATE INDEX refresh_token_family_idx ON refresh_token (family_id);
CREATE INDEX refresh_token_user_idx ON refresh_token (user_id);

CREATE TABLE api_key (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practice (id),
  -- SHA-256 of the key; the key itself is shown once and never stored.
  key_hash text NOT NULL,
  label text,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  CONSTRAINT api_key_hash_unique UNIQUE (key_hash)
);

-- No foreign keys on user_id/patient_id: audit rows must outlive what they mention and may name
-- ids that do not exist (a denied request for an unknown patient).
CREATE TABLE audit_event (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practice (id),
  user_id integer,
  patient_id integer,
  action text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  address text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_event_practice_idx ON audit_event (practice_id, created_at);
