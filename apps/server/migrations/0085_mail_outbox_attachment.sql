-- Dermis 0085: attachments of the e-mails kept in the outbox (issue 12: a health summary transmitted
-- by e-mail carries its ZIP). With SMTP the attachment leaves with the message and nothing is kept.

CREATE TABLE mail_outbox_attachment (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  mail_id integer NOT NULL REFERENCES mail_outbox (id) ON DELETE CASCADE,
  position integer NOT NULL,
  file_name text NOT NULL,
  content_type text NOT NULL,
  content bytea NOT NULL,
  UNIQUE (mail_id, position)
);
