-- What the C-CDA's authors and performers need that the record did not hold (decision 233).
--
-- The clinician's specialty as a NUCC Health Care Provider Taxonomy code (e.g. 207N00000X
-- Dermatology) beside the author's NPI on every entry of the clinical record and on prescriptions:
-- the clinic sends it with the author; the export falls back to the provider directory's primary
-- taxonomy for the NPI when it did not. A taxonomy code is ten characters ending in X.
ALTER TABLE result_report ADD COLUMN author_taxonomy_code text
  CHECK (author_taxonomy_code ~ '^[0-9]{3}[0-9A-Z]{6}X$');
ALTER TABLE vital_sign_set ADD COLUMN author_taxonomy_code text
  CHECK (author_taxonomy_code ~ '^[0-9]{3}[0-9A-Z]{6}X$');
ALTER TABLE immunization ADD COLUMN author_taxonomy_code text
  CHECK (author_taxonomy_code ~ '^[0-9]{3}[0-9A-Z]{6}X$');
ALTER TABLE clinical_note ADD COLUMN author_taxonomy_code text
  CHECK (author_taxonomy_code ~ '^[0-9]{3}[0-9A-Z]{6}X$');
ALTER TABLE care_plan_item ADD COLUMN author_taxonomy_code text
  CHECK (author_taxonomy_code ~ '^[0-9]{3}[0-9A-Z]{6}X$');
ALTER TABLE care_goal ADD COLUMN author_taxonomy_code text
  CHECK (author_taxonomy_code ~ '^[0-9]{3}[0-9A-Z]{6}X$');
ALTER TABLE health_concern ADD COLUMN author_taxonomy_code text
  CHECK (author_taxonomy_code ~ '^[0-9]{3}[0-9A-Z]{6}X$');
ALTER TABLE prescription ADD COLUMN prescriber_taxonomy_code text
  CHECK (prescriber_taxonomy_code ~ '^[0-9]{3}[0-9A-Z]{6}X$');

-- The dose given of a vaccine (C-CDA Immunization Activity doseQuantity), in a UCUM unit (mL).
ALTER TABLE immunization ADD COLUMN dose_quantity double precision CHECK (dose_quantity > 0);
ALTER TABLE immunization ADD COLUMN dose_unit text CHECK (length(dose_unit) BETWEEN 1 AND 64);
ALTER TABLE immunization ADD CONSTRAINT immunization_dose_unit_with_quantity
  CHECK ((dose_quantity IS NULL) = (dose_unit IS NULL));

-- The practice's own (organisation, type 2) NPI: the C-CDA names the practice by it.
ALTER TABLE practice ADD COLUMN npi text CHECK (npi ~ '^[0-9]{10}$');
