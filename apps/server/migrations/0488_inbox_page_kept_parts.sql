-- What every inbox page read per message and per request, kept by the database itself instead
-- (decision 306), as 0478 keeps each folder's size: the heavy patient's first page spent a third of
-- its statement probing and writing each message's attachments, and counted the inbox's 500 unread
-- index entries on every request.

-- Each message's attachments as the text of the answer's `attachments` array without its brackets:
-- `{"id":…,"name":…,"size":…,"mimeType":…}` in upload (id) order, strings by to_json as the
-- statements' json-text pieces write them; '' for none. Kept by a trigger on every insert, delete and
-- change of an attachment (a send moves uploads onto its message), whichever code or script makes it.
ALTER TABLE direct_message ADD COLUMN attachments_json text NOT NULL DEFAULT '';

CREATE FUNCTION direct_message_attachments_json(message integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(string_agg('{"id":' || a.id || ',"name":' || coalesce(to_json(a.name)::text, 'null')
    || ',"size":' || a.size || ',"mimeType":' || coalesce(to_json(a.mime_type)::text, 'null') || '}',
    ',' ORDER BY a.id), '')
  FROM direct_message_attachment a WHERE a.message_id = message
$$;

UPDATE direct_message m SET attachments_json = direct_message_attachments_json(m.id)
WHERE EXISTS (SELECT 1 FROM direct_message_attachment a WHERE a.message_id = m.id);

CREATE FUNCTION direct_message_attachments_json_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.message_id IS NOT NULL THEN
    UPDATE direct_message SET attachments_json = direct_message_attachments_json(OLD.message_id)
    WHERE id = OLD.message_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.message_id IS NOT NULL
    AND (TG_OP = 'INSERT' OR NEW.message_id IS DISTINCT FROM OLD.message_id) THEN
    UPDATE direct_message SET attachments_json = direct_message_attachments_json(NEW.message_id)
    WHERE id = NEW.message_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER direct_message_attachments_json_sync AFTER INSERT OR DELETE OR UPDATE
  ON direct_message_attachment FOR EACH ROW EXECUTE FUNCTION direct_message_attachments_json_sync();

-- Each folder's unread messages beside its size (only the inbox's are read), kept by 0478's trigger,
-- which now also follows a message's read mark.
ALTER TABLE direct_message_folder_count ADD COLUMN unread integer NOT NULL DEFAULT 0 CHECK (unread >= 0);

UPDATE direct_message_folder_count c SET unread = u.n
FROM (SELECT patient_id, folder, count(*)::int AS n FROM direct_message
  WHERE patient_id IS NOT NULL AND NOT message_was_read GROUP BY patient_id, folder) u
WHERE c.patient_id = u.patient_id AND c.folder = u.folder;

CREATE OR REPLACE FUNCTION direct_message_folder_count_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.patient_id IS NOT NULL THEN
    UPDATE direct_message_folder_count
    SET messages = messages - 1, unread = unread - (NOT OLD.message_was_read)::int
    WHERE patient_id = OLD.patient_id AND folder = OLD.folder;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.patient_id IS NOT NULL THEN
    INSERT INTO direct_message_folder_count AS c (patient_id, folder, messages, unread)
    VALUES (NEW.patient_id, NEW.folder, 1, (NOT NEW.message_was_read)::int)
    ON CONFLICT (patient_id, folder)
    DO UPDATE SET messages = c.messages + 1, unread = c.unread + excluded.unread;
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER direct_message_folder_count_sync ON direct_message;
CREATE TRIGGER direct_message_folder_count_sync
  AFTER INSERT OR DELETE OR UPDATE OF patient_id, folder, message_was_read
  ON direct_message FOR EACH ROW EXECUTE FUNCTION direct_message_folder_count_sync();
