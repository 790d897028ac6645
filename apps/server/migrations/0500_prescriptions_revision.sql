-- The prescription history (prescription/getHistory, every page) is kept as text by the patient's
-- 'prescriptions' revision (decision 324): its own kind, so that a change of the health history,
-- which the list does not show, keeps it. The list reads the patient's prescriptions and, for
-- `hasMonograph`, the practice's drug monographs, which name no patient: a monograph's change moves
-- on the patients with a prescription of its practice that it matches (same drug id, and same type
-- or a monograph without one, as the list's EXISTS reads them).
SELECT patient_revision_watch('prescriptions', 'prescription', 'SELECT patient_id FROM %I');
SELECT patient_revision_watch('prescriptions', 'drug_monograph',
  'SELECT p.patient_id FROM prescription p JOIN %I m ON m.practice_id = p.practice_id
     AND m.fdb_id = p.fdb_id AND (m.fdb_drug_type = p.fdb_drug_type OR m.fdb_drug_type = '''')');
