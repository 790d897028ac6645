-- The revision of each patient's health history (decision 316): My Health Profile's first read (the
-- newest of each list and every list's total) keeps its answer's text by patient and revision and
-- reads only this row on a request, instead of writing 100 items' JSON again. Triggers move it on, in
-- the same transaction, after every statement that inserts, changes or deletes a patient's items (of
-- the old and the new patient when an item moves), whichever code or script runs it. No row is
-- revision 0: a history never changed since this migration.
CREATE TABLE health_history_revision (
  patient_id integer PRIMARY KEY REFERENCES patient (id) ON DELETE CASCADE,
  revision integer NOT NULL
);

-- The patients of a statement's changed items (transition tables, one trigger a kind of change),
-- each moved on once a statement: a seed, a save or an import writes many items in one statement. A
-- patient deleted by this transaction (its items going with it by cascade) is not found, so no row
-- is made for it; the patients are taken in order, so that two transactions lock their rows in one
-- order.
CREATE FUNCTION health_history_revision_of_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  patients integer[] := '{}';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    patients := patients || ARRAY(SELECT n.patient_id FROM new_rows n);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    patients := patients || ARRAY(SELECT o.patient_id FROM old_rows o);
  END IF;
  INSERT INTO health_history_revision AS r (patient_id, revision)
  SELECT p.id, 1 FROM patient p WHERE p.id = ANY (patients) ORDER BY p.id
  ON CONFLICT (patient_id) DO UPDATE SET revision = r.revision + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER health_history_revision_of_inserted_items AFTER INSERT ON history_item
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION health_history_revision_of_rows();
CREATE TRIGGER health_history_revision_of_updated_items AFTER UPDATE ON history_item
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION health_history_revision_of_rows();
CREATE TRIGGER health_history_revision_of_deleted_items AFTER DELETE ON history_item
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION health_history_revision_of_rows();

-- A truncate of the items moves every patient's history on.
CREATE FUNCTION health_history_revision_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO health_history_revision AS r (patient_id, revision)
  SELECT p.id, 1 FROM patient p ORDER BY p.id
  ON CONFLICT (patient_id) DO UPDATE SET revision = r.revision + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER health_history_revision_emptied AFTER TRUNCATE ON history_item
  FOR EACH STATEMENT EXECUTE FUNCTION health_history_revision_emptied();
