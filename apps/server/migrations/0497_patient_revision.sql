-- One revision per patient and kind of kept answer (decision 320): a call that keeps its answer's
-- text reads only its patient's row here on a request, and triggers move the row on, in the writing
-- transaction, after every statement that changes a row the answer is made of, whichever code or
-- script runs it. Migrations 0490, 0492, 0494 and 0496 each made their own table and trigger
-- functions of this one shape; from here a kept answer names its kind and the tables it reads, with
-- patient_revision_watch below. No row is revision 0: nothing of that kind changed since its
-- triggers were made.
CREATE TABLE patient_revision (
  kind text NOT NULL,
  patient_id integer NOT NULL REFERENCES patient (id) ON DELETE CASCADE,
  revision integer NOT NULL,
  PRIMARY KEY (kind, patient_id)
);

-- The patients moved on once each, in id order, so that two transactions lock their rows in one
-- order; a patient deleted by this transaction (its rows going with it by cascade) is not found, so
-- no row is made for it.
CREATE FUNCTION patient_revision_move_on(moved_kind text, patients integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO patient_revision AS r (kind, patient_id, revision)
  SELECT moved_kind, p.id, 1 FROM patient p WHERE p.id = ANY (patients) ORDER BY p.id
  ON CONFLICT (kind, patient_id) DO UPDATE SET revision = r.revision + 1;
$$;

-- The patients of a statement's changed rows (transition tables, one trigger a kind of change).
-- TG_ARGV[0] is the kind; TG_ARGV[1] a query of the patient ids of the rows in the relation %I (the
-- old rows, then the new), such as 'SELECT patient_id FROM %I', or a join to the row that names
-- the patient.
CREATE FUNCTION patient_revision_of_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer[] := '{}';
  found integer[];
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    EXECUTE format('SELECT ARRAY(' || TG_ARGV[1] || ')', 'old_rows') INTO found;
    changed := changed || found;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    EXECUTE format('SELECT ARRAY(' || TG_ARGV[1] || ')', 'new_rows') INTO found;
    changed := changed || found;
  END IF;
  PERFORM patient_revision_move_on(TG_ARGV[0], changed);
  RETURN NULL;
END $$;

-- A truncate moves every patient of the kind on.
CREATE FUNCTION patient_revision_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM patient_revision_move_on(TG_ARGV[0], ARRAY(SELECT p.id FROM patient p));
  RETURN NULL;
END $$;

-- Makes the four triggers that move `kind` on for every change of `watched`'s rows; `patients_of_rows`
-- is the query of patient ids described above. Named by the kind, so one table can be watched for
-- several kinds.
CREATE FUNCTION patient_revision_watch(kind text, watched regclass, patients_of_rows text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  prefix text := 'patient_revision_' || replace(kind, '-', '_');
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %s REFERENCING NEW TABLE AS new_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION patient_revision_of_rows(%L, %L)',
    prefix || '_inserted', watched, kind, patients_of_rows);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %s REFERENCING OLD TABLE AS old_rows '
    'NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION patient_revision_of_rows(%L, %L)',
    prefix || '_updated', watched, kind, patients_of_rows);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %s REFERENCING OLD TABLE AS old_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION patient_revision_of_rows(%L, %L)',
    prefix || '_deleted', watched, kind, patients_of_rows);
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %s '
    'FOR EACH STATEMENT EXECUTE FUNCTION patient_revision_emptied(%L)',
    prefix || '_emptied', watched, kind);
END $$;
