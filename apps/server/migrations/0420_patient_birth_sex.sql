-- The sex assigned at birth (C-CDA R2.1 Birth Sex observation, US Core birthsex): F, M, or null when
-- not known. Kept apart from the administrative gender and the gender identity, which can differ.
ALTER TABLE patient_profile ADD COLUMN birth_sex text CHECK (birth_sex IN ('F', 'M'));
