-- Correction of a clinical drug code of the terminology starter set (decision 140), applied on top of
-- 0031 (which shipped and is not edited) like 0053. Safe to run again: the rows it changes no longer
-- match afterwards.
--
-- 0031 offered "cyclosporine 50 MG Oral Capsule" as RXCUI 835900, a code taken from a display in
-- Synthea's sample data. In RxNorm 835900 is "cyclosporine, modified 100 MG [Neoral]", a branded
-- drug component (SBDC), not that clinical drug (OMOP vocabulary, OHDSI/Eunomia CONCEPT.csv). No
-- source reachable here gives the right code for the 50 mg capsule, so the row goes; the ingredient
-- cyclosporine (3008, verified) stays searchable.

DELETE FROM terminology_term
WHERE domain = 'DRUG' AND code_system = 'RXNORM' AND code = '835900'
  AND term = 'cyclosporine 50 MG Oral Capsule' AND source = 'starter';

-- A medication a patient picked from that row keeps its name and takes the ingredient's code, which
-- is true of it; the clinic's own entries (external_id) carry the clinic's codes and stay as they are.
UPDATE history_item
SET code = '3008', custom_value = 'IN', updated_at = now()
WHERE code = '835900' AND section = 'MEDICATIONS' AND external_id IS NULL
  AND lower(name) = 'cyclosporine 50 mg oral capsule';
