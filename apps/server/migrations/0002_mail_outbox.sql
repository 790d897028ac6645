-- Dermis 0002: the mail outbox. Without SMTP_URL every e-mail is kept here (and shown at
-- /dev/mailbox outside production); with SMTP it is not used.

CREATE TABLE mail_outbox (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id integer REFERENCES practice (id),
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  category text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_to_idx ON mail_outbox (lower(to_address), created_at DESC);
