-- A patient can unsubscribe from the e-mails telling them a test result arrived (type 5,
-- docs/decisions/221) as from the reminder types of spec 000 §9.
ALTER TABLE email_preference DROP CONSTRAINT email_preference_type_check;
ALTER TABLE email_preference ADD CONSTRAINT email_preference_type_check CHECK (type IN (1, 3, 4, 5));
