-- Sex assigned at birth also takes UNK, US Core birthsex's "asked, but unknown", so a patient or the
-- clinic can say it is unknown rather than leave it not given (null). Decision 237.
ALTER TABLE patient_profile DROP CONSTRAINT IF EXISTS patient_profile_birth_sex_check;
ALTER TABLE patient_profile ADD CONSTRAINT patient_profile_birth_sex_check
  CHECK (birth_sex IN ('F', 'M', 'UNK'));
