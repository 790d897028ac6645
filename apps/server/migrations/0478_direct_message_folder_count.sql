-- How many messages each folder of a patient holds, kept by the database itself (decision 278): the
-- inbox's every page answers its folder's count, which counted the folder's index entries on every
-- request (4,000 for the bench's heaviest patient, half of the page's statement). A trigger keeps the
-- count on every insert, delete (a patient's deletion cascading too) and change of a message's patient
-- or folder, whichever code or script makes it. The clinic's own copies (no patient) are not counted.
CREATE TABLE direct_message_folder_count (
  patient_id integer NOT NULL REFERENCES patient (id) ON DELETE CASCADE,
  folder text NOT NULL,
  messages integer NOT NULL CHECK (messages >= 0),
  PRIMARY KEY (patient_id, folder)
);

INSERT INTO direct_message_folder_count (patient_id, folder, messages)
SELECT patient_id, folder, count(*) FROM direct_message WHERE patient_id IS NOT NULL GROUP BY patient_id, folder;

CREATE FUNCTION direct_message_folder_count_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.patient_id IS NOT NULL THEN
    UPDATE direct_message_folder_count SET messages = messages - 1
    WHERE patient_id = OLD.patient_id AND folder = OLD.folder;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.patient_id IS NOT NULL THEN
    INSERT INTO direct_message_folder_count AS c (patient_id, folder, messages)
    VALUES (NEW.patient_id, NEW.folder, 1)
    ON CONFLICT (patient_id, folder) DO UPDATE SET messages = c.messages + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER direct_message_folder_count_sync AFTER INSERT OR DELETE OR UPDATE OF patient_id, folder
  ON direct_message FOR EACH ROW EXECUTE FUNCTION direct_message_folder_count_sync();
