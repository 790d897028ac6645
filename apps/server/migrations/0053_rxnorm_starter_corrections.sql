-- Corrections to the RxNorm codes of the terminology starter set (issue 8 gap), applied on top of
-- 0031 (which shipped and is not edited). Checked against public sources: see the verifiedBy notes
-- in apps/server/src/features/terminology/starter/starter-curated.ts.
--
-- clobetasol: 0031 gave RXCUI 2598, which is clonazepam (a benzodiazepine), not the topical
-- corticosteroid. The ingredient clobetasol is RXCUI 2590.

-- The wrong starter row goes; the right one comes in (an imported RxNorm release may already hold
-- it under its own source, hence ON CONFLICT).
DELETE FROM terminology_term
WHERE domain = 'DRUG' AND code_system = 'RXNORM' AND code = '2598' AND term = 'clobetasol'
  AND source = 'starter';

INSERT INTO terminology_term (domain, code_system, code, term, kind, type_int, priority, source, search_text)
VALUES ('DRUG', 'RXNORM', '2590', 'clobetasol', 'IN', NULL, 80, 'starter', ' clobetasol')
ON CONFLICT (domain, code_system, code, term) DO NOTHING;

-- Medications and allergies a patient picked from that starter row carry the wrong code too.
UPDATE history_item
SET code = '2590'
WHERE code = '2598' AND section IN ('MEDICATIONS', 'ALLERGIES') AND lower(name) LIKE 'clobetasol%';
