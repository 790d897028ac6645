-- Practice identity (issue 7): the phone patients call for help, a brand colour (stored already
-- darkened to 4.5:1 against white) and a logo (PNG, JPEG or a checked SVG, at most 256 KiB).
ALTER TABLE practice
  ADD COLUMN phone text,
  ADD COLUMN brand_color text CHECK (brand_color IS NULL OR brand_color ~ '^#[0-9a-f]{6}$'),
  -- Base64 text rather than bytea: PGlite and node-postgres hand bytea back as different types.
  ADD COLUMN logo_base64 text CHECK (logo_base64 IS NULL OR length(logo_base64) <= 349528),
  ADD COLUMN logo_mime_type text CHECK (logo_mime_type IS NULL OR logo_mime_type IN ('image/png', 'image/jpeg', 'image/svg+xml')),
  ADD COLUMN branding_updated_at timestamptz NOT NULL DEFAULT now(),
  ADD CONSTRAINT practice_logo_has_type CHECK ((logo_base64 IS NULL) = (logo_mime_type IS NULL));

-- Sign-ins are part of the account activity the privacy policy promises to log.
ALTER TABLE activity_log DROP CONSTRAINT activity_log_action_check;
ALTER TABLE activity_log ADD CONSTRAINT activity_log_action_check
  CHECK (action IN ('DOWNLOAD_PDF', 'DOWNLOAD_CCDA', 'VIEW', 'TRANSMIT', 'TRANSMIT_VIA_EMAIL', 'SIGN_IN'));
