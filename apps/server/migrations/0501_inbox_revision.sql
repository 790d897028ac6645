-- The patient's revision of kind 'inbox' (decisions 320, 325): the Messages pages keep their answer's
-- text by it, so a first load reads one row instead of writing the page again. Moved on, in the
-- writing transaction, by every change of a row a page is made of, whichever code or script writes:
-- a message (its own fields, its kept attachments and its folder), the folder's size and unread
-- count, an attachment, and the name of who pressed Send when it was not the folder's owner (a
-- responsible person's account and patient record).

-- Who pressed Send, found from the sender's account and patient record: without this index a
-- renamed patient would read every message to find those they sent.
CREATE INDEX direct_message_sender_idx ON direct_message (sent_by_user_id, patient_id)
  WHERE sent_by_user_id IS NOT NULL;

SELECT patient_revision_watch('inbox', 'direct_message', 'SELECT patient_id FROM %I');
SELECT patient_revision_watch('inbox', 'direct_message_folder_count', 'SELECT patient_id FROM %I');
-- The message's attachments_json follows its attachments by 0488's trigger (which changes the
-- message, so its watch moves the owner on); watched too so that the page does not depend on it.
SELECT patient_revision_watch('inbox', 'direct_message_attachment',
  'SELECT m.patient_id FROM direct_message m JOIN %I a ON a.message_id = m.id');
-- A page names the sender's patient record only when it is not the folder's owner: an account moved
-- to another patient record, or a record renamed, moves the folders where that differs.
SELECT patient_revision_watch('inbox', 'user_account',
  'SELECT m.patient_id FROM direct_message m JOIN %I u ON m.sent_by_user_id = u.id
    WHERE m.patient_id <> u.patient_id');
SELECT patient_revision_watch('inbox', 'patient',
  'SELECT m.patient_id FROM %I s JOIN user_account u ON u.patient_id = s.id
    JOIN direct_message m ON m.sent_by_user_id = u.id WHERE m.patient_id <> s.id');
