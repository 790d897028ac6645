-- Every change that can end or alter a signed-in caller is announced on the channel dermis_caller
-- (decision 286): each server process caches the caller check of `authenticate` for a few seconds and
-- drops what is announced, so a revocation still ends access on the next call in every process.
-- The payload names what changed: 's:<session id>', 'u:<account id>' or 'p:<patient id>'. NOTIFY is
-- sent when the transaction commits (never for one rolled back), and identical payloads of one
-- transaction are sent once. Written for whichever code or script makes the change.
CREATE FUNCTION caller_change_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_id text := CASE WHEN TG_OP = 'DELETE' THEN OLD.id::text ELSE NEW.id::text END;
BEGIN
  PERFORM pg_notify('dermis_caller', TG_ARGV[0] || ':' || row_id);
  RETURN NULL;
END $$;

-- A session revoked, shortened or deleted.
CREATE TRIGGER auth_session_caller_change AFTER DELETE OR UPDATE OF revoked_at, expires_at, user_id
  ON auth_session FOR EACH ROW EXECUTE FUNCTION caller_change_notify('s');

-- An account deactivated or deleted, or its name, language, patient or practice changed.
CREATE TRIGGER user_account_caller_change AFTER DELETE OR UPDATE OF active, username, language, patient_id, practice_id
  ON user_account FOR EACH ROW EXECUTE FUNCTION caller_change_notify('u');

-- A patient deactivated, deceased or deleted.
CREATE TRIGGER patient_caller_change AFTER DELETE OR UPDATE OF active, deceased
  ON patient FOR EACH ROW EXECUTE FUNCTION caller_change_notify('p');

-- A truncate (tests empty the tables between cases; a restore script might) drops every entry.
CREATE FUNCTION caller_change_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dermis_caller', '*');
  RETURN NULL;
END $$;

CREATE TRIGGER auth_session_caller_truncate AFTER TRUNCATE ON auth_session
  FOR EACH STATEMENT EXECUTE FUNCTION caller_change_notify_all();
CREATE TRIGGER user_account_caller_truncate AFTER TRUNCATE ON user_account
  FOR EACH STATEMENT EXECUTE FUNCTION caller_change_notify_all();
CREATE TRIGGER patient_caller_truncate AFTER TRUNCATE ON patient
  FOR EACH STATEMENT EXECUTE FUNCTION caller_change_notify_all();
