-- Each lab test's numeric values of a patient, summed up and kept by the database itself (decision
-- 298): the Health Information page's first load lists the tests measured twice or more, in the
-- order first measured, flagged or not, and aggregated every lab value of the patient for it on every
-- request (2,160 for the bench's heavy patient, a third of the page's statement). The page reads this
-- summary when every value it sums up lies in the asked range and is released by now, else it
-- aggregates as before.
--
-- A row holds what the list needs (how many values, how many flagged, the first value's instant,
-- report, place and name) and what says whether a range and a moment hold them all (the last value's
-- instant, the latest release). Values of reports of another category, and text values, are not
-- summed up.
CREATE TABLE lab_test_summary (
  patient_id integer NOT NULL REFERENCES patient (id) ON DELETE CASCADE,
  code text NOT NULL,
  value_count integer NOT NULL CHECK (value_count > 0),
  flagged_count integer NOT NULL CHECK (flagged_count >= 0),
  first_at timestamptz NOT NULL,
  first_report_id integer NOT NULL,
  first_position integer NOT NULL,
  first_name text NOT NULL,
  last_at timestamptz NOT NULL,
  last_released_at timestamptz NOT NULL,
  PRIMARY KEY (patient_id, code)
);

-- The summary of a patient's tests (`codes`, or every test when null) computed again from the values:
-- recomputed, not counted up and down, because a delete can take away a test's first or last value.
-- Each test's counts and instants by a hash aggregate, then its first value (the earliest report, the
-- clinic's order within it) looked up on the (report, code) index, as the page read it. Under a lock
-- of the patient's row, so that two transactions writing one patient's results recompute one after
-- the other, the second (its statements' snapshots taken after the lock) seeing the first's values.
-- A row lock, not an advisory one: it takes no slot of the shared lock table however many patients
-- a transaction writes.
CREATE FUNCTION lab_test_summary_refresh(p_patient integer, p_codes text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM patient WHERE id = p_patient FOR NO KEY UPDATE;
  DELETE FROM lab_test_summary s
  WHERE s.patient_id = p_patient AND (p_codes IS NULL OR s.code = ANY (p_codes));
  INSERT INTO lab_test_summary (patient_id, code, value_count, flagged_count, first_at, first_report_id,
    first_position, first_name, last_at, last_released_at)
  SELECT p_patient, t.code, t.value_count, t.flagged_count, t.first_at, f.report_id, f.position, f.name,
    t.last_at, t.last_released_at
  FROM (
    SELECT o.code, count(*) AS value_count,
      count(*) FILTER (WHERE coalesce(o.interpretation, 'N') <> 'N') AS flagged_count,
      min(e.effective_at) AS first_at, max(e.effective_at) AS last_at, max(e.released_at) AS last_released_at
    FROM result_observation o JOIN result_report e ON e.id = o.report_id
    WHERE e.patient_id = p_patient AND e.category = 'lab' AND o.value_numeric IS NOT NULL
      AND (p_codes IS NULL OR o.code = ANY (p_codes))
    GROUP BY o.code
  ) t CROSS JOIN LATERAL (
    SELECT e.id AS report_id, o.position, o.name
    FROM result_observation o JOIN result_report e ON e.id = o.report_id
    WHERE e.patient_id = p_patient AND e.category = 'lab' AND o.value_numeric IS NOT NULL
      AND o.code = t.code AND e.effective_at = t.first_at
    ORDER BY e.id, o.position LIMIT 1
  ) f;
END $$;

-- Every patient's tests, as the refresh computes them.
INSERT INTO lab_test_summary (patient_id, code, value_count, flagged_count, first_at, first_report_id,
  first_position, first_name, last_at, last_released_at)
SELECT t.patient_id, t.code, t.value_count, t.flagged_count, t.first_at, f.report_id, f.position, f.name,
  t.last_at, t.last_released_at
FROM (
  SELECT e.patient_id, o.code, count(*) AS value_count,
    count(*) FILTER (WHERE coalesce(o.interpretation, 'N') <> 'N') AS flagged_count,
    min(e.effective_at) AS first_at, max(e.effective_at) AS last_at, max(e.released_at) AS last_released_at
  FROM result_observation o JOIN result_report e ON e.id = o.report_id
  WHERE e.category = 'lab' AND o.value_numeric IS NOT NULL
  GROUP BY e.patient_id, o.code
) t CROSS JOIN LATERAL (
  SELECT e.id AS report_id, o.position, o.name
  FROM result_observation o JOIN result_report e ON e.id = o.report_id
  WHERE e.patient_id = t.patient_id AND e.category = 'lab' AND o.value_numeric IS NOT NULL
    AND o.code = t.code AND e.effective_at = t.first_at
  ORDER BY e.id, o.position LIMIT 1
) f;

-- The statement's changed values (transition tables, one trigger a kind of change), each patient's
-- tests recomputed once a statement: an import writes a report's values in one insert. A value whose
-- report is gone went with it (a report's or patient's deletion cascading): the report's trigger
-- recomputes that patient. Each transition table is only read in the branch of its trigger's change.
CREATE FUNCTION lab_test_summary_of_values() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_reports integer[] := '{}';
  new_codes text[] := '{}';
  old_reports integer[] := '{}';
  old_codes text[] := '{}';
  t record;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT coalesce(array_agg(v.report_id), '{}'), coalesce(array_agg(v.code), '{}') INTO new_reports, new_codes
    FROM new_values v WHERE v.value_numeric IS NOT NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT coalesce(array_agg(v.report_id), '{}'), coalesce(array_agg(v.code), '{}') INTO old_reports, old_codes
    FROM old_values v WHERE v.value_numeric IS NOT NULL;
  END IF;
  FOR t IN
    SELECT e.patient_id, array_agg(DISTINCT c.code) AS codes
    FROM unnest(new_reports || old_reports, new_codes || old_codes) AS c (report_id, code)
      JOIN result_report e ON e.id = c.report_id
    WHERE e.category = 'lab'
    GROUP BY e.patient_id ORDER BY e.patient_id
  LOOP
    PERFORM lab_test_summary_refresh(t.patient_id, t.codes);
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER lab_test_summary_of_inserted_values AFTER INSERT ON result_observation
  REFERENCING NEW TABLE AS new_values FOR EACH STATEMENT EXECUTE FUNCTION lab_test_summary_of_values();
CREATE TRIGGER lab_test_summary_of_updated_values AFTER UPDATE ON result_observation
  REFERENCING OLD TABLE AS old_values NEW TABLE AS new_values
  FOR EACH STATEMENT EXECUTE FUNCTION lab_test_summary_of_values();
CREATE TRIGGER lab_test_summary_of_deleted_values AFTER DELETE ON result_observation
  REFERENCING OLD TABLE AS old_values FOR EACH STATEMENT EXECUTE FUNCTION lab_test_summary_of_values();

-- A report's values count by its patient, category, instant and release: a change of one recomputes
-- its tests, for the patient it left and the one it went to. A deleted report's values are gone by
-- the time its statement's trigger runs (the cascade is a trigger of each row), so its patient's
-- every test is recomputed.
CREATE FUNCTION lab_test_summary_of_reports() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    FOR t IN
      WITH moved AS (
        SELECT o.patient_id, o.id FROM old_reports o JOIN new_reports n ON n.id = o.id
        WHERE o.category = 'lab' AND (o.patient_id, o.category, o.effective_at, o.released_at)
          IS DISTINCT FROM (n.patient_id, n.category, n.effective_at, n.released_at)
        UNION
        SELECT n.patient_id, n.id FROM old_reports o JOIN new_reports n ON n.id = o.id
        WHERE n.category = 'lab' AND (o.patient_id, o.category, o.effective_at, o.released_at)
          IS DISTINCT FROM (n.patient_id, n.category, n.effective_at, n.released_at)
      )
      SELECT m.patient_id, array_agg(DISTINCT v.code) AS codes
      FROM moved m JOIN result_observation v ON v.report_id = m.id
      WHERE v.value_numeric IS NOT NULL
      GROUP BY m.patient_id ORDER BY m.patient_id
    LOOP
      PERFORM lab_test_summary_refresh(t.patient_id, t.codes);
    END LOOP;
  ELSE
    FOR t IN SELECT DISTINCT o.patient_id FROM old_reports o WHERE o.category = 'lab' ORDER BY o.patient_id
    LOOP
      PERFORM lab_test_summary_refresh(t.patient_id, NULL);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER lab_test_summary_of_updated_reports AFTER UPDATE ON result_report
  REFERENCING OLD TABLE AS old_reports NEW TABLE AS new_reports
  FOR EACH STATEMENT EXECUTE FUNCTION lab_test_summary_of_reports();
CREATE TRIGGER lab_test_summary_of_deleted_reports AFTER DELETE ON result_report
  REFERENCING OLD TABLE AS old_reports FOR EACH STATEMENT EXECUTE FUNCTION lab_test_summary_of_reports();

-- A truncate takes every value with it.
CREATE FUNCTION lab_test_summary_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lab_test_summary;
  RETURN NULL;
END $$;

CREATE TRIGGER lab_test_summary_emptied AFTER TRUNCATE ON result_observation
  FOR EACH STATEMENT EXECUTE FUNCTION lab_test_summary_emptied();
CREATE TRIGGER lab_test_summary_emptied AFTER TRUNCATE ON result_report
  FOR EACH STATEMENT EXECUTE FUNCTION lab_test_summary_emptied();
