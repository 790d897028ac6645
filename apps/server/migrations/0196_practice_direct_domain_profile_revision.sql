-- The profiles answer the Direct domain of the patient's practice (docs/decisions/196), so a change
-- of it moves on the revision of every patient of the practice, like any other change to what
-- patient/getByUsername answers (0100): a cached answer is never served after it.
CREATE FUNCTION practice_direct_domain_touch_patients() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE patient SET profile_revision = profile_revision + 1 WHERE practice_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER practice_direct_domain_touch_patients AFTER UPDATE ON practice
  FOR EACH ROW
  WHEN (OLD.direct_domain IS DISTINCT FROM NEW.direct_domain)
  EXECUTE FUNCTION practice_direct_domain_touch_patients();
