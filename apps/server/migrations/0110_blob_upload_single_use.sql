-- Dermis 0110: an upload address takes its bytes once (decision 170).
--
-- The signed PUT address lives for BLOB_URL_TTL_SECONDS, and registration checks the bytes it finds
-- at that moment. Without a record of the first PUT, a second PUT after registration replaced the
-- checked bytes with unchecked ones. The first accepted PUT now sets uploaded_at, in one statement
-- that only succeeds while it is still null, and every later PUT to the address is refused.
ALTER TABLE blob_upload ADD COLUMN uploaded_at timestamptz;
