-- The revision of each patient's clinical record (decision 314): the Health Information page's first
-- load keeps its answer's text by patient and revision and reads only this row on a request, instead
-- of writing some 70 KB of JSON from the record again. Triggers move it on, in the same transaction,
-- with every insert, change and delete of anything the page shows: results with their observations,
-- statuses and read marks, vital signs with their measurements, immunizations, notes and the plan of
-- care (the lab test summary is written only by the results' own triggers). No row is revision 0: a
-- record never changed since this migration.
CREATE TABLE clinical_record_revision (
  patient_id integer PRIMARY KEY REFERENCES patient (id) ON DELETE CASCADE,
  revision integer NOT NULL
);

-- The patients of a statement's changed rows (transition tables, one trigger a kind of change), each
-- moved on once a statement: a feed or a seed writes a report's observations in one insert. A row
-- kept under an entry (a measurement under its set; an observation, a status or a read mark under
-- its report) belongs to its entry's patient; an entry deleted by the same statement's cascade
-- moves its patient on itself. Each transition table is only read in the branch of its trigger's
-- change, and each column only in its table's branch. A patient deleted by the statement (its record
-- going with it by cascade) has no revision left to move on.
CREATE FUNCTION clinical_record_revision_move_on(p_patients integer[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO clinical_record_revision AS r (patient_id, revision)
  SELECT p.id, 1 FROM patient p WHERE p.id = ANY (p_patients) ORDER BY p.id
  ON CONFLICT (patient_id) DO UPDATE SET revision = r.revision + 1
$$;

CREATE FUNCTION clinical_record_revision_of_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer[] := '{}';
BEGIN
  IF TG_TABLE_NAME = 'vital_sign' THEN
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      changed := changed || ARRAY(SELECT n.set_id FROM new_rows n);
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      changed := changed || ARRAY(SELECT o.set_id FROM old_rows o);
    END IF;
    changed := ARRAY(SELECT e.patient_id FROM vital_sign_set e WHERE e.id = ANY (changed));
  ELSIF TG_TABLE_NAME IN ('result_observation', 'result_report_status', 'result_read') THEN
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      changed := changed || ARRAY(SELECT n.report_id FROM new_rows n);
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      changed := changed || ARRAY(SELECT o.report_id FROM old_rows o);
    END IF;
    changed := ARRAY(SELECT e.patient_id FROM result_report e WHERE e.id = ANY (changed));
  ELSE
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      changed := changed || ARRAY(SELECT n.patient_id FROM new_rows n);
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      changed := changed || ARRAY(SELECT o.patient_id FROM old_rows o);
    END IF;
  END IF;
  PERFORM clinical_record_revision_move_on(changed);
  RETURN NULL;
END $$;

-- A truncate moves every patient on, those never changed included.
CREATE FUNCTION clinical_record_revision_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM clinical_record_revision_move_on(ARRAY(SELECT p.id FROM patient p));
  RETURN NULL;
END $$;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['result_report', 'result_observation', 'result_report_status', 'result_read',
    'vital_sign_set', 'vital_sign', 'immunization', 'clinical_note', 'care_plan_item', 'care_goal',
    'health_concern', 'health_status']
  LOOP
    EXECUTE format('CREATE TRIGGER clinical_record_revision_of_inserted AFTER INSERT ON %I '
      'REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clinical_record_revision_of_rows()', t);
    EXECUTE format('CREATE TRIGGER clinical_record_revision_of_updated AFTER UPDATE ON %I '
      'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION clinical_record_revision_of_rows()', t);
    EXECUTE format('CREATE TRIGGER clinical_record_revision_of_deleted AFTER DELETE ON %I '
      'REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION clinical_record_revision_of_rows()', t);
    EXECUTE format('CREATE TRIGGER clinical_record_revision_emptied AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION clinical_record_revision_emptied()', t);
  END LOOP;
END $$;
