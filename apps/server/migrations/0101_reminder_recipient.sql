-- Dermis 0101: which recipients each reminder reached (decision 163).
--
-- A reminder about a patient without an e-mail address goes to each responsible person (decision
-- 156). reminder_sent says a reminder is finished; this table says, per recipient address, that its
-- e-mail was handed over (SENT) or that the mail server refused the address for good (REFUSED, a
-- 5xx reply to RCPT TO). Its row is written in the transaction that queues that one e-mail, so a
-- retry after a failure writes only to the recipients that have no row yet, and two workers racing
-- for one recipient wait on its key.
CREATE TABLE reminder_recipient (
  encounter_id integer NOT NULL REFERENCES encounter (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('APPOINTMENT', 'FOLLOW_UP')),
  -- The visit time the reminder was about, as in reminder_sent: a moved visit is a new reminder.
  date_of_service timestamptz NOT NULL,
  -- Trimmed and lower-cased by the portal (not by a CHECK: PostgreSQL's lower() depends on the
  -- database's locale): the recipient is the mailbox, however the clinic spelled it.
  address text NOT NULL,
  -- Whose record the address came from: the patient, or the responsible person written to.
  recipient_patient_id integer REFERENCES patient (id) ON DELETE SET NULL,
  status text NOT NULL CHECK (status IN ('SENT', 'REFUSED')),
  -- The mail server's reply code of a refusal (never its text, which may quote the address).
  response_code integer CHECK ((status = 'REFUSED') = (response_code IS NOT NULL)),
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (encounter_id, kind, date_of_service, address)
);
