-- Dermis 0103: when a reminder's recipient may be tried again after a temporary failure (decision 166).
--
-- A temporary failure (a 4xx reply, a lost connection, the mail server down) leaves the recipient
-- without a reminder_recipient row, so a later pass tries again. Without this table every pass did,
-- every REMINDER_INTERVAL_SECONDS for as long as the reminder was due. Now each failure doubles the
-- wait before the next attempt (5, 10, 20 … minutes, at most 4 hours); the row goes when the
-- recipient is reached or refused for good, or when the reminder is finished.
CREATE TABLE reminder_retry (
  encounter_id integer NOT NULL REFERENCES encounter (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('APPOINTMENT', 'FOLLOW_UP')),
  date_of_service timestamptz NOT NULL,
  -- Trimmed and lower-cased, as in reminder_recipient.
  address text NOT NULL,
  failures integer NOT NULL CHECK (failures > 0),
  next_attempt_at timestamptz NOT NULL,
  PRIMARY KEY (encounter_id, kind, date_of_service, address)
);
