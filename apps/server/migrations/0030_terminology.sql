-- Terminology store (issue 8 item 2): the terms the allergy, drug and SNOMED CT searches answer from.
-- One row per searchable term: a starter set ships with Dermis (0031) and the `terminology:import-*`
-- commands add a practice's licensed RxNorm and SNOMED CT releases. Search is by word prefix and
-- trigram similarity (pg_trgm) over `search_text`: the term in lower case, without diacritics, every
-- other sign a space, with a leading space so that "% ab%" finds words starting with "ab".
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE terminology_term (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- ALLERGEN: curated allergen list; DRUG: RxNorm; SNOMED: SNOMED CT descriptions.
  domain text NOT NULL CHECK (domain IN ('ALLERGEN', 'DRUG', 'SNOMED')),
  code_system text NOT NULL CHECK (code_system IN ('RXNORM', 'SNOMED')),
  code text NOT NULL CHECK (length(code) BETWEEN 1 AND 32),
  term text NOT NULL CHECK (length(term) BETWEEN 1 AND 1000),
  -- SNOMED CT semantic tag (disorder, finding, ...), RxNorm term type (IN, BN, SCD, ...) or, for
  -- the curated allergens, their group (drug, drugClass, food, environmental).
  kind text NOT NULL,
  -- Allergen typeInt (contract allergenType) for ALLERGEN rows; null otherwise.
  type_int smallint,
  -- Higher first among equally good matches: patient-friendly labels 100, imported terms lower.
  priority smallint NOT NULL DEFAULT 0,
  -- starter, rxnorm or snomed: which load wrote the row (a re-import replaces only its own rows).
  source text NOT NULL CHECK (source IN ('starter', 'rxnorm', 'snomed')),
  search_text text NOT NULL,
  CONSTRAINT terminology_term_unique UNIQUE (domain, code_system, code, term)
);

-- The trigram index is built by 0031 after the starter rows are in: one bulk build is much faster
-- than growing a GIN index row by row.
CREATE INDEX terminology_term_code ON terminology_term (code_system, code);

-- SNOMED CT concepts' semantic tags, from the fully specified names of an RF2 import: the synonyms
-- of a concept take their concept's tag (the FSN itself is never shown to patients).
CREATE TABLE terminology_snomed_concept (
  code text PRIMARY KEY CHECK (length(code) BETWEEN 1 AND 32),
  semantic_tag text NOT NULL
);
