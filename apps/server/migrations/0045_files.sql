-- Dermis 0045: blobs issued for upload, patient documents and insurance profiles (issue 8, engineer
-- "files"). Forward-only; kept inside PostgreSQL 15 so it runs the same on PGlite and on a server.

-- An upload address handed to an account (GET dms/url/avatar/getUploadURL). The blob only becomes
-- an avatar when profile/addAvatar registers it, checked by content; unregistered ones expire.
CREATE TABLE blob_upload (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  s3_id text NOT NULL CHECK (s3_id ~ '^[0-9a-f]{32}$'),
  user_id integer NOT NULL REFERENCES user_account (id),
  purpose text NOT NULL CHECK (purpose IN ('AVATAR')),
  expires_at timestamptz NOT NULL,
  registered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT blob_upload_s3_id_unique UNIQUE (s3_id)
);
CREATE INDEX blob_upload_user_idx ON blob_upload (user_id, created_at);

-- Documents the clinic files for a patient (integration API), keyed by the clinic's own id.
CREATE TABLE patient_document (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practice (id),
  patient_id integer NOT NULL REFERENCES patient (id),
  external_id text NOT NULL,
  name text NOT NULL,
  file_name text NOT NULL,
  mime_type text NOT NULL,
  content_s3_id text NOT NULL,
  content_length integer NOT NULL CHECK (content_length >= 0),
  owner_full_name text,
  date_created timestamptz NOT NULL,
  added_on timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT patient_document_external_unique UNIQUE (patient_id, external_id)
);
CREATE INDEX patient_document_patient_idx ON patient_document (patient_id, date_created);

CREATE TABLE insurance_profile (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practice (id),
  patient_id integer NOT NULL REFERENCES patient (id),
  external_id text NOT NULL,
  name text,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT insurance_profile_external_unique UNIQUE (patient_id, external_id)
);

CREATE TABLE insurance_policy (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  profile_id integer NOT NULL REFERENCES insurance_profile (id) ON DELETE CASCADE,
  external_id text NOT NULL,
  sort_order integer NOT NULL,
  name text NOT NULL,
  valid_from date,
  valid_through date,
  date_terminated date,
  title text,
  member_number text,
  group_name text,
  co_insurance text,
  co_payment text,
  deductible text,
  company_name text NOT NULL,
  policy_type text NOT NULL,
  relationship text,
  responsible_first_name text,
  responsible_middle_name text,
  responsible_last_name text,
  responsible_date_of_birth date,
  responsible_gender text,
  responsible_phone text,
  responsible_other_contact text,
  street_address_ln1 text,
  street_address_ln2 text,
  city text,
  state text,
  zip text,
  country text,
  CONSTRAINT insurance_policy_external_unique UNIQUE (profile_id, external_id)
);

-- Document downloads are health-information downloads: they land in the activity log.
ALTER TABLE activity_log DROP CONSTRAINT activity_log_action_check;
ALTER TABLE activity_log ADD CONSTRAINT activity_log_action_check
  CHECK (action IN ('DOWNLOAD_PDF', 'DOWNLOAD_CCDA', 'VIEW', 'TRANSMIT', 'TRANSMIT_VIA_EMAIL', 'SIGN_IN', 'DOWNLOAD_DOCUMENT'));
