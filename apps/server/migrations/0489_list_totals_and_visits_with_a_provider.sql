-- The health summary's totals of a patient, kept by the database itself (decision 307): the Health
-- Information page's first page counted every active allergy, medication and problem of the patient
-- on every request, and, for the medications, compared every active prescription with every
-- medication's name (two thirds of its statement's time for the bench's heavy patient, 300 of each).
--
-- A row holds the three totals the page answers: active, named entries (not a "none" answer) of
-- ALLERGIES and PAST_MEDICAL_HISTORY; of MEDICATIONS, those entries plus the active prescriptions
-- whose name (case aside) no such entry has. A patient without a row has none of any.
CREATE TABLE health_list_total (
  patient_id integer PRIMARY KEY REFERENCES patient (id) ON DELETE CASCADE,
  allergies integer NOT NULL,
  medications integer NOT NULL,
  medical_problems integer NOT NULL
);

-- A prescription named by the history's medications is found by this index, one probe a
-- prescription: the page's newest prescriptions walk their own index and stop at the limit, and the
-- totals' recompute needs no hash of every name.
CREATE INDEX history_item_medication_name_idx ON history_item (patient_id, lower(name))
  WHERE section = 'MEDICATIONS' AND active AND special_type IS NULL;

-- A patient's totals computed again from the lists: recomputed, not counted up and down, because a
-- medication's change can name or stop naming any number of prescriptions. Each prescription probes
-- the medications' index by its name (OFFSET 0 keeps the probe a subquery: made a join without
-- statistics, PGlite compared every medication with every prescription). Under a lock of the
-- patient's row, so that two transactions writing one patient's lists recompute one after the other,
-- the second (its statements' snapshots taken after the lock) seeing the first's entries, as
-- lab_test_summary_refresh does (0486). A patient deleted by this transaction (its lists going with
-- it by cascade) has nothing to count.
CREATE FUNCTION health_list_total_refresh(p_patient integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM patient WHERE id = p_patient FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  INSERT INTO health_list_total (patient_id, allergies, medications, medical_problems)
  SELECT p_patient,
    (SELECT count(*) FROM history_item h
      WHERE h.patient_id = p_patient AND h.section = 'ALLERGIES' AND h.active AND h.special_type IS NULL),
    (SELECT count(*) FROM history_item h
      WHERE h.patient_id = p_patient AND h.section = 'MEDICATIONS' AND h.active AND h.special_type IS NULL)
    + (SELECT count(*) FROM prescription p
      WHERE p.patient_id = p_patient AND p.status = 'ACTIVE'
        AND NOT EXISTS (SELECT 1 FROM history_item h
          WHERE h.patient_id = p_patient AND h.section = 'MEDICATIONS' AND h.active
            AND h.special_type IS NULL AND lower(h.name) = lower(p.fdb_description) OFFSET 0)),
    (SELECT count(*) FROM history_item h
      WHERE h.patient_id = p_patient AND h.section = 'PAST_MEDICAL_HISTORY' AND h.active
        AND h.special_type IS NULL)
  ON CONFLICT (patient_id) DO UPDATE SET allergies = excluded.allergies,
    medications = excluded.medications, medical_problems = excluded.medical_problems;
END $$;

-- Every patient with an entry or a prescription, as the refresh computes them.
SELECT health_list_total_refresh(p.id) FROM patient p
WHERE EXISTS (SELECT 1 FROM history_item h WHERE h.patient_id = p.id)
   OR EXISTS (SELECT 1 FROM prescription r WHERE r.patient_id = p.id);

-- The patients of a statement's changed entries or prescriptions (transition tables, one trigger a
-- kind of change), each recomputed once a statement: a seed or an import writes a list in one insert.
-- An entry counts for its patient only in the three sections; any prescription may count. Each
-- transition table is only read in the branch of its trigger's change.
CREATE FUNCTION health_list_total_of_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  patients integer[] := '{}';
  counted text[] := ARRAY['ALLERGIES', 'MEDICATIONS', 'PAST_MEDICAL_HISTORY'];
  p integer;
BEGIN
  IF TG_TABLE_NAME = 'history_item' THEN
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      patients := patients || ARRAY(SELECT n.patient_id FROM new_rows n WHERE n.section = ANY (counted));
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      patients := patients || ARRAY(SELECT o.patient_id FROM old_rows o WHERE o.section = ANY (counted));
    END IF;
  ELSE
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      patients := patients || ARRAY(SELECT n.patient_id FROM new_rows n);
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      patients := patients || ARRAY(SELECT o.patient_id FROM old_rows o);
    END IF;
  END IF;
  FOR p IN SELECT DISTINCT u FROM unnest(patients) AS u ORDER BY u
  LOOP
    PERFORM health_list_total_refresh(p);
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER health_list_total_of_inserted_items AFTER INSERT ON history_item
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION health_list_total_of_rows();
CREATE TRIGGER health_list_total_of_updated_items AFTER UPDATE ON history_item
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION health_list_total_of_rows();
CREATE TRIGGER health_list_total_of_deleted_items AFTER DELETE ON history_item
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION health_list_total_of_rows();
CREATE TRIGGER health_list_total_of_inserted_prescriptions AFTER INSERT ON prescription
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION health_list_total_of_rows();
CREATE TRIGGER health_list_total_of_updated_prescriptions AFTER UPDATE ON prescription
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION health_list_total_of_rows();
CREATE TRIGGER health_list_total_of_deleted_prescriptions AFTER DELETE ON prescription
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION health_list_total_of_rows();

-- A truncate of either list leaves every patient's totals to recompute from what the other holds.
CREATE FUNCTION health_list_total_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM health_list_total;
  PERFORM health_list_total_refresh(p.id) FROM patient p
  WHERE EXISTS (SELECT 1 FROM history_item h WHERE h.patient_id = p.id)
     OR EXISTS (SELECT 1 FROM prescription r WHERE r.patient_id = p.id);
  RETURN NULL;
END $$;

CREATE TRIGGER health_list_total_emptied AFTER TRUNCATE ON history_item
  FOR EACH STATEMENT EXECUTE FUNCTION health_list_total_emptied();
CREATE TRIGGER health_list_total_emptied AFTER TRUNCATE ON prescription
  FOR EACH STATEMENT EXECUTE FUNCTION health_list_total_emptied();

-- A visit with at least one provider (decision 307): a past visit is listed only with one (decision
-- 100), and a past list's total tested every visit of the range against encounter_role (a hash of the
-- whole table, or a probe a visit). Carried in the patient's index (0484), the total is read from
-- the index alone. Kept by the roles' triggers, whichever code or script writes them.
ALTER TABLE encounter ADD COLUMN has_provider boolean NOT NULL DEFAULT false;
UPDATE encounter e SET has_provider = true WHERE EXISTS (SELECT 1 FROM encounter_role r WHERE r.encounter_id = e.id);
DROP INDEX encounter_patient_idx;
CREATE INDEX encounter_patient_idx ON encounter (patient_id, date_of_service, id)
  INCLUDE (history_finished, has_provider);

