-- Two identical history saves at the same moment could both insert the same entry (each read the
-- section before the other committed). duplicate_key is the entry's identity within its section, as
-- the app's rules define it (health-history.model.ts duplicateKeyOf): the app writes it, and a unique
-- constraint makes a second copy impossible. NULL: the entry has no identity (a discontinued
-- medication), so any number may exist.
ALTER TABLE history_item ADD COLUMN duplicate_key text;

-- Existing rows: the same rule in SQL (names compared case- and space-insensitively).
UPDATE history_item SET duplicate_key = CASE
  WHEN section IN ('ALCOHOL', 'DRUG', 'SMOKING', 'EXPOSURE', 'MARITAL') THEN 'code:' || code
  WHEN special_type IS NOT NULL THEN 'negative'
  WHEN section = 'MEDICATIONS' AND NOT active THEN NULL
  ELSE 'name:' || lower(regexp_replace(regexp_replace(name, '\s+', ' ', 'g'), '^ | $', '', 'g'))
END;

-- Duplicates stored before this migration would block every later save of their section: one of
-- each stays (the clinic's, whose feed still names it; else the latest).
DELETE FROM history_item h
USING (
  SELECT id, row_number() OVER (
    PARTITION BY patient_id, section, duplicate_key
    ORDER BY (external_id IS NULL), updated_at DESC, id DESC
  ) AS copy
  FROM history_item
  WHERE duplicate_key IS NOT NULL
) d
WHERE h.id = d.id AND d.copy > 1;

-- Checked at commit, so one save may swap two names between entries.
ALTER TABLE history_item ADD CONSTRAINT history_item_duplicate_unique
  UNIQUE (patient_id, section, duplicate_key) DEFERRABLE INITIALLY DEFERRED;
