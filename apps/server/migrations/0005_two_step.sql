-- Dermis 0005: two-step verification (spec 000 §3 two-step profile). A user's profiles (e-mail or
-- authenticator app) and the one-time codes sent by e-mail. Authenticator secrets are stored
-- encrypted (AES-256-GCM, see docs/decisions/030); e-mail codes only as SHA-256 hashes.

CREATE TABLE mfa_profile (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES user_account (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('EMAIL', 'AUTH_APP')),
  value text,
  secret text,
  verified boolean NOT NULL DEFAULT false,
  preferred boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  -- The last authenticator time step accepted: a code is never accepted twice (replay protection).
  last_used_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mfa_profile_user_idx ON mfa_profile (user_id, id);

CREATE TABLE mfa_code (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  profile_id integer NOT NULL REFERENCES mfa_profile (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mfa_code_profile_idx ON mfa_code (profile_id, id DESC);

-- Temporary sign-in tokens that already produced a session: each may be spent once.
CREATE TABLE mfa_spent_temp_token (
  jti text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
