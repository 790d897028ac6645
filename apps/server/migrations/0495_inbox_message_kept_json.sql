-- Each message's fields as the inbox page writes them, kept beside the message (decision 318), as
-- 0488 keeps its attachments: the page had written twelve fields of fifty-one messages into JSON on
-- every request, the bulk of its statement's cost once the messages were found.

-- The answer's `DirectMessageSummary` from `{"id":` through `"failureReason":…`, in the contract's key
-- order, strings by to_json and instants as toISOString() writes them (db/json-text.ts): everything
-- but the sender's name, which follows a responsible person's renaming, and the attachments, kept in
-- their own column. Written by a trigger on every insert and change of the message, whichever code or
-- script makes it. The clinic's own copy of mail to the practice's address has no patient (0090):
-- its `patientId` is written as null, as no page shows it.
ALTER TABLE direct_message ADD COLUMN summary_json text NOT NULL DEFAULT '';

CREATE FUNCTION direct_message_summary_json(m direct_message) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '{"id":' || m.id || ',"patientId":' || coalesce(m.patient_id::text, 'null')
    || ',"directMessageType":' || CASE m.folder WHEN 'INBOX' THEN '"RECEIVED"' ELSE to_json(m.folder)::text END
    || ',"from":' || coalesce(to_json(CASE WHEN m.from_name <> '' THEN m.from_name || ' <' || m.from_address || '>'
      ELSE m.from_address END)::text, 'null')
    || ',"to":' || coalesce(to_json(m.to_address)::text, 'null')
    || ',"subject":' || coalesce(to_json(m.subject)::text, 'null')
    || ',"mimeType":' || coalesce(to_json(m.mime_type)::text, 'null')
    || ',"dateSent":"' || to_char(m.date_sent at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
    || ',"dateModified":"' || to_char(m.date_modified at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
    || ',"messageWasRead":' || m.message_was_read::text || ',"isDirect":' || m.is_direct::text
    || ',"status":' || coalesce(to_json(m.status)::text, 'null')
    || ',"failureReason":' || coalesce(to_json(m.failure_reason)::text, 'null')
$$;

UPDATE direct_message m SET summary_json = direct_message_summary_json(m);

CREATE FUNCTION direct_message_summary_json_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.summary_json := direct_message_summary_json(NEW);
  RETURN NEW;
END $$;

CREATE TRIGGER direct_message_summary_json_sync BEFORE INSERT OR UPDATE
  ON direct_message FOR EACH ROW EXECUTE FUNCTION direct_message_summary_json_sync();
