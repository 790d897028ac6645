-- Dermis 0078: reminder e-mails (issue 11 item 5, decisions 107 and 108).

-- The follow-up interval the clinic asks for after a visit ("come back in 90 days"), set through the
-- integration API. Null: the clinic asked for no follow-up, so no reminder to schedule one is sent.
ALTER TABLE encounter
  ADD COLUMN follow_up_after_days integer CHECK (follow_up_after_days BETWEEN 1 AND 3650);

-- Scheduled jobs shared by every server instance: one row per job. An instance claims a due row by
-- setting a lease (claimed in a short transaction with SELECT … FOR UPDATE SKIP LOCKED), runs it and
-- moves next_run_at on. A crashed instance's lease simply expires, so the state survives restarts and
-- never depends on a timer in one process.
CREATE TABLE scheduled_job (
  name text PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 64),
  next_run_at timestamptz NOT NULL DEFAULT now(),
  locked_by text,
  locked_until timestamptz,
  last_started_at timestamptz,
  last_finished_at timestamptz,
  last_error text,
  run_count integer NOT NULL DEFAULT 0
);

-- Every reminder e-mail sent, written in the same transaction that queues the mail: the primary key
-- is what makes a reminder go out at most once, however many instances race for it.
CREATE TABLE reminder_sent (
  encounter_id integer NOT NULL REFERENCES encounter (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('APPOINTMENT', 'FOLLOW_UP')),
  -- The visit time the reminder was about: a visit the clinic moves gets a reminder for its new time.
  date_of_service timestamptz NOT NULL,
  patient_id integer NOT NULL REFERENCES patient (id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (encounter_id, kind, date_of_service)
);
CREATE INDEX reminder_sent_patient_idx ON reminder_sent (patient_id, sent_at DESC);