-- The visits of a statement's changed roles (transition tables, one trigger a kind of change), set
-- from their roles once a statement. Their rows are locked first, and the flag computed by the next
-- statement, whose snapshot is taken after the lock: two transactions changing one visit's roles set
-- it one after the other, the second seeing the first's roles (READ COMMITTED, what every write of the
-- app uses). A visit deleted by this transaction (its roles going with it) is not found.
CREATE FUNCTION encounter_has_provider_of_roles() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  visits integer[] := '{}';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    visits := visits || ARRAY(SELECT n.encounter_id FROM new_roles n);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    visits := visits || ARRAY(SELECT o.encounter_id FROM old_roles o);
  END IF;
  PERFORM 1 FROM encounter e WHERE e.id = ANY (visits) ORDER BY e.id FOR NO KEY UPDATE;
  UPDATE encounter e SET has_provider = x.has_provider
  FROM (SELECT v.id, EXISTS (SELECT 1 FROM encounter_role r WHERE r.encounter_id = v.id) AS has_provider
        FROM unnest(visits) AS v (id)) x
  WHERE e.id = x.id AND e.has_provider <> x.has_provider;
  RETURN NULL;
END $$;

CREATE TRIGGER encounter_has_provider_of_inserted_roles AFTER INSERT ON encounter_role
  REFERENCING NEW TABLE AS new_roles FOR EACH STATEMENT EXECUTE FUNCTION encounter_has_provider_of_roles();
CREATE TRIGGER encounter_has_provider_of_updated_roles AFTER UPDATE ON encounter_role
  REFERENCING OLD TABLE AS old_roles NEW TABLE AS new_roles
  FOR EACH STATEMENT EXECUTE FUNCTION encounter_has_provider_of_roles();
CREATE TRIGGER encounter_has_provider_of_deleted_roles AFTER DELETE ON encounter_role
  REFERENCING OLD TABLE AS old_roles FOR EACH STATEMENT EXECUTE FUNCTION encounter_has_provider_of_roles();

-- A truncate of the roles leaves no visit with a provider.
CREATE FUNCTION encounter_has_provider_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE encounter SET has_provider = false WHERE has_provider;
  RETURN NULL;
END $$;

CREATE TRIGGER encounter_has_provider_emptied AFTER TRUNCATE ON encounter_role
  FOR EACH STATEMENT EXECUTE FUNCTION encounter_has_provider_emptied();
