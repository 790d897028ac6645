-- Connecting and disconnecting a health app land in the patient's activity log beside the app's
-- reads (docs/decisions/213); to_address holds the app's name.
ALTER TABLE activity_log DROP CONSTRAINT activity_log_action_check;
ALTER TABLE activity_log ADD CONSTRAINT activity_log_action_check
  CHECK (action IN ('DOWNLOAD_PDF', 'DOWNLOAD_CCDA', 'VIEW', 'TRANSMIT', 'TRANSMIT_VIA_EMAIL', 'SIGN_IN', 'DOWNLOAD_DOCUMENT', 'HEALTH_APP_ACCESS', 'HEALTH_APP_CONNECTED', 'HEALTH_APP_DISCONNECTED'));
