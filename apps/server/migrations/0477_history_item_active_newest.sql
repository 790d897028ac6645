-- A patient's active, named entries of each health-history section and active prescriptions, newest
-- recorded first (decision 278): the health summary's first page takes the newest of each list by
-- walking these indexes and stops at its limit (the medications by merging the two), and counts a
-- section by an index-only scan, instead of reading every entry from the table and sorting. The
-- name is carried in the history's index, so that the list and the medications' names (which a
-- prescription is checked against) are read from the index alone. Partial: the page never lists an
-- inactive entry or a "none" answer (special_type DENIES or UNKNOWN), nor an inactive prescription.
CREATE INDEX history_item_active_newest_idx ON history_item (patient_id, section, created_at DESC, id DESC)
  INCLUDE (name) WHERE active AND special_type IS NULL;
CREATE INDEX prescription_active_newest_idx ON prescription (patient_id, created_at DESC, id DESC)
  WHERE status = 'ACTIVE';
