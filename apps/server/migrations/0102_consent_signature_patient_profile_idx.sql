-- Dermis 0102: ONE_TIME signatures found by patient and form (docs/decisions/045).
--
-- Every visit list and consent read asks for the signatures of its consents OR the ONE_TIME
-- signatures of the same patients' forms. Only the first half had an index (the unique consent_id),
-- so PostgreSQL read the whole table for the second: 23.6 ms a list at 200,000 signatures, against
-- 0.02 ms with this index (a BitmapOr of both indexes).
CREATE INDEX consent_signature_patient_profile_idx ON consent_signature (patient_id, consent_profile_id);
