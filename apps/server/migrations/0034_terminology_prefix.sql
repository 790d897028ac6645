-- Two- and three-letter searches on large imported sets (see terminology.repository.ts): such a prefix
-- matches a word in tens of thousands of terms, and ranking them all is slow. This table holds, for
-- every term, the first two and three letters of each of its words with the term's rank precomputed
--   rank = (first word ? 0 : 10 000 000) + (1000 - priority) * 1000 + least(length(term), 999)
-- so that a B-tree on (domain, prefix, rank) answers the best terms in order and stops after the
-- window. A trigger keeps it in step with terminology_term (starter set, imports, deletes).
CREATE TABLE terminology_prefix (
  term_id integer NOT NULL REFERENCES terminology_term (id) ON DELETE CASCADE,
  domain text COLLATE "C" NOT NULL,
  kind text COLLATE "C" NOT NULL,
  prefix text COLLATE "C" NOT NULL,
  rank integer NOT NULL
);

CREATE FUNCTION terminology_prefix_rows(t terminology_term) RETURNS TABLE (prefix text, rank integer)
LANGUAGE sql IMMUTABLE AS $$
  SELECT left(w.word, n.n), min(CASE WHEN w.ord = 1 THEN 0 ELSE 10000000 END
    + (1000 - t.priority) * 1000 + least(length(t.term), 999))
  FROM unnest(string_to_array(btrim(t.search_text), ' ')) WITH ORDINALITY AS w(word, ord),
    (VALUES (2), (3)) AS n(n)
  WHERE length(w.word) >= n.n
  GROUP BY left(w.word, n.n)
$$;

CREATE FUNCTION terminology_prefix_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.search_text = OLD.search_text AND NEW.priority = OLD.priority AND NEW.kind = OLD.kind
      AND NEW.term = OLD.term THEN
      RETURN NEW;
    END IF;
    DELETE FROM terminology_prefix WHERE term_id = OLD.id;
  END IF;
  INSERT INTO terminology_prefix (term_id, domain, kind, prefix, rank)
    SELECT NEW.id, NEW.domain, NEW.kind, p.prefix, p.rank FROM terminology_prefix_rows(NEW) AS p;
  RETURN NEW;
END
$$;

CREATE TRIGGER terminology_prefix_sync AFTER INSERT OR UPDATE ON terminology_term
  FOR EACH ROW EXECUTE FUNCTION terminology_prefix_sync();

-- The starter set, in one set-based statement (faster than a function call per term).
INSERT INTO terminology_prefix (term_id, domain, kind, prefix, rank)
  SELECT t.id, t.domain, t.kind, left(w.word, n.n), min(CASE WHEN w.ord = 1 THEN 0 ELSE 10000000 END
    + (1000 - t.priority) * 1000 + least(length(t.term), 999))
  FROM terminology_term AS t,
    unnest(string_to_array(btrim(t.search_text), ' ')) WITH ORDINALITY AS w(word, ord),
    (VALUES (2), (3)) AS n(n)
  WHERE length(w.word) >= n.n
  GROUP BY t.id, t.domain, t.kind, left(w.word, n.n);

-- Indexes after the rows: two bulk builds are much faster than growing them row by row.
CREATE INDEX terminology_prefix_rank ON terminology_prefix (domain, prefix, rank) INCLUDE (kind);
CREATE INDEX terminology_prefix_term ON terminology_prefix (term_id);
ANALYZE terminology_prefix;
