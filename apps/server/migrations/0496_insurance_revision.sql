-- The revision of each patient's insurance (decision 319): My Health Profile's insurance read keeps its
-- answer's text by patient and revision and reads only this row on a request, instead of reading,
-- mapping and writing every profile and policy again. Triggers move it on, in the same transaction,
-- after every statement that inserts, changes or deletes a patient's profiles or policies (of the old
-- and the new patient when a profile moves), whichever code or script runs it. No row is revision 0:
-- insurance never changed since this migration.
CREATE TABLE insurance_revision (
  patient_id integer PRIMARY KEY REFERENCES patient (id) ON DELETE CASCADE,
  revision integer NOT NULL
);

-- The patients moved on once each, in id order, so that two transactions lock their rows in one
-- order; a patient deleted by this transaction (its insurance going with it by cascade) is not
-- found, so no row is made for it.
CREATE FUNCTION insurance_revision_move_on(patients integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO insurance_revision AS r (patient_id, revision)
  SELECT p.id, 1 FROM patient p WHERE p.id = ANY (patients) ORDER BY p.id
  ON CONFLICT (patient_id) DO UPDATE SET revision = r.revision + 1;
$$;

-- The patients of a statement's changed rows (transition tables, one trigger a kind of change): a
-- profile names its patient, a policy its profile.
CREATE FUNCTION insurance_revision_of_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer[] := '{}';
BEGIN
  IF TG_TABLE_NAME = 'insurance_policy' THEN
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      changed := changed || ARRAY(SELECT n.profile_id FROM new_rows n);
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      changed := changed || ARRAY(SELECT o.profile_id FROM old_rows o);
    END IF;
    changed := ARRAY(SELECT f.patient_id FROM insurance_profile f WHERE f.id = ANY (changed));
  ELSE
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      changed := changed || ARRAY(SELECT n.patient_id FROM new_rows n);
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      changed := changed || ARRAY(SELECT o.patient_id FROM old_rows o);
    END IF;
  END IF;
  PERFORM insurance_revision_move_on(changed);
  RETURN NULL;
END $$;

-- A truncate moves every patient on.
CREATE FUNCTION insurance_revision_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insurance_revision_move_on(ARRAY(SELECT p.id FROM patient p));
  RETURN NULL;
END $$;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['insurance_profile', 'insurance_policy']
  LOOP
    EXECUTE format('CREATE TRIGGER insurance_revision_of_inserted AFTER INSERT ON %I '
      'REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insurance_revision_of_rows()', t);
    EXECUTE format('CREATE TRIGGER insurance_revision_of_updated AFTER UPDATE ON %I '
      'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION insurance_revision_of_rows()', t);
    EXECUTE format('CREATE TRIGGER insurance_revision_of_deleted AFTER DELETE ON %I '
      'REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insurance_revision_of_rows()', t);
    EXECUTE format('CREATE TRIGGER insurance_revision_emptied AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION insurance_revision_emptied()', t);
  END LOOP;
END $$;
