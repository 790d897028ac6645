-- Health apps (SMART App Launch, docs/decisions/214): the practice's registered OAuth clients, the
-- authorization server's state (oidc-provider's models: grants, codes, tokens, sessions,
-- interactions), the connections patients approve, and the server's signing key.

-- A registered app. A client belongs to one practice and is granted only that practice's patients.
CREATE TABLE health_app (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  practice_id integer NOT NULL REFERENCES practice(id),
  client_id text NOT NULL UNIQUE,
  name text NOT NULL,
  redirect_uris text[] NOT NULL,
  -- 'none' (public: PKCE only), 'client_secret_basic', 'private_key_jwt'.
  token_endpoint_auth_method text NOT NULL
    CHECK (token_endpoint_auth_method IN ('none', 'client_secret_basic', 'private_key_jwt')),
  -- SHA-256 of the secret (client_secret_basic); the secret is shown once, at registration.
  client_secret_hash text,
  jwks_uri text,
  jwks jsonb,
  allowed_scopes text[] NOT NULL,
  -- http://127.0.0.1 and http://localhost redirect addresses match on any port (RFC 8252 §7.3).
  loopback_any_port boolean NOT NULL DEFAULT false,
  -- Registered through dynamic registration (RFC 7591) rather than by the practice.
  dynamic boolean NOT NULL DEFAULT false,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- oidc-provider's artifacts, one row each, by model name and id; payload is what the provider stores.
CREATE TABLE oauth_artifact (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (model, id)
);
CREATE INDEX oauth_artifact_grant_idx ON oauth_artifact (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oauth_artifact_uid_idx ON oauth_artifact (uid) WHERE uid IS NOT NULL;
CREATE INDEX oauth_artifact_expires_idx ON oauth_artifact (expires_at) WHERE expires_at IS NOT NULL;

-- A patient's record shared with an app: one per approval (oidc-provider grant). Ends when the
-- patient disconnects it (disconnected_at) or when the access rule no longer holds.
CREATE TABLE health_app_connection (
  grant_id text PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practice(id),
  health_app_id integer NOT NULL REFERENCES health_app(id),
  -- The approving portal account and its own patient record (the access rule's caller).
  user_id integer NOT NULL REFERENCES user_account(id),
  approver_patient_id integer NOT NULL REFERENCES patient(id),
  -- The patient whose record is shared.
  patient_id integer NOT NULL REFERENCES patient(id),
  resource_types text[] NOT NULL,
  scopes text[] NOT NULL,
  connected_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  disconnected_at timestamptz
);
CREATE INDEX health_app_connection_patient_idx ON health_app_connection (patient_id)
  WHERE disconnected_at IS NULL;

-- The key that signs ID tokens: generated once by the first instance, sealed with a key derived from
-- JWT_SECRET (lib/secret-box.ts), so the database alone does not reveal it. One row (id = 1).
CREATE TABLE oauth_signing_key (
  id integer PRIMARY KEY CHECK (id = 1),
  sealed_jwk text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
