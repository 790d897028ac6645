-- The revision of each patient's care team (decision 309): careteam/getById keeps its answer's text by
-- patient and revision and reads only this row on a request, instead of the whole team. A trigger
-- moves it on, in the same transaction, with every insert, change and delete of a member (of the old
-- and the new patient when a member moves), whichever code or script makes it. No row is revision 0:
-- a team never changed since this migration.
CREATE TABLE care_team_revision (
  patient_id integer PRIMARY KEY REFERENCES patient (id) ON DELETE CASCADE,
  revision integer NOT NULL
);

CREATE FUNCTION care_team_revision_move_on() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO care_team_revision AS r (patient_id, revision) VALUES (OLD.patient_id, 1)
    ON CONFLICT (patient_id) DO UPDATE SET revision = r.revision + 1;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.patient_id IS DISTINCT FROM OLD.patient_id) THEN
    INSERT INTO care_team_revision AS r (patient_id, revision) VALUES (NEW.patient_id, 1)
    ON CONFLICT (patient_id) DO UPDATE SET revision = r.revision + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER care_team_revision_move_on AFTER INSERT OR UPDATE OR DELETE
  ON care_team_member FOR EACH ROW EXECUTE FUNCTION care_team_revision_move_on();
