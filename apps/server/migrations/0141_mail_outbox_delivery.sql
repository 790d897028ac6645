-- Dermis 0141: the mail outbox becomes the way every e-mail leaves (decision 184). With SMTP_URL
-- each e-mail is kept here QUEUED and a job of the pg-boss queue 'mail' hands it to the mail server,
-- retrying with back-off; without SMTP_URL it is kept as before (the development mailbox) and counts
-- as SENT. Rows from before this migration were kept without SMTP: SENT. A settled e-mail of the
-- queue keeps its envelope and outcome only: its bodies and attachments are removed.

ALTER TABLE mail_outbox
  ADD COLUMN state text NOT NULL DEFAULT 'SENT'
    CHECK (state IN ('QUEUED', 'SENT', 'FAILED', 'EXPIRED')),
  -- Attempts made at the mail server, and the last failure's kind (class, SMTP reply code), never
  -- the server's words, which may quote addresses.
  ADD COLUMN attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN last_error text,
  -- Not handed to the server after this instant (a two-step code, a reset link): EXPIRED instead.
  ADD COLUMN send_before timestamptz,
  ADD COLUMN settled_at timestamptz,
  -- The Message-ID of the messages-area copy this e-mail carries, which follows its outcome.
  ADD COLUMN message_key text;

CREATE INDEX mail_outbox_state_idx ON mail_outbox (state);
