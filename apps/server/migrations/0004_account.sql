-- Dermis 0004: password-reset tokens and the activity log (the "account" area of issue 3).
-- Forward-only; kept inside PostgreSQL 15 so it runs the same on PGlite and on a server.

CREATE TABLE password_reset_token (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The non-secret reference the forgot-password answer carries; it cannot reset anything.
  public_id uuid NOT NULL,
  user_id integer NOT NULL REFERENCES user_account (id),
  -- SHA-256 of the secret that travels only in the e-mail.
  token_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT password_reset_token_public_id_unique UNIQUE (public_id),
  CONSTRAINT password_reset_token_hash_unique UNIQUE (token_hash)
);
CREATE INDEX password_reset_token_user_idx ON password_reset_token (user_id, created_at);

-- Who viewed, downloaded or transmitted whose health information (spec 000 §2 "Activity Log").
CREATE TABLE activity_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practice (id),
  -- Whose information it was.
  patient_id integer NOT NULL REFERENCES patient (id),
  -- Who did it (the patient or a responsible person acting for them).
  actor_user_id integer NOT NULL REFERENCES user_account (id),
  action text NOT NULL
    CHECK (action IN ('DOWNLOAD_PDF', 'DOWNLOAD_CCDA', 'VIEW', 'TRANSMIT', 'TRANSMIT_VIA_EMAIL')),
  to_address text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX activity_log_patient_idx ON activity_log (patient_id, created_at);
