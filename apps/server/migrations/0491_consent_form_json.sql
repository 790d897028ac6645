-- Each consent form's part of a consent to sign as the visit pages' JSON text (decision 313): the
-- upcoming visits' statement escaped the same form's title and text through to_json once for every
-- consent of the page (40 times for 2 forms), about a sixth of its CPU. Kept in the form's own row by
-- a trigger on every insert and every change of what the text shows, whichever code or script makes
-- it; strings by to_json as the statements' json-text pieces write them. Never written by the
-- application.
--   title_json: the title as a JSON string.
--   info_json:  the consentProfileInfo object up to its frequency, without its closing brace (a
--               ONE_TIME form's object goes on with its consent's patient).
ALTER TABLE consent_profile
  ADD COLUMN title_json text NOT NULL DEFAULT '',
  ADD COLUMN info_json text NOT NULL DEFAULT '';

CREATE FUNCTION consent_profile_json_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.title_json := coalesce(to_json(NEW.title)::text, 'null');
  NEW.info_json := '{"id":' || NEW.id || ',"title":' || NEW.title_json
    || ',"text":' || coalesce(to_json(NEW.text)::text, 'null') || ',"version":' || NEW.version
    || ',"frequencyOfSigning":' || coalesce(to_json(NEW.frequency)::text, 'null');
  RETURN NEW;
END $$;

CREATE TRIGGER consent_profile_json_keep BEFORE INSERT OR UPDATE OF id, title, text, version, frequency
  ON consent_profile FOR EACH ROW EXECUTE FUNCTION consent_profile_json_keep();

-- The forms already stored: the trigger writes both columns on this update.
UPDATE consent_profile SET title = title;
