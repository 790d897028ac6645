-- Health Information's summary (patient/healthInfo, whole or its first page) is kept as text by the
-- patient's 'health-summary' revision (decision 323). Every table the answer reads moves it on:
-- the patient's own columns (name, date of birth, gender), the profile (language, races,
-- ethnicities), the history's allergies, medications, problems and smoking status, the active
-- prescriptions (named as medications), and the lists' totals, which triggers of migration 0489
-- keep but a script could write. The practice is only joined to: a patient's practice_id names a
-- practice that cannot be deleted while the patient is there (no ON DELETE), and none of its
-- columns is shown, so its rows never change the answer.
SELECT patient_revision_watch('health-summary', 'patient', 'SELECT id FROM %I');
SELECT patient_revision_watch('health-summary', 'patient_profile', 'SELECT patient_id FROM %I');
SELECT patient_revision_watch('health-summary', 'history_item', 'SELECT patient_id FROM %I');
SELECT patient_revision_watch('health-summary', 'prescription', 'SELECT patient_id FROM %I');
SELECT patient_revision_watch('health-summary', 'health_list_total', 'SELECT patient_id FROM %I');
