-- Every transmission attempt is logged with how it ended (decision 227): SUCCEEDED when the
-- transport accepted it, FAILED when it refused it. Views and downloads are always SUCCEEDED.
ALTER TABLE activity_log
  ADD COLUMN outcome text NOT NULL DEFAULT 'SUCCEEDED' CHECK (outcome IN ('SUCCEEDED', 'FAILED'));
