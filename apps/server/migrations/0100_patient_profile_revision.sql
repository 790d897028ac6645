-- patient.profile_revision moves on, in the same transaction, with every change to what
-- patient/getByUsername answers for the patient: the patient row, their contacts and addresses, their
-- account, the patients they are responsible for and those patients' names (docs/decisions/162).
-- The server keeps the answer it built for a revision and checks the revision on every call, so a
-- cached answer is never served after a change, from any server instance.
ALTER TABLE patient ADD COLUMN profile_revision bigint NOT NULL DEFAULT 0;

-- Any update of the patient row moves its own revision on.
CREATE FUNCTION patient_profile_revision_next() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.profile_revision := OLD.profile_revision + 1;
  RETURN NEW;
END
$$;
CREATE TRIGGER patient_profile_revision_next BEFORE UPDATE ON patient
  FOR EACH ROW EXECUTE FUNCTION patient_profile_revision_next();

-- Moves on the revision of one patient (null: nobody).
CREATE FUNCTION patient_profile_touch(patient_id integer) RETURNS void LANGUAGE sql AS $$
  UPDATE patient SET profile_revision = profile_revision + 1 WHERE id = patient_id;
$$;

-- A patient's name, gender, status or practice shows in the profiles of those responsible for them.
-- (Touching those profiles changes none of these columns, so it never recurses.)
CREATE FUNCTION patient_profile_touch_responsible() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE patient SET profile_revision = profile_revision + 1
    WHERE id IN (SELECT r.responsible_patient_id FROM responsible_person r WHERE r.patient_id = NEW.id);
  RETURN NULL;
END
$$;
CREATE TRIGGER patient_profile_touch_responsible AFTER UPDATE ON patient
  FOR EACH ROW
  WHEN ((OLD.first_name, OLD.last_name, OLD.gender, OLD.active, OLD.deceased, OLD.practice_id)
    IS DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.gender, NEW.active, NEW.deceased, NEW.practice_id))
  EXECUTE FUNCTION patient_profile_touch_responsible();

-- Rows that belong to a patient's profile through a column naming the patient (TG_ARGV[0]): the old
-- and the new owner both change.
CREATE FUNCTION patient_profile_touch_owner() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_owner integer;
  new_owner integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_owner := (to_jsonb(OLD) ->> TG_ARGV[0])::integer;
    PERFORM patient_profile_touch(old_owner);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_owner := (to_jsonb(NEW) ->> TG_ARGV[0])::integer;
    IF new_owner IS DISTINCT FROM old_owner THEN
      PERFORM patient_profile_touch(new_owner);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER patient_profile_touch_owner AFTER INSERT OR UPDATE OR DELETE ON patient_contact
  FOR EACH ROW EXECUTE FUNCTION patient_profile_touch_owner('patient_id');
CREATE TRIGGER patient_profile_touch_owner AFTER INSERT OR UPDATE OR DELETE ON patient_address
  FOR EACH ROW EXECUTE FUNCTION patient_profile_touch_owner('patient_id');
CREATE TRIGGER patient_profile_touch_owner AFTER INSERT OR UPDATE OR DELETE ON user_account
  FOR EACH ROW EXECUTE FUNCTION patient_profile_touch_owner('patient_id');
CREATE TRIGGER patient_profile_touch_owner AFTER INSERT OR UPDATE OR DELETE ON responsible_person
  FOR EACH ROW EXECUTE FUNCTION patient_profile_touch_owner('responsible_patient_id');
