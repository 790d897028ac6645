-- Each consent form as the visit lists write it, kept in the form's own row (decision 313): their
-- statements escaped the same form's title and text once for every consent of the page (40 times
-- for 2 forms), about a sixth of their CPU. Kept by a trigger on every insert and every change of
-- what they show, whichever code or script makes it; strings by to_json as the statements'
-- json-text pieces write them. Never written by the application.
--   title_json: the title as a JSON string.
--   info_json:  the consentProfileInfo object up to its frequency, without its closing brace (a
--               ONE_TIME form's object goes on with its consent's patient).
--   listed_json: the form as a visit list's consents column carries it (its `p`), a json value that
--               json_build_object embeds as it is, where it escaped the title and text per consent.
ALTER TABLE consent_profile
  ADD COLUMN title_json text NOT NULL DEFAULT '',
  ADD COLUMN info_json text NOT NULL DEFAULT '',
  ADD COLUMN listed_json json NOT NULL DEFAULT '{}';

CREATE FUNCTION consent_profile_json_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.title_json := coalesce(to_json(NEW.title)::text, 'null');
  NEW.info_json := '{"id":' || NEW.id || ',"title":' || NEW.title_json
    || ',"text":' || coalesce(to_json(NEW.text)::text, 'null') || ',"version":' || NEW.version
    || ',"frequencyOfSigning":' || coalesce(to_json(NEW.frequency)::text, 'null');
  NEW.listed_json := json_build_object('id', NEW.id, 'title', NEW.title, 'text', NEW.text,
    'version', NEW.version, 'frequency', NEW.frequency);
  RETURN NEW;
END $$;

CREATE TRIGGER consent_profile_json_keep BEFORE INSERT OR UPDATE OF id, title, text, version, frequency
  ON consent_profile FOR EACH ROW EXECUTE FUNCTION consent_profile_json_keep();

-- The forms already stored: the trigger writes the three columns on this update.
UPDATE consent_profile SET title = title;
