-- Dermis 0080: messages (issue 12, engineer "msg-server"; contract packages/contract/src/messages.ts).
-- Forward-only; kept inside PostgreSQL 15 so it runs the same on PGlite and on a server.

-- Direct per practice: the practice turns the service on and owns a domain; each patient's
-- address (patient.direct_address, 0001) is unique across the portal, so local delivery and the
-- inbound listener find exactly one inbox. The practice's own address receives patients' messages
-- to the clinic (read through the integration API).
ALTER TABLE practice ADD COLUMN direct_service_enabled boolean NOT NULL DEFAULT false;
ALTER TABLE practice ADD COLUMN direct_domain text CHECK (direct_domain ~ '^[a-z0-9-]+(\.[a-z0-9-]+)+$');
ALTER TABLE practice ADD COLUMN direct_address text;
CREATE UNIQUE INDEX practice_direct_address_unique ON practice (lower(direct_address));
CREATE UNIQUE INDEX patient_direct_address_unique ON patient (lower(direct_address));

-- One row per copy of a message in one patient's folder. A local send writes the sender's SENT
-- copy and the recipient's INBOX copy (same message_key). sent_by_user_id is the account that
-- pressed Send: the patient's own, or the responsible person's acting for them. Staff sends from the
-- integration API carry sent_by_staff instead. to_practice marks a patient's message to the clinic;
-- clinic_read_at is when the clinic fetched it.
CREATE TABLE direct_message (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  practice_id integer NOT NULL REFERENCES practice (id),
  patient_id integer NOT NULL REFERENCES patient (id) ON DELETE CASCADE,
  folder text NOT NULL CHECK (folder IN ('INBOX', 'SENT', 'FAILED')),
  is_direct boolean NOT NULL DEFAULT true,
  from_address text NOT NULL CHECK (length(from_address) BETWEEN 1 AND 320),
  from_name text CHECK (length(from_name) <= 200),
  to_address text NOT NULL CHECK (length(to_address) BETWEEN 1 AND 320),
  subject text NOT NULL CHECK (length(subject) <= 998),
  content text NOT NULL DEFAULT '' CHECK (length(content) <= 1000000),
  mime_type text NOT NULL DEFAULT 'text/plain' CHECK (mime_type IN ('text/plain', 'text/html')),
  message_was_read boolean NOT NULL DEFAULT false,
  status text NOT NULL CHECK (status IN ('DELIVERED', 'QUEUED', 'SENT', 'FAILED')),
  failure_reason text CHECK (length(failure_reason) <= 1000),
  sent_by_user_id integer REFERENCES user_account (id),
  sent_by_staff text CHECK (length(sent_by_staff) <= 200),
  to_practice boolean NOT NULL DEFAULT false,
  clinic_read_at timestamptz,
  -- Ties the copies of one send together, and is the RFC 5322 Message-ID the transport uses.
  message_key text NOT NULL CHECK (length(message_key) BETWEEN 1 AND 998),
  date_sent timestamptz NOT NULL DEFAULT now(),
  date_modified timestamptz NOT NULL DEFAULT now()
);
-- The lists: one folder of one patient, newest first, paged.
CREATE INDEX direct_message_folder_idx ON direct_message (patient_id, folder, date_sent DESC, id DESC);
-- The unread badge.
CREATE INDEX direct_message_unread_idx ON direct_message (patient_id) WHERE folder = 'INBOX' AND NOT message_was_read;
CREATE INDEX direct_message_key_idx ON direct_message (message_key);
-- The clinic's feed of patients' messages to the practice.
CREATE INDEX direct_message_to_practice_idx ON direct_message (practice_id, id) WHERE to_practice AND folder = 'SENT';

-- An attachment: a stored blob registered by dms/file/add (message_id NULL until sent; unsent ones
-- expire), or filed with a received message. A local delivery gives the recipient's copy its own
-- row over the same blob.
CREATE TABLE direct_message_attachment (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  patient_id integer NOT NULL REFERENCES patient (id) ON DELETE CASCADE,
  message_id integer REFERENCES direct_message (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('DIRECT_MESSAGING', 'PATIENT_EMAIL')),
  uploaded_by_user_id integer REFERENCES user_account (id),
  s3_id text NOT NULL CHECK (s3_id ~ '^[0-9a-f]{32}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
  mime_type text NOT NULL CHECK (length(mime_type) BETWEEN 1 AND 200),
  size integer NOT NULL CHECK (size BETWEEN 1 AND 3500000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX direct_message_attachment_message_idx ON direct_message_attachment (message_id);
CREATE INDEX direct_message_attachment_patient_idx ON direct_message_attachment (patient_id, created_at)
  WHERE message_id IS NULL;

-- Upload addresses for message attachments (the two getUploadURL calls of spec 002 §7).
ALTER TABLE blob_upload DROP CONSTRAINT blob_upload_purpose_check;
ALTER TABLE blob_upload ADD CONSTRAINT blob_upload_purpose_check
  CHECK (purpose IN ('AVATAR', 'DIRECT_MESSAGING', 'PATIENT_EMAIL'));
