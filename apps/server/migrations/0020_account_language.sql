-- Dermis 0020: the language an account reads Dermis in (issue 7 item 6). NULL until the patient
-- chooses one; the web app then follows the browser's choice and e-mails go out in English.
ALTER TABLE user_account ADD COLUMN language text CHECK (language IN ('en', 'es'));
