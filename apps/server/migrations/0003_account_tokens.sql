-- Dermis 0003: account-creation and e-mail-verification tokens, verified e-mail addresses, and the
-- e-mail types a patient unsubscribed from.

-- One table for both link kinds: same life cycle (UNUSED → USED, or EXPIRED), same lookup by hash.
-- Only the SHA-256 of the secret is stored; the secret travels only in the e-mail.
CREATE TABLE account_token (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('ACCOUNT_CREATION', 'EMAIL_VERIFICATION')),
  practice_id integer NOT NULL REFERENCES practice (id),
  patient_id integer NOT NULL REFERENCES patient (id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  email text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  -- Wrong dates of birth entered with this account-creation token; at the limit the token is spent.
  failed_attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT account_token_hash_unique UNIQUE (token_hash)
);
CREATE INDEX account_token_patient_idx ON account_token (patient_id, kind);

-- Addresses a patient proved to own by following a verification link.
CREATE TABLE verified_email (
  patient_id integer NOT NULL REFERENCES patient (id) ON DELETE CASCADE,
  email text NOT NULL,
  verified_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (patient_id, email)
);

-- Reminder-type e-mail a patient unsubscribed from (spec 000 §2 types 1, 3, 4).
CREATE TABLE email_preference (
  patient_id integer NOT NULL REFERENCES patient (id) ON DELETE CASCADE,
  type integer NOT NULL CHECK (type IN (1, 3, 4)),
  unsubscribed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (patient_id, type)
);
