-- How serious a reaction to an allergen could be, as the clinic assessed it (FHIR
-- AllergyIntolerance.criticality; C-CDA Criticality Observation: low, high, unable to assess).
-- Only an allergy has one; the patient's own entries have none (decision 233).
ALTER TABLE history_item ADD COLUMN criticality text
  CHECK (criticality IN ('low', 'high', 'unable-to-assess'));
ALTER TABLE history_item ADD CONSTRAINT history_item_criticality_of_allergy
  CHECK (criticality IS NULL OR section = 'ALLERGIES');
