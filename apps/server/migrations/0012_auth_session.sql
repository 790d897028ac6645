-- Dermis 0012: sign-in sessions (docs/decisions/043). One row per sign-in: the refresh family of
-- before, now with an absolute end and a revocation mark that access tokens are checked against
-- (they carry the session id as `sid`). Existing refresh families become sessions as they are.

CREATE TABLE auth_session (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES user_account (id),
  started_at timestamptz NOT NULL DEFAULT now(),
  -- started_at + SESSION_MAX_LIFETIME_SECONDS: no refresh carries a session past it.
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX auth_session_user_idx ON auth_session (user_id);

INSERT INTO auth_session (id, user_id, started_at, expires_at, revoked_at)
SELECT family_id, min(user_id), min(created_at), max(expires_at),
       CASE WHEN bool_and(revoked_at IS NOT NULL) THEN max(revoked_at) END
FROM refresh_token
GROUP BY family_id;

ALTER TABLE refresh_token
  ADD CONSTRAINT refresh_token_family_fk FOREIGN KEY (family_id) REFERENCES auth_session (id);
