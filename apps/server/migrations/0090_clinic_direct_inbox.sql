-- Dermis 0090: the practice's own Direct address receives mail from outside the portal too
-- (issue 12, docs/decisions/122). Such a message belongs to no patient: it is the clinic's copy
-- (to_practice, folder INBOX, no patient), read through the integration API and the CLI like the
-- patients' messages to the practice. Kept inside PostgreSQL 15.
ALTER TABLE direct_message ALTER COLUMN patient_id DROP NOT NULL;
ALTER TABLE direct_message ADD CONSTRAINT direct_message_owner_check
  CHECK (patient_id IS NOT NULL OR (to_practice AND folder = 'INBOX'));
ALTER TABLE direct_message_attachment ALTER COLUMN patient_id DROP NOT NULL;
ALTER TABLE direct_message_attachment ADD CONSTRAINT direct_message_attachment_owner_check
  CHECK (patient_id IS NOT NULL OR message_id IS NOT NULL);

-- The clinic's feed: patients' SENT copies to the practice and the clinic's own INBOX copies.
DROP INDEX direct_message_to_practice_idx;
CREATE INDEX direct_message_clinic_inbox_idx ON direct_message (practice_id, id) WHERE to_practice;
