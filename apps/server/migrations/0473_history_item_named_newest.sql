-- The health history's first read (decision 276): for each list, its newest named items and how many
-- named items it holds. In this order, an index scan per section reads the newest few backwards and
-- counts the rest from the index alone. Partial on the same test the read makes (an item without a
-- name is never shown), so the planner uses it for that read.
CREATE INDEX history_item_named_newest_idx ON history_item (patient_id, section, id)
  WHERE name ~ '[^[:space:]]';
