-- Faster ranking on large imported sets (see terminology.repository.ts): terms that start with the
-- query are read in index order from a B-tree (LIKE ' ab%'), so a short, common query no longer
-- ranks every term with a word starting "ab"; the patient-friendly and curated terms (priority 90
-- and up, a few hundred) get their own small trigram index and are always considered.
CREATE INDEX terminology_term_prefix ON terminology_term (search_text text_pattern_ops);
CREATE INDEX terminology_term_curated_trgm ON terminology_term USING gin (search_text gin_trgm_ops)
  WHERE priority >= 90;
