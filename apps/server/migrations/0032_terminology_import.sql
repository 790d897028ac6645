-- Imports of licensed releases (dermis terminology:import-rxnorm / import-snomed) stamp every row they
-- write with the time the import started; when a run completes, rows of the same source with an older
-- stamp are no longer in the release and are removed. Null for the starter set.
ALTER TABLE terminology_term ADD COLUMN loaded_at timestamptz;
