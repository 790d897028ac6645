-- Dermis 0093: the practice's time zone (decision 127). Reminder e-mails state visit times and
-- follow-up dates in it, and a follow-up falls due after whole days of the practice's calendar.
-- Null: the server's REMINDER_TIME_ZONE. The name is checked (IANA, known to the runtime and to the
-- database) when it is set through the integration API or the CLI.
ALTER TABLE practice ADD COLUMN time_zone text CHECK (length(time_zone) BETWEEN 1 AND 64);
