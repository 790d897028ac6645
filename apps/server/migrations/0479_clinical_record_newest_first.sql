-- The clinical record's newest-first lists (decision 284): results, vital signs, immunizations and
-- notes are read newest first with the id breaking ties in time, by prepared statements whose plan
-- is made once for any range and limit. Kept in that order, the patient's index is walked from its
-- newest entry and the read stops at its limit, and only those entries are joined to their visit and
-- their observations or measurements; in (patient, time) order alone, the plan read every entry of
-- the patient, joined each to its visit and sorted them all for the newest twenty. The counts of a
-- range use the same index as before.
DROP INDEX result_report_patient_idx;
CREATE INDEX result_report_patient_idx ON result_report (patient_id, effective_at DESC, id DESC);
DROP INDEX vital_sign_set_patient_idx;
CREATE INDEX vital_sign_set_patient_idx ON vital_sign_set (patient_id, effective_at DESC, id DESC);
DROP INDEX immunization_patient_idx;
CREATE INDEX immunization_patient_idx ON immunization (patient_id, occurred_at DESC, id DESC);
DROP INDEX clinical_note_patient_idx;
CREATE INDEX clinical_note_patient_idx ON clinical_note (patient_id, authored_at DESC, id DESC);
